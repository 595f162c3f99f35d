import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * src/app/mantine.css imports the stylesheets of the Mantine components the app uses, not all of
 * @mantine/core/styles.css (ADR 034). A component whose stylesheet is missing there would be drawn
 * unstyled, so the build checks it: every Mantine class (`m_` and eight hex digits, as Mantine
 * names its components' classes) that the scripts mention must be in a built stylesheet.
 */
const MANTINE_CLASS = /\bm_[0-9a-f]{8}\b/g;

/** The Mantine classes `code` mentions. */
export function mantineClasses(code: string): Set<string> {
  return new Set(code.match(MANTINE_CLASS) ?? []);
}

/**
 * The classes the scripts mention that no stylesheet holds, each with the names of the Mantine
 * stylesheets (`styles`: file name → text) that hold it.
 */
export function missingMantineStyles(
  scripts: readonly string[],
  stylesheets: readonly string[],
  styles: Readonly<Record<string, string>>,
): Map<string, string[]> {
  const styled = new Set(stylesheets.flatMap((css) => [...mantineClasses(css)]));
  const missing = new Map<string, string[]>();
  for (const code of scripts)
    for (const name of mantineClasses(code)) {
      if (styled.has(name) || missing.has(name)) continue;
      const holders = Object.entries(styles).filter(([, css]) => mantineClasses(css).has(name));
      missing.set(
        name,
        holders.map(([file]) => file),
      );
    }
  return missing;
}

/** @mantine/core's stylesheet per component: file name → text. */
function mantineStylesheets(root: string): Record<string, string> {
  const require = createRequire(join(root, 'package.json'));
  const dir = join(dirname(require.resolve('@mantine/core/styles.css')), 'styles');
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
      .map((file) => [file, readFileSync(join(dir, file), 'utf8')]),
  );
}

/** Fails the client build when a Mantine class the scripts use has no styles (see above). */
export function checkMantineStyles(root: string): Plugin {
  return {
    name: 'check-mantine-styles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.values(bundle);
      const scripts = files.flatMap((file) => (file.type === 'chunk' ? [file.code] : []));
      const stylesheets = files.flatMap((file) =>
        file.type === 'asset' && file.fileName.endsWith('.css') ? [String(file.source)] : [],
      );
      const missing = missingMantineStyles(scripts, stylesheets, mantineStylesheets(root));
      if (missing.size === 0) return;
      const add = [...new Set([...missing.values()].flat())];
      this.error(
        `Mantine classes used without their styles: ${[...missing.keys()].join(', ')}. ` +
          (add.length > 0
            ? `Add to src/app/mantine.css, in the order of @mantine/core/styles.css: ${add.map((f) => `@mantine/core/styles/${f}`).join(', ')}`
            : 'No stylesheet of @mantine/core holds them.'),
      );
    },
  };
}
