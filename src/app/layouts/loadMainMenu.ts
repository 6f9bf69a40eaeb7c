/**
 * The side menu's chunk (static CSS since ADR 066): the router starts it beside a wide screen's
 * page, so the menu does not appear after the shell. Apart from AppShell so the router can import it.
 */
export const loadMainMenu = () => import('./MainMenu');
