import { z } from '../common/zod';
import { text } from '../common/input';
import { OrderDiscountSchema } from './cost';
import { LINK_MAX_LENGTH, LinkSchema } from './link-rule';
import { OriginalityReportSchema } from './originality';
import { OrderStatusSchema, OrderTabSchema } from './statuses';
import { idMessages, MAX_ROW_ID, rowIdParamSchema, rowIdSchema } from '../common/ids';
import { OrderAuthorSchema } from '../authors/schemas';

/** Files one upload request may carry (the multipart limit of the upload routes). */
export const UPLOAD_MAX_FILES = 20;
/** Files an order may list at once. */
export const ORDER_MAX_FILES = 50;

/** Russian texts of the orders API, shared by the server answers and the web form. */
export const orderMessages = {
  workTypeRequired: 'Выберите тип работы',
  unknownWorkType: 'Такого типа работы нет в списке',
  unknownSubject: 'Такого предмета нет в списке',
  unknownUniversity: 'Такого вуза нет в списке',
  unknownVerificationSystem: 'Такой системы проверки нет в списке',
  unknownPacket: 'Такого пакета заказов нет',
  topicRequired: 'Укажите тему работы',
  topicTooLong: 'Тема — не длиннее 500 символов',
  deadlineInvalid: 'Укажите дату сдачи',
  deadlineTooEarly: 'Срок сдачи — не раньше завтрашнего дня',
  pagesInvalid: 'Укажите объём от 1 до 500 страниц',
  originalityInvalid: 'Оригинальность — от 0 до 100 %',
  requirementsTooLong: 'Требования — не длиннее 10 000 символов',
  tooManyLinks: 'Не больше 20 ссылок',
  tooManyFiles: `Не больше ${UPLOAD_MAX_FILES} файлов за раз`,
  tooManyOrderFiles: `Не больше ${ORDER_MAX_FILES} файлов в заказе`,
  promoTooLong: 'Промокод — не длиннее 50 символов',
  orderNotFound: 'Заказ не найден',
  draftNotFound: 'Незаконченный заказ не найден',
  fileNotFound: 'Файл не найден',
  notEditable: 'Заказ уже нельзя изменить: он оплачен или над ним работает автор',
  notTrashable: 'Этот заказ нельзя удалить: по нему уже идёт работа',
  alreadyTrashed: 'Заказ уже в архиве',
  notTrashed: 'Заказ не в архиве',
  stillEditable: 'Заказ ещё можно редактировать: добавьте файлы в форме заказа',
  trashedOrder: 'Заказ в архиве: сначала восстановите его',
  invalidPage: 'Неверная страница',
  noFile: 'Выберите файл для загрузки',
  emptyFile: 'Файл пустой',
  fileNameMissing: 'У файла нет имени: выберите его ещё раз',
  uploadBroken: 'Файл пришёл не целиком: загрузите его ещё раз',
  markupNotAllowed: 'Веб-страницы, SVG, XML и скрипты не принимаются: упакуйте такой файл в ZIP',
  fileTypeNotAllowed:
    'Такой тип файла не принимается. Подойдут PDF, Word, Excel, PowerPoint, OpenDocument, RTF, TXT, JPEG, PNG, GIF, WEBP, ZIP, RAR и 7z',
  fileTooLarge: (mb: number) => `Файл слишком большой: не больше ${mb} МБ`,
  orderFilesTooLarge: (mb: number) => `Файлы заказа вместе не должны быть больше ${mb} МБ`,
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day `YYYY-MM-DD` that exists. */
export const DaySchema = text({ error: orderMessages.deadlineInvalid }).refine((s) => {
  if (!DAY.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}, orderMessages.deadlineInvalid);

const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

/**
 * The earliest deadline the form accepts (spec §5 date minimum): tomorrow in Moscow, where the
 * service works (UTC+3 all year), whatever the customer's time zone.
 */
export function earliestDeadline(now: Date): string {
  const moscow = new Date(now.getTime() + MOSCOW_OFFSET_MS);
  moscow.setUTCDate(moscow.getUTCDate() + 1);
  return moscow.toISOString().slice(0, 10);
}

const id = rowIdSchema;
const kopecks = z.number().int().nonnegative();
const fileIds = z.array(id).max(ORDER_MAX_FILES, orderMessages.tooManyOrderFiles);
const topic = text({ error: orderMessages.topicRequired }).trim().max(500, orderMessages.topicTooLong);
const requirements = text().trim().max(10_000, orderMessages.requirementsTooLong);
const pages = z
  .number({ error: orderMessages.pagesInvalid })
  .int(orderMessages.pagesInvalid)
  .min(1, orderMessages.pagesInvalid)
  .max(500, orderMessages.pagesInvalid);
const originality = z
  .number({ error: orderMessages.originalityInvalid })
  .int(orderMessages.originalityInvalid)
  .min(0, orderMessages.originalityInvalid)
  .max(100, orderMessages.originalityInvalid);
const promoCode = text().trim().max(50, orderMessages.promoTooLong);

/** What the price depends on: the body of `calculate-cost/`. */
export const CalculateCostRequestSchema = z.object({
  work_type_id: id,
  pages,
  deadline: DaySchema,
  originality: originality.default(0),
  verification_system_id: id.nullish(),
  /**
   * Prices an edit of this placed order: its own deadline is accepted even when already near,
   * and the discounts are those it has (its first-order discount, the promo code it was placed
   * with, its packet's) instead of a new order's; `promo_code` is then ignored.
   */
  order_id: id.optional(),
});
export type CalculateCostRequest = z.input<typeof CalculateCostRequestSchema>;

/** The body of `calculate-discount/`: the price is recomputed, never taken from the client. */
export const CalculateDiscountRequestSchema = CalculateCostRequestSchema.extend({
  promo_code: promoCode.optional(),
  /** Prices one work of this order packet, with the packet's discount. */
  packet_id: id.optional(),
});
export type CalculateDiscountRequest = z.input<typeof CalculateDiscountRequestSchema>;

const orderFields = {
  work_type_id: z
    .number({ error: orderMessages.workTypeRequired })
    .int()
    .positive()
    .max(MAX_ROW_ID, idMessages.tooLarge),
  subject_id: id.nullish(),
  topic: topic.min(1, orderMessages.topicRequired),
  university_id: id.nullish(),
  deadline: DaySchema,
  pages,
  originality: originality.default(0),
  verification_system_id: id.nullish(),
  requirements: requirements.default(''),
  links: z.array(LinkSchema).max(20, orderMessages.tooManyLinks).default([]),
};

/**
 * The body of `POST /` for an order. With `packet_id` (an order packet of
 * `/api/worktype/order-packets/`) the packet's work types and volumes replace `work_type_id` and
 * `pages`, and one order is created for each. With `fake_id` the draft becomes the order and
 * keeps its files; `files` are ids from `ajax-files/`.
 */
export const OrderCreateRequestSchema = z
  .object({
    ...orderFields,
    work_type_id: orderFields.work_type_id.optional(),
    pages: pages.optional(),
    promo_code: promoCode.optional(),
    files: fileIds.default([]),
    fake_id: id.optional(),
    packet_id: id.optional(),
    is_fake: z.literal(false).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.packet_id !== undefined) return;
    if (v.work_type_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['work_type_id'], message: orderMessages.workTypeRequired });
    if (v.pages === undefined)
      ctx.addIssue({ code: 'custom', path: ['pages'], message: orderMessages.pagesInvalid });
  });
