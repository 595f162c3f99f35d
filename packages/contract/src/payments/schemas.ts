import { z } from '../common/zod';
import { text } from '../common/input';
import { rowIdSchema } from '../common/ids';

/**
 * Payments and money (spec §3 "Finances", "Payment", "Verification status", §7
 * "Payments"). Every amount in the API is an integer number of kopecks; ₽ formatting happens only in
 * the browser. The URL parameters a person sees (`tip`, `amountInit`) are in roubles.
 */

const kopecks = z.number().int().nonnegative();
const positiveKopecks = z.number().int().positive();

/** Spec §5/§9: installments only from 3 000 ₽, and the provider's ceiling is 150 000 ₽. */
export const INSTALLMENT_MIN_KOPECKS = 3_000_00;
export const INSTALLMENT_MAX_KOPECKS = 150_000_00;
/**
 * The share of an order's price bonuses may cover, in percent: the default of the server's
 * BONUS_MAX_PERCENT setting, which `GET methods/` answers as `bonus_max_percent`.
 */
export const BONUS_MAX_PERCENT = 30;
/** A top-up or a tip: from 1 ₽ to 500 000 ₽. */
export const PAYMENT_MIN_KOPECKS = 1_00;
export const PAYMENT_MAX_KOPECKS = 500_000_00;
export const PAYMENTS_PAGE_SIZE = 20;
const PAYMENTS_PAGE_SIZE_MAX = 100;

/** SMS verification codes: 6 digits, 5 minutes, 5 tries, a new one after 60 s. */
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_SECONDS = 300;
export const VERIFICATION_CODE_MAX_TRIES = 5;
export const VERIFICATION_CODE_RESEND_SECONDS = 60;

export const PAYMENT_METHOD_IDS = [
  'bank_card',
  'sbp',
  'yoo_money',
  'balance',
  'yookassa_installments',
] as const;
export const PaymentMethodIdSchema = z.enum(PAYMENT_METHOD_IDS);
export type PaymentMethodId = z.infer<typeof PaymentMethodIdSchema>;

export const PAYMENT_PURPOSES = ['order', 'packet', 'tip', 'replenish', 'certificate'] as const;
export const PaymentPurposeSchema = z.enum(PAYMENT_PURPOSES);
export type PaymentPurpose = z.infer<typeof PaymentPurposeSchema>;

/** `pending` — waiting for the provider; `succeeded` — money arrived; `canceled` — declined or abandoned. */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'canceled'] as const;
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

/**
 * A payment's status as the customer's lists show it: `canceled` splits in two — `declined`, the
 * bank or the payer turned it down on the provider's page («Отклонён»), and `canceled`, it never
 * reached the provider («Отменён»).
 */
export const PAYMENT_LIST_STATUSES = [...PAYMENT_STATUSES, 'declined'] as const;
export const PaymentListStatusSchema = z.enum(PAYMENT_LIST_STATUSES);
export type PaymentListStatus = z.infer<typeof PaymentListStatusSchema>;

/** Spec §3/§9: refund rows default to checked, mode 'storno'. */
export const REFUND_MODES = ['storno', 'claim'] as const;
export const RefundModeSchema = z.enum(REFUND_MODES);
export type RefundMode = z.infer<typeof RefundModeSchema>;

/** `GET methods/?purpose=&amount=`: what may pay this amount (installments by the rule above). */
export const PaymentMethodsQuerySchema = z.object({
  purpose: PaymentPurposeSchema.default('order'),
  amount: z.coerce.number().int().nonnegative().optional(),
});
export type PaymentMethodsQuery = z.input<typeof PaymentMethodsQuerySchema>;

