/**
 * Chakra's provider and system (`createSystem`, emotion): loaded with the first screen or dialog that
 * renders Chakra, never by the login page or the field screens (ADR 047). Apart from ChakraBoundary
 * so the router can start it beside a screen's chunk without importing React components.
 */
export const loadChakra = () => import('./ChakraRoot');
