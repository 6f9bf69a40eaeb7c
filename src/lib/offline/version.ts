/** Replaced at build time by Vite's `define` (vite.config.ts) with package.json's version. */
declare const __APP_VERSION__: string;

export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
