import fontkit from '@pdf-lib/fontkit';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { wrap } from '../title-page';
import { formatValue } from './format';

/** DejaVu Sans (Cyrillic) and its monospaced face for the code; read once, on the first download. */
let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array; mono: Uint8Array }> | undefined;
function loadFonts() {
  fonts ??= (async () => {
    const dir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    const [regular, bold, mono] = await Promise.all([
      readFile(join(dir, 'DejaVuSans.ttf')),
      readFile(join(dir, 'DejaVuSans-Bold.ttf')),
      readFile(join(dir, 'DejaVuSansMono-Bold.ttf')),
    ]);
    return { regular, bold, mono };
  })();
  return fonts;
}

export interface CertificatePdfInput {
  /** Kopecks. */
  value: number;
  /** XXXX-XXXX-XXXX-XXXX. */
  code: string;
  /** ISO instant. */
  expiresAt: string;
  /** The cabinet's address, where the code is entered. */
  publicUrl: string;
}

const dateFormat = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Moscow',
});

/** «26 ноября 2027 г.», a Moscow day. */
export function formatExpiry(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/**
 * The certificate as a one-page A4 landscape PDF (pdf-lib, DejaVu embedded as subsets): the value,
 * the code, the expiry date and how to use it.
 */
export async function certificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle('Подарочный сертификат');
  doc.setCreator('Кабинет студента');
  doc.setLanguage('ru-RU');
  const bytes = await loadFonts();
  const regular = await doc.embedFont(bytes.regular, { subset: true });
  const bold = await doc.embedFont(bytes.bold, { subset: true });
  const mono = await doc.embedFont(bytes.mono, { subset: true });

  const width = 841.89;
  const height = 595.28;
  const page = doc.addPage([width, height]);
  const teal = rgb(0.043, 0.373, 0.353);
  const ink = rgb(0.11, 0.14, 0.19);
  const grey = rgb(0.35, 0.39, 0.45);

  page.drawRectangle({
    x: 24,
    y: 24,
    width: width - 48,
    height: height - 48,
    borderColor: teal,
    borderWidth: 3,
  });
  page.drawRectangle({
    x: 34,
    y: 34,
    width: width - 68,
    height: height - 68,
    borderColor: teal,
    borderWidth: 0.75,
  });

  const center = (p: PDFPage, text: string, font: PDFFont, size: number, y: number, color = ink) => {
    p.drawText(text, { x: (width - font.widthOfTextAtSize(text, size)) / 2, y, size, font, color });
  };

  center(page, 'ПОДАРОЧНЫЙ СЕРТИФИКАТ', bold, 30, height - 110, teal);
  center(page, 'на оплату услуг сервиса помощи с учёбой', regular, 14, height - 138, grey);
  center(page, formatValue(input.value), bold, 60, height - 230);
  center(page, 'Код сертификата', regular, 13, height - 282, grey);
  center(page, input.code, mono, 34, height - 325);
  center(page, `Действует до ${formatExpiry(input.expiresAt)} включительно`, bold, 14, height - 362);

  const cabinet = `${input.publicUrl.replace(/\/+$/, '')}/certificates`;
  const steps = [
    `Как использовать: войдите в кабинет или зарегистрируйтесь (${cabinet}), откройте «Сертификаты» и введите код в форме «Активировать сертификат».`,
    'Сумму можно зачислить на баланс или сразу направить на оплату заказа, который ждёт оплаты; остаток останется на балансе.',
    'Код действует один раз. Сертификат не обменивается на наличные. Храните код как деньги: не публикуйте его.',
  ];
  let y = height - 400;
  const left = 80;
  for (const step of steps) {
    for (const line of wrap(step, regular, 11.5, width - 2 * left)) {
      page.drawText(line, { x: left, y, size: 11.5, font: regular, color: ink });
      y -= 16;
    }
    y -= 4;
  }
  return Buffer.from(await doc.save());
}