export type OrderCreateRequest = z.input<typeof OrderCreateRequestSchema>;

/** The body of `PATCH {id}/` while the order is editable: any of the order's own fields. */
export const OrderUpdateRequestSchema = z
  .object({
    ...orderFields,
    originality,
    requirements,
    links: z.array(LinkSchema).max(20, orderMessages.tooManyLinks),
    files: fileIds,
  })
  .partial();
export type OrderUpdateRequest = z.input<typeof OrderUpdateRequestSchema>;

/**
 * A draft ("fake" order) is saved as the customer types, so every field may be empty or
 * unfinished; the rules of a real order apply when it is submitted.
 */
export const DraftUpdateRequestSchema = z
  .object({
    work_type_id: id.nullable(),
    subject_id: id.nullable(),
    topic: topic,
    university_id: id.nullable(),
    deadline: DaySchema.nullable(),
    pages: pages.nullable(),
    originality: originality.nullable(),
    verification_system_id: id.nullable(),
    requirements,
    links: z.array(text().max(LINK_MAX_LENGTH)).max(20, orderMessages.tooManyLinks),
    promo_code: promoCode,
    files: fileIds,
  })
  .partial();
export type DraftUpdateRequest = z.input<typeof DraftUpdateRequestSchema>;

/** `POST /` with `is_fake: true` starts a draft. */
export const DraftCreateRequestSchema = DraftUpdateRequestSchema.extend({ is_fake: z.literal(true) });
export type DraftCreateRequest = z.input<typeof DraftCreateRequestSchema>;

