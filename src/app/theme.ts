import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breadcrumbSlotRecipe,
  breakpoints as chakraBreakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  comboboxSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  segmentGroupSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagsInputSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';
import { BREAKPOINTS } from '@/contract/constants';

/**
 * Chakra's default theme, but with only the recipes of the components FAMS uses (ADR 017): the
 * full set (date/colour pickers, carousel, tree view …) is ~30 KiB gzip of the entry chunk that
 * every screen, the login included, would load. A component whose recipe is missing renders
 * unstyled, so `theme.test.ts` fails when code imports a Chakra component not listed here.
 */
const recipes = {
  badge: badgeRecipe,
  button: buttonRecipe,
  checkmark: checkmarkRecipe,
  code: codeRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  inputAddon: inputAddonRecipe,
  link: linkRecipe,
  radiomark: radiomarkRecipe,
  separator: separatorRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};
const slotRecipes = {
  alert: alertSlotRecipe,
  breadcrumb: breadcrumbSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  combobox: comboboxSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  popover: popoverSlotRecipe,
  progress: progressSlotRecipe,
  radioGroup: radioGroupSlotRecipe,
  segmentGroup: segmentGroupSlotRecipe,
  stat: statSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  tagsInput: tagsInputSlotRecipe,
  toast: toastSlotRecipe,
};

/** Recipe keys the system carries (read by theme.test.ts). */
export const RECIPE_KEYS: readonly string[] = [...Object.keys(recipes), ...Object.keys(slotRecipes)];

/**
 * Colour palettes no screen uses (theme.test.ts fails when code names one). Each palette is ~11
 * colours and ~7 light/dark semantic tokens that `createSystem` turns into CSS variables at every
 * page start: dropping three took ~30 % off its time (ADR 017, fourth pass).
 */
export const DROPPED_PALETTES = ['teal', 'cyan', 'pink'] as const;
const withoutDropped = <T extends Record<string, unknown>>(colors: T): T =>
  Object.fromEntries(
    Object.entries(colors).filter(([name]) => !(DROPPED_PALETTES as readonly string[]).includes(name)),
  ) as T;

/** Chakra's defaultConfig (preset-base + theme), assembled from parts so unused recipes drop out. */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints: chakraBreakpoints,
    keyframes,
    tokens: { ...tokens, colors: withoutDropped(tokens.colors) },
    semanticTokens: { ...semanticTokens, colors: withoutDropped(semanticTokens.colors) },
    recipes,
    slotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

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
          // The focus ring is the navbar's blue: the dark orange read as an error's red around fields.
          focusRing: { value: { _light: '{colors.blue.600}', _dark: '{colors.blue.400}' } },
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

export const system = createSystem(defaultBaseConfig, chakraTheme, config);
