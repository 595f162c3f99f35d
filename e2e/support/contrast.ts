import type { Locator } from 'playwright-core';

/**
 * WCAG 2 contrast of the colours the browser computed, for what axe does not check: the non-text
 * parts of components (WCAG 1.4.11, 3:1) such as indicators, borders and the focus ring.
 */

type Rgba = [number, number, number, number];

/** Parses a computed colour: `rgb(…)`, `rgba(…)` or `#rrggbb`. */
export function parseColor(css: string): Rgba {
  const hex = /^#([0-9a-f]{6})$/i.exec(css.trim());
  if (hex) {
    const n = parseInt(hex[1]!, 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 1];
  }
  const m = /rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)/.exec(css);
  if (!m) throw new Error(`not a colour the contrast check reads: ${css}`);
  const alpha = m[4] === undefined ? 1 : m[4].endsWith('%') ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
  return [Number(m[1]), Number(m[2]), Number(m[3]), alpha];
}

/** The colour `top` shows over the opaque `bottom`. */
function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top[3];
  return [0, 1, 2].map((i) => top[i]! * a + bottom[i]! * (1 - a)).concat(1) as Rgba;
}

function luminance([r, g, b]: Rgba): number {
  const [R, G, B] = [r, g, b].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * R + 0.7152 * G + 0.0722 * B;
}

/** Contrast ratio of a colour (translucent ones composed over the background) on an opaque background. */
export function contrast(foreground: string, background: string): number {
  const bg = parseColor(background);
  const fg = over(parseColor(foreground), bg);
  const [hi, lo] = [luminance(fg), luminance(bg)].sort((x, y) => y - x) as [number, number];
  return Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100;
}

/**
 * The opaque colour behind an element's content: its own background and its ancestors', the
 * translucent ones composed over those below, down to the white canvas.
 */
export async function backgroundOf(locator: Locator): Promise<string> {
  const layers = await locator.evaluate((el) => {
    const found: string[] = [];
    for (let node: Element | null = el; node; node = node.parentElement) {
      found.push(getComputedStyle(node).backgroundColor);
    }
    return found;
  });
  let color: Rgba = [255, 255, 255, 1];
  for (const layer of layers.reverse()) color = over(parseColor(layer), color);
  return `rgb(${color.slice(0, 3).map(Math.round).join(', ')})`;
}

/** One computed style property of the element (or of its pseudo-element). */
export async function styleOf(locator: Locator, property: string, pseudo?: string): Promise<string> {
  return locator.evaluate(
    (el, [prop, pseudoElt]) => getComputedStyle(el, pseudoElt ?? null).getPropertyValue(prop!),
    [property, pseudo] as const,
  );
}

/** The first colour in a computed `box-shadow`, or null when there is none. */
export function shadowColor(boxShadow: string): string | null {
  return /rgba?\([^)]*\)/.exec(boxShadow)?.[0] ?? null;
}
