import { z } from '../common/zod';
import { text } from '../common/input';

/**
 * The originality report: the checking system's PDF an author or a manager attaches to the order
 * (a workspace file of kind `report`) with the percentage it measured. The latest report counts;
 * below the order's required originality the customer may ask for a rework at once, inside the
 * guarantee whenever it is asked (the guarantee rule of ADR 015, widened for this case).
 */

export const originalityMessages = {
  percentRequired: 'Укажите процент оригинальности',
  percentInvalid: 'Процент оригинальности — целое число от 0 до 100',
  percentOnlyForReport: 'Процент указывается только для отчёта об оригинальности',
  reportPdfOnly: 'Отчёт об оригинальности — только PDF-файл',
  reportOneFile: 'Приложите один PDF-файл отчёта',
} as const;

export const OriginalityPercentSchema = z.coerce
  .number({ error: originalityMessages.percentInvalid })
  .int(originalityMessages.percentInvalid)
  .min(0, originalityMessages.percentInvalid)
  .max(100, originalityMessages.percentInvalid);

/** The latest report as the order's answer (the customer's and the staff's) carries it. */
export const OriginalityReportSchema = z.object({
  /** The measured originality, %. */
  percent: z.number().int().min(0).max(100),
  /** The order's required originality, %. */
  required: z.number().int().min(0).max(100),
  /** The checking system the order names, or null when it names none. */
  system: z.object({ id: z.number().int(), name: text() }).nullable(),
  /** The report's file among the order's files (group `report`). */
  file_id: z.number().int(),
  uploaded_at: text(),
  below_required: z.boolean(),
});
export type OriginalityReport = z.infer<typeof OriginalityReportSchema>;
