/**
 * react-query and its provider, for the signed-in screens not marked `noQueryClient` (ADR 017).
 * Apart from router.ts so the shell can load it without importing the route tree (which imports the shell).
 */
export const loadQueryShell = () => import('./layouts/QueryShell');
