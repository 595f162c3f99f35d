import { z } from '../common/zod';
import { text } from '../common/input';
import { OrderDiscountSchema } from '../orders/cost';
import {
  OriginalityPercentSchema,
  OriginalityReportSchema,
  originalityMessages,
} from '../orders/originality';
import { DaySchema, OrderDetailsSchema } from '../orders/schemas';
import { OrderStatusSchema } from '../orders/statuses';
import {
  CareKindSchema,
  CareStateSchema,
  ThreadPostRequestSchema,
  WorkspaceFileListSchema,
} from '../workspace/schemas';
import { rowIdParamSchema, rowIdSchema } from '../common/ids';

/**
 * The staff side (`/staff` in the web app, `/api/staff/…` on the server): managers and authors
 * ("performers"), stored apart from customers, with tokens of their own audience.
 */

export const STAFF_ROLES = ['manager', 'performer'] as const;
export const StaffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRoleSchema>;
export const staffRoleTitles: Record<StaffRole, string> = { manager: 'Менеджер', performer: 'Автор' };

/** The names staff use for the statuses (the customer's titles are in ORDER_STATUSES). */
export const STAFF_STATUS_TITLES: Readonly<Record<number, string>> = {
  1: 'Оценка стоимости',
  2: 'Ожидает оплаты',
  3: 'Оплачен, ищем автора',
  4: 'В работе',
  5: 'На проверке у заказчика',
  6: 'Доработка',
  7: 'Выполнен',
  8: 'Отменён',
  9: 'Оплачен, автор назначен',
  16: 'В корзине у заказчика',
};

/** The staff screen's status buttons where the target's title is not the right word. */
export const STAFF_MOVE_LABELS: Readonly<Record<number, string>> = {
  4: 'Взять в работу',
};

export const staffMessages = {
  staffOnly: 'Этот раздел — для сотрудников сервиса',
  customersOnly: 'Войдите как заказчик: это раздел кабинета студента',
  managerOnly: 'Это может сделать только менеджер',
  notAssigned: 'Заказ не назначен вам',
  priceInvalid: 'Укажите цену от 1 ₽ до 1 000 000 ₽',
  priceLocked: 'Цену нельзя изменить: заказ уже оплачен',
  /** A re-price of an order paid in part would leave the customer owing less than nothing. */
  priceBelowPaid: (paid: string) => `Цена со скидками не может быть меньше уже оплаченного: ${paid}`,
  performerNotFound: 'Такого автора нет',
  paidReserved: 'Статус «Оплачен» ставится только после оплаты',
  statusConflict: 'Статус заказа уже изменился: обновите страницу',
  transitionRefused: (from: string, to: string) => `Нельзя перевести заказ из «${from}» в «${to}»`,
  fileKindInvalid: 'Укажите, промежуточный это файл, итоговый или отчёт об оригинальности',
  answerNeedsFinal: 'Приложите к ответу на доработку итоговый файл',
  reworkAnswered: 'На эту доработку уже ответили',
  nothingToChange: 'Укажите цену или срок',
  performerRequired: 'Сначала назначьте автора',
  startFirst: 'Сначала возьмите заказ в работу',
  actionRefused: (status: string) => `В статусе «${status}» этого сделать нельзя`,
} as const;

const id = rowIdSchema;

export const StaffMeSchema = z.object({
  id: z.number().int(),
  email: text(),
  role: StaffRoleSchema,
  name: text(),
});
export type StaffMe = z.infer<typeof StaffMeSchema>;

/** `POST /api/staff/auth/login/` (and `token/refresh/`): the refresh token goes in an httpOnly cookie. */
export const StaffLoginRequestSchema = z.object({
  email: text().trim().toLowerCase().email('Введите e-mail'),
  password: text().min(1, 'Введите пароль'),
});
export type StaffLoginRequest = z.input<typeof StaffLoginRequestSchema>;
export const StaffTokenSchema = z.object({
  access: text(),
  expires_in: z.number().int(),
  staff: StaffMeSchema,
});
export type StaffToken = z.infer<typeof StaffTokenSchema>;

export const PerformerSchema = z.object({
  id: z.number().int(),
  name: text(),
  active_orders: z.number().int(),
});
export type Performer = z.infer<typeof PerformerSchema>;
export const PerformerListSchema = z.object({ results: z.array(PerformerSchema) });

/** The customer as staff see them: a manager sees contacts; a performer, the first name only. */
export const StaffCustomerSchema = z.object({
  id: z.number().int().nullable(),
  name: text(),
  email: text().nullable(),
  phone: text().nullable(),
});
export type StaffCustomer = z.infer<typeof StaffCustomerSchema>;

export const StaffOrderListItemSchema = z.object({
  id: z.number().int(),
  status: OrderStatusSchema,
  work_type: text(),
  topic: text(),
  deadline: text(),
  deadline_at: text(),
  price: z.number().int().nonnegative(),
  paid: z.number().int().nonnegative(),
  performer: z.object({ id: z.number().int(), name: text() }).nullable(),
  customer_name: text(),
  /** Open reworks and unanswered care requests: what waits for staff. */
  open_reworks: z.number().int().nonnegative(),
  open_care: z.number().int().nonnegative(),
  created_at: text(),
});
export type StaffOrderListItem = z.infer<typeof StaffOrderListItemSchema>;

