import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..', 'src');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

describe("the app's stylesheets", () => {
  it('choose colours by the theme attribute, not light-dark()', () => {
    // The build (lightningcss) turns light-dark() into two variables that only a `color-scheme`
    // declaration defines; the app sets its theme with Mantine's data-mantine-color-scheme, so the
    // property came out invalid and was dropped (own chat messages lost their surface).
    const offenders = cssFiles(src)
      .filter((file) => /light-dark\(/.test(readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')))
      .map((file) => relative(src, file));
    expect(offenders).toEqual([]);
  });
});
