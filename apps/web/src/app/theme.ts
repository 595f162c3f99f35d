import type { CSSVariablesResolver, MantineColorsTuple } from '@mantine/core';
import { createTheme, DEFAULT_THEME, localStorageColorSchemeManager } from '@mantine/core';

/**
 * Deep teal around the brand colour #0b5d69 (index.html theme-color). Shade 7 carries filled
 * buttons in both schemes: white text on it is 6.4:1, above WCAG AA's 4.5:1.
 */
const brand: MantineColorsTuple = [
  '#e2f6f7',
  '#c2e9ec',
  '#92d5db',
  '#5ebcc5',
  '#36a6b1',
  '#1e909c',
  '#137b86',
  '#0e6973',
  '#0b5d69',
  '#084a53',
];

/**
 * Dark surfaces with a cool blue-grey tint instead of Mantine's neutral greys, so the dark theme
 * reads as designed rather than inverted; the darkest level (9) stays well above pure black.
 * 8 is the page canvas, 7 the cards and bars, 6 the inputs and raised controls.
 */
const dark: MantineColorsTuple = [
  '#dbe3e8',
  '#b7c3cb',
  '#97a6b0',
  '#7c8c97',
  '#46555f',
  '#37454f',
  '#2a3741',
  '#212d36',
  '#1a252d',
  '#131c23',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 7 },
  colors: { brand, dark },
  fontFamily: `'Inter Variable', ${DEFAULT_THEME.fontFamily}`,
  headings: { fontFamily: `'Inter Variable', ${DEFAULT_THEME.fontFamily}`, fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { fw: 600 } },
    Anchor: { defaultProps: { underline: 'always' } },
    Alert: { defaultProps: { variant: 'light' } },
  },
});

/**
 * Mantine's default placeholder, dimmed and error colours sit below 4.5:1 on their backgrounds
 * (e.g. gray-5 placeholder on white is 2.2:1), which axe reports; these pass in both schemes.
 * `--app-canvas` and `--app-surface` are the two page levels the layouts paint.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-placeholder': '#6c757d',
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': t.colors.red[9],
    '--app-canvas': t.colors.gray[0],
    '--app-surface': t.white,
  },
  dark: {
    '--mantine-color-placeholder': t.colors.dark[2],
    '--mantine-color-dimmed': t.colors.dark[2],
    '--mantine-color-error': t.colors.red[4],
    // Shade 4 (Mantine's dark anchor) is 4.8:1 on the body; 3 keeps links clear on raised surfaces too.
    '--mantine-color-anchor': brand[3],
    '--mantine-color-body': t.colors.dark[7],
    '--app-canvas': t.colors.dark[8],
    '--app-surface': t.colors.dark[7],
  },
});

/** Spec §4/§9: the theme is persisted locally under `app_theme`; light by default. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'app_theme' });
