import type { TitlePageFormat } from '@cabinet/contract';
import { titlePageDocx } from './docx';
import type { TitlePageLayout } from './layout';
import { titlePagePdf } from './pdf';

export interface TitlePageJob {
  format: TitlePageFormat;
  layout: TitlePageLayout;
}

/** Runs in a thread of the document pool (plugins/documents.ts): the title page's bytes. */
export default async function renderTitlePage({ format, layout }: TitlePageJob): Promise<Uint8Array> {
  return format === 'docx' ? titlePageDocx(layout) : titlePagePdf(layout);
}
