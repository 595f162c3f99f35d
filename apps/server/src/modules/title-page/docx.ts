import {
  AlignmentType,
  Document,
  FrameAnchorType,
  HorizontalPositionAlign,
  Packer,
  Paragraph,
  TextRun,
  VerticalPositionAlign,
} from 'docx';
import { FONT_PT, MARGINS_MM, PAGE_MM, type Line, type TitlePageLayout } from './layout';

/** Word measures the page in twentieths of a point. */
const twips = (mm: number) => Math.round((mm * 1440) / 25.4);
const FONT = 'Times New Roman';
const CONTENT_WIDTH = twips(PAGE_MM.width - MARGINS_MM.left - MARGINS_MM.right);

function paragraph(
  line: Line,
  opts: { align: 'center' | 'left'; before?: number; indent?: number },
): Paragraph {
  return new Paragraph({
    alignment: opts.align === 'center' ? AlignmentType.CENTER : AlignmentType.LEFT,
    spacing: { before: opts.before ?? 0, after: 0, line: 276 },
    indent: opts.indent ? { left: opts.indent } : undefined,
    children: [new TextRun({ text: line.text, bold: line.bold, font: FONT, size: FONT_PT * 2 })],
  });
}

/** The title page as a Word document; Word wraps the long lines itself. */
export async function titlePageDocx(layout: TitlePageLayout): Promise<Buffer> {
  const children: Paragraph[] = [
    ...layout.header.map((l) => paragraph(l, { align: 'center' })),
    ...layout.middle.map((l, i) => paragraph(l, { align: 'center', before: i === 0 ? twips(60) : twips(3) })),
    ...layout.signatures.map((l, i) =>
      paragraph(l, { align: 'left', before: i === 0 ? twips(30) : 0, indent: Math.round(CONTENT_WIDTH / 2) }),
    ),
    // A frame pinned to the bottom margin keeps «Город год» at the foot however long the rest is.
    new Paragraph({
      alignment: AlignmentType.CENTER,
      frame: {
        type: 'alignment',
        width: CONTENT_WIDTH,
        height: twips(10),
        anchor: { horizontal: FrameAnchorType.MARGIN, vertical: FrameAnchorType.MARGIN },
        alignment: { x: HorizontalPositionAlign.CENTER, y: VerticalPositionAlign.BOTTOM },
      },
      children: [new TextRun({ text: layout.foot.text, font: FONT, size: FONT_PT * 2 })],
    }),
  ];
  const doc = new Document({
    creator: 'Кабинет студента',
    title: 'Титульный лист',
    sections: [
      {
        properties: {
          page: {
            size: { width: twips(PAGE_MM.width), height: twips(PAGE_MM.height) },
            margin: {
              left: twips(MARGINS_MM.left),
              right: twips(MARGINS_MM.right),
              top: twips(MARGINS_MM.top),
              bottom: twips(MARGINS_MM.bottom),
            },
          },
        },
        children,
      },
    ],
  });
  return Packer.toBuffer(doc);
}
