import {
  canonicalPhone,
  PAYMENT_PURPOSES,
  PAYMENTS_PAGE_SIZE,
  RepaymentRequestSchema,
  z,
  type PaymentPurpose,
} from '@cabinet/contract';
import { moneyMessages as m } from './messages-money';

export {
  VerificationStatusSchema,
  type VerificationPurpose,
  type VerificationStatus,
} from '@cabinet/contract';
export { isVerificationPassed } from './verification-passed';

/**
 * Roubles as a person types them («1500», «1 500,50», «1500.5») → integer kopecks; null when it
 * is not an amount (letters, three decimals, nothing).
 */
export function roublesToKopecks(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The `amountInit` of /withdraw (roubles, spec §2) as the amount field's text; '' when unusable. */
export function amountFieldFromRoubles(value: string | null): string {
  if (!value) return '';
  const kopecks = roublesToKopecks(value);
  if (kopecks === null || kopecks === 0) return '';
  const whole = Math.floor(kopecks / 100);
  const rest = kopecks % 100;
  return rest === 0 ? String(whole) : `${whole},${String(rest).padStart(2, '0')}`;
}

/** What the card number mask shows → its digits. */
export const cardDigits = (masked: string) => masked.replace(/\D/g, '');
/** A card named by its last four digits: «•••• 1234». */
export const cardEnding = (digits: string) => `•••• ${digits.slice(-4)}`;

export interface AmountLimits {
  min: number;
  max: number;
  /** What the balance holds; a refund or a payout cannot take more. */
  available?: number;
}

/** An amount field in roubles, read into kopecks and kept within the limits. */
export function amountSchema({ min, max, available }: AmountLimits) {
  return z.string().transform((text, ctx) => {
    const kopecks = roublesToKopecks(text);
    const problem =
      kopecks === null || kopecks === 0
        ? m.amountInvalid
        : kopecks < min
          ? m.amountTooSmall(min)
          : kopecks > max
            ? m.amountTooBig(max)
            : available !== undefined && kopecks > available
              ? m.amountOverBalance
              : null;
    if (problem !== null || kopecks === null) {
      ctx.addIssue({ code: 'custom', message: problem ?? m.amountInvalid });
      return z.NEVER;
    }
    return kopecks;
  });
}

export interface RepaymentFormValues {
  amount: string;
  card_number: string;
  recipient_name: string;
  country: string;
}

/** The payout form: roubles and a masked card in, the contract's `RepaymentRequest` out. */
export function repaymentFormSchema(limits: AmountLimits) {
  return z
    .object({
      amount: amountSchema(limits),
      card_number: z.string().transform(cardDigits),
      recipient_name: z.string().trim().min(1, m.recipientRequired),
      country: z.string().min(1, m.countryRequired),
    })
    .pipe(RepaymentRequestSchema);
}

export interface ClaimFormValues {
  amount: string;
  reason: string;
}

/** A phone typed into the verification flow → the stored form, or null when it is not whole. */
export const verificationPhone = (typed: string) => canonicalPhone(typed);

// The history's filters live in the address, so that a filtered list can be shared and reloaded.
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface HistoryFilters {
  page: number;
  from?: string;
  to?: string;
  purpose?: PaymentPurpose;
}

export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

export function pageCount(count: number, pageSize = PAYMENTS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/** The address's query → the filters; anything malformed is left out rather than sent. */
export function readHistoryFilters(params: URLSearchParams): HistoryFilters {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const purpose = params.get('purpose') ?? '';
  return {
    page: parsePage(params.get('page')),
    ...(DATE.test(from) ? { from } : {}),
    ...(DATE.test(to) ? { to } : {}),
    ...((PAYMENT_PURPOSES as readonly string[]).includes(purpose)
      ? { purpose: purpose as PaymentPurpose }
      : {}),
  };
}

/** The filters → the address's query (page 1 and empty filters are left out). */
export function writeHistoryFilters(filters: HistoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.purpose) params.set('purpose', filters.purpose);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** `GET history/`'s query (the contract's `PaymentListQuery`, with its page size spelled out). */
export type HistoryRequest = HistoryFilters & { page_size: number };

/** The filters → `GET history/`'s query. */
export function historyQuery(filters: HistoryFilters): HistoryRequest {
  return { page_size: PAYMENTS_PAGE_SIZE, ...filters };
}

/** A path with its query, leaving out what is not set. */
export function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Signed kopecks as «+1 500 ₽» / «−300 ₽» (the sign read out, not only coloured). */
export function signedKopecks(kopecks: number, format: (value: number) => string): string {
  if (kopecks > 0) return `+${format(kopecks)}`;
  if (kopecks < 0) return `−${format(-kopecks)}`;
  return format(0);
}