export const NotEditableOrderRequestSchema = z.object({
  files_without_qc: fileIds.min(1, orderMessages.noFile),
});
export type NotEditableOrderRequest = z.input<typeof NotEditableOrderRequestSchema>;

export const OrderRefSchema = z.object({ id: z.number().int(), title: text() });
export type OrderRef = z.infer<typeof OrderRefSchema>;

/** A file as the customer sees it; the stored name never leaves the server. */
export const OrderFileSchema = z.object({
  id: z.number().int(),
  name: text(),
  size: z.number().int().nonnegative(),
  mime: text(),
  created_at: text(),
});
export type OrderFile = z.infer<typeof OrderFileSchema>;
export const OrderFileListSchema = z.array(OrderFileSchema);

export const OrderDetailsSchema = z.object({
  work_type: OrderRefSchema,
  subject: OrderRefSchema.nullable(),
  topic: text(),
  university: OrderRefSchema.nullable(),
  deadline: text(),
  pages: z.number().int(),
  originality: z.number().int(),
  verification_system: OrderRefSchema.nullable(),
  requirements: text(),
  links: z.array(text()),
  promo_code: text().nullable(),
});
export type OrderDetails = z.infer<typeof OrderDetailsSchema>;

/** An order in the list (spec §3): status 16 «Архивный заказ» while in the trash. */
export const OrderListItemSchema = z.object({
  id: z.number().int(),
  status: OrderStatusSchema,
  trash: z.object({ is_trash: z.boolean() }),
  is_editable: z.boolean(),
  /** The work type, as the list shows it. */
  title: text(),
  details: OrderDetailsSchema,
  /** Estimated price before discounts, the discount and the sum to pay; kopecks. */
  cost: kopecks,
  discount: kopecks,
  price: kopecks,
  is_first_order: z.boolean(),
  /** The placed packet this order came in (for `/pay-packet/{id}`), or null. */
  packet_id: z.number().int().nullable(),
  created_at: text(),
  updated_at: text(),
});
export type OrderListItem = z.infer<typeof OrderListItemSchema>;

/** What needs the customer's attention on each tab of the workspace. */
export const WorkspaceAttentionSchema = z.object({
  chat: z.number().int().nonnegative(),
  files: z.number().int().nonnegative(),
  care: z.number().int().nonnegative(),
  reworks: z.number().int().nonnegative(),
});
export type WorkspaceAttention = z.infer<typeof WorkspaceAttentionSchema>;

/** Whether a rework may be requested now, and if not, why (the same text the server's 409 carries). */
export const ReworkEligibilitySchema = z.object({
  allowed: z.boolean(),
  reason: text().nullable(),
});
export type ReworkEligibility = z.infer<typeof ReworkEligibilitySchema>;

/** Workspace fields added to the order of `GET {id}/` (and every other answer carrying an order). */
export const OrderWorkspaceFieldsSchema = z.object({
  /** Kopecks paid so far. */
  paid: z.number().int().nonnegative(),
  /** The author once assigned: their id (for `/author/{id}`), display name and rating. */
  author: OrderAuthorSchema.nullable(),
  /** The moment the work is due: the end of the deadline day in Moscow (ISO, UTC). */
  deadline_at: text().nullable(),
  /** End of the guarantee (ISO, UTC) once the first final file has arrived, else null. */
  guarantee_until: text().nullable(),
  attention: WorkspaceAttentionSchema,
  rework: ReworkEligibilitySchema,
  /** The customer may accept the work (status «Проверьте работу»). */
  can_accept: z.boolean(),
  /**
   * The order's discounts (ADR 027), one per reason in the order of the breakdown, each with what it
   * takes off `cost` now; they add up to `discount`. Empty for an order without any.
   */
  discounts: z.array(OrderDiscountSchema),
  /** The latest originality report an author or a manager attached, against the requirement; else null. */
  originality_report: OriginalityReportSchema.nullable(),
});
export type OrderWorkspaceFields = z.infer<typeof OrderWorkspaceFieldsSchema>;