export const PaymentMethodSchema = z.object({
  id: PaymentMethodIdSchema,
  title: text(),
  /** Why it is offered but cannot pay this amount (the balance is short…); null when it can. */
  unavailable_reason: text().nullable(),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

export const PaymentMethodsSchema = z.object({
  payment_methods: z.array(PaymentMethodSchema),
  /** The share of an order's price bonuses may cover, in percent (the server's setting). */
  bonus_max_percent: z.number().int().min(0).max(100),
});
export type PaymentMethods = z.infer<typeof PaymentMethodsSchema>;

/**
 * `POST pay/` with an `Idempotency-Key` header. `object_id` — the order, the placed packet, or the
 * completed order of a tip; `amount` — a tip's or a top-up's (an order's and a packet's come from
 * the server); `part: 'half'` pays the first half of an order where the service allows it; `bonus`
 * — kopecks of bonuses to spend (orders only, capped).
 */
export const PayRequestSchema = z.object({
  purpose: PaymentPurposeSchema,
  object_id: rowIdSchema.optional(),
  amount: positiveKopecks.optional(),
  payment_method: PaymentMethodIdSchema,
  bonus: kopecks.optional(),
  part: z.enum(['full', 'half']).optional(),
});
export type PayRequest = z.infer<typeof PayRequestSchema>;

/** Several awaiting payments at once (`/payments/pay`, selected rows). */
export const PayManyRequestSchema = z.object({
  pay_ids: z.array(rowIdSchema).min(1).max(50),
  payment_method: PaymentMethodIdSchema,
});
export type PayManyRequest = z.infer<typeof PayManyRequestSchema>;

export const PayResultSchema = z.object({
  pay_id: z.number().int().positive(),
  status: PaymentStatusSchema,
  /** The provider's page; absent when the balance paid at once. */
  confirmation_url: text().optional(),
});
export type PayResult = z.infer<typeof PayResultSchema>;

/** Spec §3 "Payment": a row of waiting/ or history/. */
export const PaymentSchema = z.object({
  pay_id: z.number().int().positive(),
  purpose: PaymentPurposeSchema,
  object_id: z.number().int().nullable(),
  /** What it pays for, in the customer's words («Заказ №12: Курсовая…», «Пополнение баланса»). */
  title: text(),
  amount: kopecks,
  bonus: kopecks,
  /** Of `amount`, already refunded. */
  refunded: kopecks,
  payment_method: PaymentMethodIdSchema.nullable(),
  status: PaymentListStatusSchema,
  created_at: text(),
  paid_at: text().nullable(),
  checked: z.boolean(),
  refund_mode: RefundModeSchema,
});
export type Payment = z.infer<typeof PaymentSchema>;

export const PaymentListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(PAYMENTS_PAGE_SIZE_MAX).default(PAYMENTS_PAGE_SIZE),
  /** history/ only: a period (dates, inclusive) and a purpose. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  purpose: PaymentPurposeSchema.optional(),
});
export type PaymentListQuery = z.input<typeof PaymentListQuerySchema>;

export const PaymentListSchema = z.object({
  results: z.array(PaymentSchema),
  next: text().nullable(),
  previous: text().nullable(),
  count: z.number().int().nonnegative(),
});
export type PaymentList = z.infer<typeof PaymentListSchema>;

/** A movement of the customer's money or bonus, as the balance screen lists it (newest first). */
export const MOVEMENT_KINDS = [
  'payment',
  'replenish',
  'balance_payment',
  'tip',
  'bonus_accrual',
  'bonus_spent',
  'refund',
  'repayment',
  'certificate_redeem',
  /** The bonus for a friend's first paid order (both sides), and bonuses that expired. */
  'referral_bonus',
  'bonus_expired',
] as const;
export const BalanceMovementSchema = z.object({
  id: z.number().int().positive(),
  kind: z.enum(MOVEMENT_KINDS),
  title: text(),
  /** Signed kopecks: + came in, − went out. */
  money: z.number().int(),
  bonus: z.number().int(),
  created_at: text(),
});
export type BalanceMovement = z.infer<typeof BalanceMovementSchema>;

export const BalanceSchema = z.object({
  money: kopecks,
  bonus: kopecks,
  results: z.array(BalanceMovementSchema),
  next: text().nullable(),
  previous: text().nullable(),
  count: z.number().int().nonnegative(),
});
export type Balance = z.infer<typeof BalanceSchema>;

/** `GET orders-packet-waiting/{id}/`: a placed packet's orders and what paying them costs. */
export const PacketWaitingSchema = z.object({
  id: z.number().int().positive(),
  title: text(),
  orders: z.array(
    z.object({ id: z.number().int().positive(), title: text(), price: kopecks, paid: kopecks }),
  ),
  amount: kopecks,
});
export type PacketWaiting = z.infer<typeof PacketWaitingSchema>;

/** Spec §3 "Verification status", per purpose. */
export const VERIFICATION_PURPOSES = ['repayment', 'bonus'] as const;
export const VerificationPurposeSchema = z.enum(VERIFICATION_PURPOSES);
export type VerificationPurpose = z.infer<typeof VerificationPurposeSchema>;
export const VERIFICATION_STATES = ['verified', 'requested', 'unverified'] as const;

export const VerificationStatusSchema = z.object({
  success: z.boolean(),
  verified: z.boolean(),
  status: z.enum(VERIFICATION_STATES),
  /** The phone the code goes to, masked (+7 *** ***-12-34); null when the profile has none. */
  phone: text().nullable(),
});
export type VerificationStatus = z.infer<typeof VerificationStatusSchema>;

/** `POST verificate-code/{type}/`: a phone only when the profile has none. */
export const VerificationSendSchema = z.object({ phone: text().optional() });
export const VerificationConfirmSchema = z.object({
  code: text().regex(/^\d{6}$/, 'Код — 6 цифр'),
});

/** `GET refund-storno/?refund_sum=`: which payments would be reversed, newest first. */
export const RefundStornoQuerySchema = z.object({ refund_sum: z.coerce.number().int().positive() });
export const RefundStornoPlanSchema = z.object({
  refund_sum: kopecks,
  results: z.array(z.object({ pay_id: z.number().int().positive(), title: text(), amount: kopecks })),
});
export type RefundStornoPlan = z.infer<typeof RefundStornoPlanSchema>;
export const RefundStornoRequestSchema = z.object({ refund_sum: positiveKopecks });

export const RefundClaimRequestSchema = z.object({
  amount: positiveKopecks,
  reason: text().trim().min(10, 'Опишите причину — хотя бы 10 символов').max(2000),
  pay_ids: z.array(rowIdSchema).max(50).optional(),
});

/** `POST repayment/`: the balance to a card (after verification for `repayment`). */
export const RepaymentRequestSchema = z.object({
  amount: positiveKopecks,
  card_number: text().regex(/^\d{16,19}$/, 'Номер карты — от 16 до 19 цифр'),
  recipient_name: text().trim().min(2).max(200),
  country: text().length(2),
});
export const RepaymentResultSchema = z.object({
  id: z.number().int().positive(),
  status: z.enum(['pending', 'succeeded', 'canceled']),
  money: kopecks,
});

export const RefundCountriesSchema = z.object({
  results: z.array(z.object({ code: text().length(2), title: text() })),
});
/** `GET refund-extra/`: what the payout form needs to say (limits, fee, timing). */
export const RefundExtraSchema = z.object({
  min_amount: kopecks,
  max_amount: kopecks,
  fee_percent: z.number().nonnegative(),
  days: text(),
});

/** Russian texts the server and the web app share. */
export const paymentMessages = {
  installmentsTooSmall: 'Оплата частями доступна от 3 000 ₽',
  installmentsTooBig: 'Оплата частями доступна до 150 000 ₽',
  installmentsOff: 'Оплата частями сейчас недоступна',
  balanceShort: 'На балансе недостаточно средств',
  notPayable: 'Этот заказ сейчас нельзя оплатить',
  halfNotAllowed: 'Этот заказ можно оплатить только целиком',
  tipNotAllowed: 'Чаевые можно оставить только автору выполненного заказа',
  bonusTooMuch: (percent: number) => `Бонусами можно оплатить не больше ${percent} % стоимости`,
  bonusShort: 'Бонусов недостаточно',
  amountRequired: 'Укажите сумму',
  idempotencyKeyRequired: 'Не хватает заголовка Idempotency-Key',
  idempotencyKeyReused: 'Этот ключ уже использован с другим запросом',
  verificationRequired: 'Подтвердите номер телефона кодом из SMS',
  codeWrong: 'Неверный код',
  codeExpired: 'Код устарел — запросите новый',
  codeTooOften: 'Новый код можно запросить через минуту',
  smsPerNumber: 'На этот номер уже отправлено слишком много кодов. Попробуйте позже',
  codeTriesOver: 'Попытки закончились — запросите новый код',
  phoneRequired: 'Укажите номер телефона',
  refundTooMuch: 'Сумма больше, чем можно вернуть',
  payoutAmountRange: 'Сумма — от 100 ₽ до 500 000 ₽',
  countryUnknown: 'Выберите страну из списка',
  smsFailed: 'Не удалось отправить SMS — попробуйте ещё раз',
  refundFailed: 'Платёжная система не приняла возврат — попробуйте позже',
  claimDecided: 'Заявка уже рассмотрена',
  claimNotCovered: 'Платежи заявки не покрывают её сумму — её можно только отклонить',
} as const;

/** `GET refund-extra/`'s limits of a repayment and a refund claim. */
export const PAYOUT_MIN_KOPECKS = 100_00;
export const PAYOUT_MAX_KOPECKS = 500_000_00;

/** A refund claim as a manager sees it (`GET /api/staff/refund-claims/`, pending first). */
export const StaffRefundClaimSchema = z.object({
  id: z.number().int().positive(),
  user_id: z.number().int().positive(),
  email: text(),
  amount: kopecks,
  status: PaymentStatusSchema,
  reason: text(),
  pay_ids: z.array(z.number().int().positive()),
  created_at: text(),
  updated_at: text(),
});
export type StaffRefundClaim = z.infer<typeof StaffRefundClaimSchema>;
export const StaffRefundClaimListSchema = z.object({
  results: z.array(StaffRefundClaimSchema),
  count: z.number().int().nonnegative(),
});
export type StaffRefundClaimList = z.infer<typeof StaffRefundClaimListSchema>;
