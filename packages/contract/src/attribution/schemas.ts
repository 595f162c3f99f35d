/** Marketing attribution and analytics (spec §1, §9). */
import { z } from '../common/zod';
import { text } from '../common/input';
import { GA4_ID_PATTERN, METRIKA_ID_PATTERN } from './cookies';

export * from './cookies';

export const attributionMessages = {
  dateInvalid: 'Укажите дату в формате ГГГГ-ММ-ДД',
  rangeInvalid: 'Начало периода должно быть не позже его конца',
  rangeTooLong: 'Период не может быть длиннее 366 дней',
  /** The report's row without a campaign tag or partner. */
  none: '—',
} as const;

/** `GET countersApi`: which counters the server has configured (ids from its settings). */
export const CountersSchema = z.object({
  yandex_metrika_id: text().regex(METRIKA_ID_PATTERN).nullable(),
  ga4_measurement_id: text().regex(GA4_ID_PATTERN).nullable(),
});
export type Counters = z.infer<typeof CountersSchema>;

const Day = z.iso.date({ error: attributionMessages.dateInvalid });

/** The longest period a report covers, in days. */
export const ATTRIBUTION_REPORT_MAX_DAYS = 366;

/** `GET staffApi.attributionReport?from=&to=`: calendar days (UTC), both included. */
export const AttributionReportQuerySchema = z.object({ from: Day, to: Day }).superRefine((q, ctx) => {
  if (q.from > q.to) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: attributionMessages.rangeInvalid });
    return;
  }
  const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1;
  if (days > ATTRIBUTION_REPORT_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: attributionMessages.rangeTooLong });
  }
});
export type AttributionReportQuery = z.infer<typeof AttributionReportQuerySchema>;

/**
 * One campaign tag and partner: the orders placed in the period with that attribution, how many
 * of them are paid and the money paid for them (kopecks), and the customers who registered with it.
 * `campaign` and `partner` are null where none was recorded (shown as «—»).
 */
export const AttributionReportRowSchema = z.object({
  campaign: text().nullable(),
  partner: text().nullable(),
  orders_placed: z.number().int().nonnegative(),
  orders_paid: z.number().int().nonnegative(),
  money_paid: z.number().int().nonnegative(),
  customers_registered: z.number().int().nonnegative(),
});
export type AttributionReportRow = z.infer<typeof AttributionReportRowSchema>;

export const AttributionReportSchema = z.object({
  from: text(),
  to: text(),
  results: z.array(AttributionReportRowSchema),
  total: AttributionReportRowSchema.omit({ campaign: true, partner: true }),
});
export type AttributionReport = z.infer<typeof AttributionReportSchema>;
