import fontkit from '@pdf-lib/fontkit';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PDFDocument, rgb, type PDFFont } from 'pdf-lib';
import { FONT_PT, MARGINS_MM, PAGE_MM, type Line, type TitlePageLayout } from './layout';

const pt = (mm: number) => (mm * 72) / 25.4;
const LEADING = FONT_PT * 1.35;

/** DejaVu Serif carries Cyrillic; read once, on the first title page. */
let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;
function loadFonts() {
  fonts ??= (async () => {
    const dir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    const [regular, bold] = await Promise.all([
      readFile(join(dir, 'DejaVuSerif.ttf')),
      readFile(join(dir, 'DejaVuSerif-Bold.ttf')),
    ]);
    return { regular, bold };
  })();
  return fonts;
}

/** Breaks a line into lines that fit the width, at spaces; a word longer than the width is cut. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const out: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) out.push(current);
    let rest = word;
    while (!fits(rest)) {
      // The longest head that fits (at least one character), by bisection: a width grows with
      // every character added, and each measure lays the whole head out, so trying the lengths
      // one by one made a long unbroken field cost seconds.
      let lo = 1;
      let hi = rest.length - 1;
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        if (fits(rest.slice(0, mid))) lo = mid;
        else hi = mid - 1;
      }
      out.push(rest.slice(0, lo));
      rest = rest.slice(lo);
    }
    current = rest;
  }
  if (current || out.length === 0) out.push(current);
  return out;
}

/** The title page as an A4 PDF with DejaVu Serif embedded (subset), long lines wrapped. */
export async function titlePagePdf(layout: TitlePageLayout): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle('Титульный лист');
  doc.setCreator('Кабинет студента');
  const bytes = await loadFonts();
  const regular = await doc.embedFont(bytes.regular, { subset: true });
  const bold = await doc.embedFont(bytes.bold, { subset: true });
  const width = pt(PAGE_MM.width);
  const height = pt(PAGE_MM.height);
  const page = doc.addPage([width, height]);
  const left = pt(MARGINS_MM.left);
  const contentWidth = width - left - pt(MARGINS_MM.right);
  const black = rgb(0, 0, 0);

  type Placed = { text: string; font: PDFFont };
  const lay = (lines: Line[], w: number): Placed[] =>
    lines.flatMap((l) => {
      const font = l.bold ? bold : regular;
      return wrap(l.text, font, FONT_PT, w).map((text) => ({ text, font }));
    });
  const draw = (lines: Placed[], top: number, x: (p: Placed) => number) => {
    let y = top;
    for (const line of lines) {
      y -= LEADING;
      if (line.text)
        page.drawText(line.text, { x: x(line), y, size: FONT_PT, font: line.font, color: black });
    }
    return y;
  };
  const centred = (p: Placed) => left + (contentWidth - p.font.widthOfTextAtSize(p.text, FONT_PT)) / 2;

  const header = lay(layout.header, contentWidth);
  const middle = lay(layout.middle, contentWidth);
  const sigX = left + contentWidth / 2;
  const signatures = lay(layout.signatures, contentWidth / 2);

  let y = draw(header, height - pt(MARGINS_MM.top), centred);
  // The middle block sits a little above the page's centre, or right under the header when that is long.
  y = Math.min(y - 2 * LEADING, height * 0.6 + (middle.length * LEADING) / 2);
  y = draw(middle, y, centred);
  draw(signatures, y - 3 * LEADING, () => sigX);
  const foot = lay([layout.foot], contentWidth);
  draw(foot, pt(MARGINS_MM.bottom) + LEADING * foot.length, centred);

  return Buffer.from(await doc.save());
}
