// Draws the installable app's icons (apps/web/public/icons/*.png, listed in manifest.webmanifest)
// from the favicon, with Debian's Chromium through playwright-core: the repository's browser
// tooling renders the SVG, so no image library with a native binary is installed for three files.
// Run again when favicon.svg changes: node scripts/draw-app-icons.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/web');
const svg = readFileSync(resolve(web, 'public/favicon.svg'), 'utf8');
// The favicon's own background: a maskable icon is cut to a circle or a squircle by the platform,
// so its glyph must sit inside the central 80 % (the safe zone) on a square that fills the canvas.
const background = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(svg)?.[1];
if (!background) throw new Error('favicon.svg has no background rect to take the colour from');

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const { file, size, maskable } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    // Maskable: the square background edge to edge and the favicon's glyph, drawn at 80 %, well
    // inside the safe zone. Any: the favicon as it is, rounded corners on a transparent canvas.
    const inner = maskable ? Math.round(size * 0.8) : size;
    const glyph = maskable ? svg.replace(/<rect[^>]*\/>/, '') : svg;
    // setContent waits for the load event, the image included.
    await page.setContent(
      `<html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;` +
        `background:${maskable ? background : 'transparent'}">` +
        `<img style="width:${inner}px;height:${inner}px" src="data:image/svg+xml;base64,${Buffer.from(glyph).toString('base64')}"></body></html>`,
    );
    writeFileSync(resolve(web, 'public/icons', file), await page.screenshot({ omitBackground: !maskable }));
    await page.close();
    console.log(`drew public/icons/${file}`);
  }
} finally {
  await browser.close();
}
