import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';
import { BREAKPOINTS } from '@/contract/constants';

/**
 * Spec §9: semi-dark (dark sidebar, light content), blue navbar, orange primary. Orange's solid
 * shade is darkened from Chakra's default so white button text keeps a 4.5:1 contrast.
 */
const config = defineConfig({
  globalCss: {
    html: { colorPalette: 'orange' },
    body: { bg: 'bg.canvas', color: 'fg' },
  },
  theme: {
    breakpoints: BREAKPOINTS,
    tokens: {
      colors: { orange: { 650: { value: '#c2410c' } } },
    },
    semanticTokens: {
      colors: {
        orange: {
          solid: { value: { _light: '{colors.orange.650}', _dark: '{colors.orange.500}' } },
          focusRing: { value: { _light: '{colors.orange.650}', _dark: '{colors.orange.500}' } },
        },
        // Chakra's red.500 error text is below 4.5:1 on white.
        fg: { error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } } },
        bg: { canvas: { value: { _light: '#f4f5f7', _dark: '{colors.gray.950}' } } },
        navbar: { value: '#1d4ed8' },
        sidebar: {
          bg: { value: '#1e2433' },
          fg: { value: '#e5e7eb' },
          muted: { value: '#a3aab8' },
          hover: { value: '#2c3447' },
          active: { value: '#c2410c' },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
