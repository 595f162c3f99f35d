import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const vars = cssVariablesResolver(full);

function channels(color: string): number[] {
  const rgb = /^rgba?\(([^)]*)\)$/.exec(color);
  if (rgb) return rgb[1]!.split(',').slice(0, 3).map(Number);
  // Mantine writes white as #fff: expand the short form first.
  const hex = color.length === 4 ? `#${[...color.slice(1)].map((c) => c + c).join('')}` : color;
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
}

function luminance(color: string): number {
  const [r, g, b] = channels(color).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, hex or opaque rgb(a). */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const AA = 4.5;
const { brand, dark } = full.colors as Record<'brand' | 'dark', readonly string[]>;
const shade = full.primaryShade as { light: number; dark: number };

describe('theme colours pass WCAG AA', () => {
  it('white text on filled primary buttons, light and dark', () => {
    expect(contrast(full.white, brand[shade.light]!)).toBeGreaterThanOrEqual(AA);
    expect(contrast(full.white, brand[shade.dark]!)).toBeGreaterThanOrEqual(AA);
  });

  it('placeholder text on inputs (white in light, dark-6 in dark)', () => {
    expect(contrast(vars.light['--mantine-color-placeholder']!, full.white)).toBeGreaterThanOrEqual(AA);
    expect(contrast(vars.dark['--mantine-color-placeholder']!, dark[6]!)).toBeGreaterThanOrEqual(AA);
  });

  it('secondary (dimmed), link and error text on every page level', () => {
    for (const bg of [vars.light['--app-canvas']!, vars.light['--app-surface']!]) {
      expect(contrast(vars.light['--mantine-color-dimmed']!, bg)).toBeGreaterThanOrEqual(AA);
      expect(contrast(brand[shade.light]!, bg)).toBeGreaterThanOrEqual(AA);
      expect(contrast(vars.light['--mantine-color-error']!, bg)).toBeGreaterThanOrEqual(AA);
    }
    for (const bg of [vars.dark['--app-canvas']!, vars.dark['--app-surface']!, dark[6]!]) {
      expect(contrast(vars.dark['--mantine-color-dimmed']!, bg)).toBeGreaterThanOrEqual(AA);
      expect(contrast(vars.dark['--mantine-color-anchor']!, bg)).toBeGreaterThanOrEqual(AA);
      expect(contrast(vars.dark['--mantine-color-error']!, bg)).toBeGreaterThanOrEqual(AA);
    }
  });

  it('body text on the dark levels', () => {
    for (const bg of [dark[6]!, dark[7]!, dark[8]!]) expect(contrast(dark[0]!, bg)).toBeGreaterThanOrEqual(7);
  });
});

describe('non-text colours reach 3:1 (WCAG 1.4.11)', () => {
  const NON_TEXT = 3;
  const levels = {
    light: [vars.light['--app-canvas']!, vars.light['--app-surface']!],
    dark: [vars.dark['--app-canvas']!, vars.dark['--app-surface']!, dark[6]!],
  };

  it.each(['light', 'dark'] as const)(
    'accent, focus ring and control borders on every %s level',
    (scheme) => {
      for (const bg of levels[scheme]) {
        expect(contrast(vars[scheme]['--app-accent']!, bg)).toBeGreaterThanOrEqual(NON_TEXT);
        expect(contrast(vars[scheme]['--app-focus-ring']!, bg)).toBeGreaterThanOrEqual(NON_TEXT);
        expect(contrast(vars[scheme]['--app-control-border']!, bg)).toBeGreaterThanOrEqual(NON_TEXT);
      }
    },
  );
});

describe('light variants (alerts, light buttons) in the light scheme', () => {
  it('write every colour at 4.5:1 on its shade 1 and its hover shade 2', () => {
    for (const [name, shades] of Object.entries(full.colors)) {
      const text = vars.light[`--mantine-color-${name}-light-color`] ?? shades[9]!;
      expect(contrast(text, shades[1]!), name).toBeGreaterThanOrEqual(AA);
      expect(contrast(text, shades[2]!), name).toBeGreaterThanOrEqual(AA);
    }
  });

  it('keep the colours that already pass as Mantine draws them', () => {
    expect(vars.light['--mantine-color-gray-light-color']).toBeUndefined();
    expect(vars.light['--mantine-color-yellow-light-color']).toBeDefined();
  });
});

describe('dark theme', () => {
  it('paints distinct surface levels and no pure black', () => {
    expect(vars.dark['--app-canvas']).not.toBe(vars.dark['--app-surface']);
    expect(new Set(dark.slice(6)).size).toBe(4);
    for (const level of dark) expect(luminance(level)).toBeGreaterThan(0.005);
  });
});

describe('colorSchemeManager', () => {
  it('persists the choice under app_theme and reads it back, light by default', () => {
    localStorage.removeItem('app_theme');
    expect(colorSchemeManager.get('light')).toBe('light');
    colorSchemeManager.set('dark');
    expect(localStorage.getItem('app_theme')).toBe('dark');
    expect(colorSchemeManager.get('light')).toBe('dark');
  });
});
