import type { CSSVariablesResolver, MantineColorsTuple } from '@mantine/core';
import {
  createTheme,
  darken,
  DEFAULT_THEME,
  localStorageColorSchemeManager,
  luminance,
  Tabs,
} from '@mantine/core';

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
    // Mantine underlines the active tab in the filled primary, 2.2:1 on the dark canvas.
    Tabs: Tabs.extend({ vars: () => ({ root: { '--tabs-color': 'var(--app-accent)' } }) }),
  },
});

/** WCAG 2 contrast ratio of two colours (hex or rgba). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour darkened in small steps until it reads at `min` on every background. */
function readableOn(color: string, backgrounds: readonly string[], min: number): string {
  let result = color;
  for (let step = 1; step <= 20 && backgrounds.some((bg) => contrastRatio(result, bg) < min); step++) {
    result = darken(color, step * 0.05);
  }
  return result;
}

/**
 * Light variants (alerts, light buttons, badges) write shade 9 on shade 1 in the light scheme:
 * 2.7:1 for yellow, 3.6:1 for orange, 3.8:1 for green. Each such text is darkened until it reads
 * at 4.5:1 on shade 1 and on its hover shade 2. The dark scheme's shade-0 text passes as it is.
 */
function lightVariantTextColors(colors: Record<string, readonly string[]>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, shades] of Object.entries(colors)) {
    const [text, bg, hover] = [shades[9], shades[1], shades[2]];
    if (!text || !bg || !hover) continue;
    const readable = readableOn(text, [bg, hover], 4.6);
    if (readable !== text) result[`--mantine-color-${name}-light-color`] = readable;
  }
  return result;
}

/**
 * Mantine's default placeholder, dimmed and error colours sit below 4.5:1 on their backgrounds
 * (e.g. gray-5 placeholder on white is 2.2:1), which axe reports; these pass in both schemes.
 * `--app-canvas` and `--app-surface` are the two page levels the layouts paint.
 *
 * Non-text parts need 3:1 against what surrounds them (WCAG 1.4.11), which axe does not check:
 * `--app-accent` marks the selected item and tab and draws the focus ring (`--app-focus-ring`),
 * `--app-control-border` outlines inputs and check boxes (Mantine's gray-4 is 1.5:1 on white).
 * theme.css applies them.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-placeholder': '#6c757d',
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': t.colors.red[9],
    ...lightVariantTextColors(t.colors),
    '--app-canvas': t.colors.gray[0],
    '--app-surface': t.white,
    '--app-accent': brand[7],
    '--app-focus-ring': brand[7],
    '--app-control-border': t.colors.gray[6],
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
    // The filled primary (shade 7) is 2.2:1 on the dark surfaces; shade 3 is 5.5:1 even on inputs.
    '--app-accent': brand[3],
    '--app-focus-ring': brand[3],
    '--app-control-border': t.colors.dark[3],
  },
});

/** Spec §4/§9: the theme is persisted locally under `app_theme`; light by default. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'app_theme' });
