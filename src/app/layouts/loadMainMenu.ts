/**
 * The side menu's chunk (it renders Chakra; ADR 054): the router starts it beside a wide screen's
 * page, so the menu does not appear after the shell. Apart from AppShell so the router can import it.
 */
export const loadMainMenu = () => import('./MainMenu');
