import AxeBuilder from '@axe-core/playwright';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Screen } from './screens';

/** Runs axe (WCAG 2.1 A/AA) on the page and returns readable violations. */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // axe.run in the page itself (same-origin frames included) instead of a partial run per frame
    // finished in a blank page opened for each scan: the same findings (a planted missing alt and
    // faint text are reported alike) in 180 ms instead of 390 ms a scan. We embed no cross-origin frame.
    .setLegacyMode(true)
    .analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => {
          // What axe measured (a contrast and its colours, a name against the text), when it says.
          const why = [...n.any, ...n.all, ...n.none].find((check) => check.message)?.message;
          return `${n.target.join(' ')}${why ? ` [${why}]` : ''}`;
        })
        .join(', ')}`,
  );
}

/** Where `SHOTS_DIR=/tmp/shots` asks for screenshots of the scanned screens, for a person to look at. */
export const SHOTS_DIR = process.env.SHOTS_DIR;
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Opens a screen, waits for its content and the calls it makes, and scans it. */
export async function scan(page: Page, screen: Screen, label: string): Promise<string[]> {
  await page.goto(screen.path);
  await page.getByRole(screen.ready.role, { name: screen.ready.name, exact: true }).first().waitFor();
  await page.waitForLoadState('networkidle');
  return (await axeViolations(page)).map((v) => `${label} ${screen.path}: ${v}`);
}

/** A full-page screenshot named after the screen, the theme and the width, when asked for. */
export async function shoot(page: Page, name: string, theme: string): Promise<void> {
  if (!SHOTS_DIR) return;
  await mkdir(SHOTS_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: join(SHOTS_DIR, `${name}-${theme}-${width}.png`), fullPage: true });
}