/** One order (`GET {id}/` and every answer carrying an order): the list item, its files, the workspace fields. */
export const OrderSchema = OrderListItemSchema.extend({
  files: OrderFileListSchema,
  files_without_qc: OrderFileListSchema,
}).extend(OrderWorkspaceFieldsSchema.shape);
export type Order = z.infer<typeof OrderSchema>;

/** The answer of `POST /`: the (first) order, and every order of the packet when one was placed. */
export const OrderCreatedSchema = OrderSchema.extend({ packet_order_ids: z.array(z.number().int()) });
export type OrderCreated = z.infer<typeof OrderCreatedSchema>;

export const OrderCountersSchema = z.object({
  active: z.number().int().nonnegative(),
  archive: z.number().int().nonnegative(),
  done: z.number().int().nonnegative(),
});
export type OrderCounters = z.infer<typeof OrderCountersSchema>;

export const ORDERS_PAGE_SIZE = 20;
/** The largest page of the orders list a client may ask for. */
export const ORDERS_PAGE_SIZE_MAX = 100;

export const OrderListQuerySchema = z.object({
  tab: OrderTabSchema.default('active'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(ORDERS_PAGE_SIZE_MAX).default(ORDERS_PAGE_SIZE),
});
export type OrderListQuery = z.input<typeof OrderListQuerySchema>;

/** Django-REST-style page: `next`/`previous` are absolute URLs or null. */
export const OrderListSchema = z.object({
  results: z.array(OrderListItemSchema),
  next: text().nullable(),
  previous: text().nullable(),
  count: z.number().int().nonnegative(),
  counters: OrderCountersSchema,
});
export type OrderList = z.infer<typeof OrderListSchema>;

export const DraftDetailsSchema = z.object({
  work_type: OrderRefSchema.nullable(),
  subject: OrderRefSchema.nullable(),
  topic: text(),
  university: OrderRefSchema.nullable(),
  deadline: text().nullable(),
  pages: z.number().int().nullable(),
  originality: z.number().int().nullable(),
  verification_system: OrderRefSchema.nullable(),
  requirements: text(),
  links: z.array(text()),
  promo_code: text().nullable(),
});
export type DraftDetails = z.infer<typeof DraftDetailsSchema>;

/** An unfinished ("fake") order with its files. */
export const DraftSchema = z.object({
  id: z.number().int(),
  is_fake: z.literal(true),
  details: DraftDetailsSchema,
  files: OrderFileListSchema,
  created_at: text(),
  updated_at: text(),
});
export type Draft = z.infer<typeof DraftSchema>;

/** At most this many drafts are listed (the ones touched last). */
export const DRAFTS_LIST_MAX = 20;

/** `GET fake/`: the customer's unfinished orders, the one touched last first; none is an empty list. */
export const DraftListSchema = z.object({
  results: z.array(DraftSchema).max(DRAFTS_LIST_MAX),
  /** Every draft the customer has, listed or not. */
  count: z.number().int().nonnegative(),
});
export type DraftList = z.infer<typeof DraftListSchema>;

export const IdQuerySchema = z.object({ id: rowIdParamSchema });
export const OptionalIdQuerySchema = z.object({ id: rowIdParamSchema.optional() });

/** What the success and welcome screens show about a just-placed order. */
export const OrderGreetingSchema = z.object({
  id: z.number().int(),
  title: text(),
  topic: text(),
  status: OrderStatusSchema,
  price: kopecks,
  is_first_order: z.boolean(),
  packet_id: z.number().int().nullable(),
});
export type OrderGreeting = z.infer<typeof OrderGreetingSchema>;