export const STAFF_PAGE_SIZE = 20;
export const StaffOrderListQuerySchema = z.object({
  status: rowIdParamSchema.optional(),
  deadline_from: DaySchema.optional(),
  deadline_to: DaySchema.optional(),
  assigned: z.enum(['yes', 'no']).optional(),
  work_type: rowIdParamSchema.optional(),
  /** An order number or words of the topic. */
  q: text().trim().max(200).optional(),
  /** `deadline` (soonest first; a performer's default) or `new` (newest first; a manager's). */
  sort: z.enum(['deadline', 'new']).optional(),
  page: z.coerce.number().int().positive().default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(STAFF_PAGE_SIZE),
});
export type StaffOrderListQuery = z.input<typeof StaffOrderListQuerySchema>;
export const StaffOrderListSchema = z.object({
  results: z.array(StaffOrderListItemSchema),
  count: z.number().int(),
  next: text().nullable(),
  previous: text().nullable(),
});
export type StaffOrderList = z.infer<typeof StaffOrderListSchema>;

export const StaffOrderSchema = StaffOrderListItemSchema.extend({
  details: OrderDetailsSchema,
  customer: StaffCustomerSchema,
  /** The price before discounts (what the manager sets), the discounts' sum; `price` is their difference. */
  cost: z.number().int().nonnegative(),
  discount: z.number().int().nonnegative(),
  /** The order's discounts as the customer has them (ADR 027), adding up to `discount`. */
  discounts: z.array(OrderDiscountSchema),
  guarantee_until: text().nullable(),
  files: WorkspaceFileListSchema,
  /** The latest originality report against the requirement (as the customer sees it), else null. */
  originality_report: OriginalityReportSchema.nullable(),
  /** Statuses this caller may move the order to now (ids), by ADR 004 and the role. */
  next_statuses: z.array(z.number().int()),
  is_trash: z.boolean(),
});
export type StaffOrder = z.infer<typeof StaffOrderSchema>;

const staffPrice = z
  .number({ error: staffMessages.priceInvalid })
  .int(staffMessages.priceInvalid)
  .min(100, staffMessages.priceInvalid)
  .max(100_000_000, staffMessages.priceInvalid);

/**
 * `PATCH /api/staff/orders/{id}/` (manager): the price in kopecks and/or the deadline day. The price
 * is the one before the order's discounts (ADR 027): the answer's `cost`; the customer pays it less
 * the discounts they had when placing the order (`price`). `price` in the request is the older
 * name of the same figure, kept for callers written before the discounts were the order's.
 */
export const StaffOrderUpdateRequestSchema = z
  .object({
    cost: staffPrice.optional(),
    price: staffPrice.optional(),
    deadline: DaySchema.optional(),
  })
  .refine((b) => b.cost !== undefined || b.price !== undefined || b.deadline !== undefined, {
    message: staffMessages.nothingToChange,
  })
  .refine((b) => b.cost === undefined || b.price === undefined || b.cost === b.price, {
    message: staffMessages.priceInvalid,
    path: ['cost'],
  });
export type StaffOrderUpdateRequest = z.input<typeof StaffOrderUpdateRequestSchema>;

/** `POST /api/staff/orders/{id}/assign/` (manager). */
export const StaffAssignRequestSchema = z.object({ performer_id: id });
export type StaffAssignRequest = z.input<typeof StaffAssignRequestSchema>;

/**
 * `POST /api/staff/orders/{id}/status/` (manager). `from_status_id` is the status the manager saw:
 * when the order has moved since, the answer is 409 and nothing changes.
 */
export const StaffStatusRequestSchema = z.object({
  status_id: z.number().int(),
  from_status_id: rowIdSchema.optional(),
});
export type StaffStatusRequest = z.input<typeof StaffStatusRequestSchema>;

/**
 * `POST /api/staff/orders/{id}/files/?kind=intermediate|final|report[&percent=N]` (multipart): the
 * author's deliveries, or the checking system's report (one PDF) with the originality it measured.
 */
export const STAFF_FILE_KINDS = ['intermediate', 'final', 'report'] as const;
export type StaffFileKind = (typeof STAFF_FILE_KINDS)[number];
export const StaffFileKindQuerySchema = z
  .object({
    kind: z.enum(STAFF_FILE_KINDS, { error: staffMessages.fileKindInvalid }),
    percent: OriginalityPercentSchema.optional(),
  })
  .superRefine((q, issues) => {
    if (q.kind === 'report' && q.percent === undefined) {
      issues.addIssue({ code: 'custom', path: ['percent'], message: originalityMessages.percentRequired });
    } else if (q.kind !== 'report' && q.percent !== undefined) {
      issues.addIssue({
        code: 'custom',
        path: ['percent'],
        message: originalityMessages.percentOnlyForReport,
      });
    }
  });
export type StaffFileKindQuery = z.infer<typeof StaffFileKindQuerySchema>;

/** `POST /api/staff/orders/{id}/reworks/{rework}/answer/`: text and files already uploaded as final. */
export const StaffReworkAnswerRequestSchema = ThreadPostRequestSchema;
/** `POST /api/staff/orders/{id}/care/{care}/messages/` (manager); `close` ends the request. */
export const StaffCareAnswerRequestSchema = ThreadPostRequestSchema.extend({
  close: z.boolean().default(false),
});
export type StaffCareAnswerRequest = z.input<typeof StaffCareAnswerRequestSchema>;

/** The manager's queue of care requests (`GET /api/staff/care/?state=`), the longest waiting first. */
export const StaffCareQueueQuerySchema = z.object({
  state: CareStateSchema.optional(),
  page: z.coerce.number().int().positive().default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(STAFF_PAGE_SIZE),
});
export type StaffCareQueueQuery = z.input<typeof StaffCareQueueQuerySchema>;

export const StaffCareItemSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  kind: CareKindSchema,
  state: CareStateSchema,
  subject: text(),
  customer_name: text(),
  updated_at: text(),
});
export const StaffCareListSchema = z.object({
  results: z.array(StaffCareItemSchema),
  count: z.number().int(),
});
export type StaffCareList = z.infer<typeof StaffCareListSchema>;
