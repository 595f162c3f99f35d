import { z } from '../common/zod';
import { text } from '../common/input';
import {
  DaySchema,
  ORDER_MAX_FILES,
  OrderFileSchema,
  ReworkEligibilitySchema,
  orderMessages,
} from '../orders/schemas';
import { rowIdSchema } from '../common/ids';

/**
 * The order workspace (`/order/{id}` and its tabs chat, files, care, reworks): what a customer
 * sees of the people working on the order, its files, reworks, care requests and timeline.
 * The staff side (`../staff`) acts on the same rows.
 */

/** Days of guarantee from the first final file, unless GUARANTEE_DAYS says otherwise. */
export const DEFAULT_GUARANTEE_DAYS = 20;
export const THREAD_TEXT_MAX = 5000;

export const workspaceMessages = {
  reworkCommentRequired: 'Опишите, что нужно доработать',
  reworkCommentTooLong: `Комментарий — не длиннее ${THREAD_TEXT_MAX} символов`,
  reworkDateTooEarly: 'Желаемая дата — не раньше завтрашнего дня',
  reworkNoGuarantee: 'Гарантийный срок закончился: доработку можно заказать только как новый заказ',
  reworkNotDelivered: 'Доработку можно запросить после того, как автор пришлёт готовую работу',
  reworkAlreadyOpen: 'Доработка уже идёт: дождитесь ответа автора',
  reworkNotFound: 'Доработка не найдена',
  careTextRequired: 'Напишите ваш вопрос',
  careTextTooLong: `Сообщение — не длиннее ${THREAD_TEXT_MAX} символов`,
  careNotFound: 'Обращение не найдено',
  careClosed: 'Обращение закрыто: создайте новое',
  acceptNotReady: 'Принять можно только работу, которую прислал автор',
  notReviewable: 'Отметить просмотренным можно только файл от автора',
  previewNotAvailable: 'Этот файл нельзя открыть в браузере: скачайте его',
  zipEmpty: 'В заказе нет файлов',
  orderClosed: 'Заказ закрыт: действие недоступно',
} as const;

const id = rowIdSchema;
const fileIds = z.array(id).max(ORDER_MAX_FILES, orderMessages.tooManyOrderFiles);

/** Who did something: the customer, a manager or the author (staff by display name only). */
export const ACTOR_ROLES = ['customer', 'manager', 'performer', 'system'] as const;
export const ActorSchema = z.object({
  role: z.enum(ACTOR_ROLES),
  /** A display name ("Менеджер Ольга", "Автор Иван К."); never an e-mail or phone. */
  name: text(),
});
export type Actor = z.infer<typeof ActorSchema>;

/**
 * Groups of an order's files (spec §3 "Order": files, files_without_qc): the customer's own,
 * the customer's added after work began (without the manager's quality control), and the
 * author's intermediate and final deliveries, and the checking system's originality reports
 * (../orders/originality).
 */
export const FILE_GROUPS = ['customer', 'without_qc', 'intermediate', 'final', 'report'] as const;
export const FileGroupSchema = z.enum(FILE_GROUPS);
export type FileGroup = z.infer<typeof FileGroupSchema>;

export const WorkspaceFileSchema = OrderFileSchema.extend({
  group: FileGroupSchema,
  uploaded_by: ActorSchema,
  /** Received files (intermediate, final) start unreviewed: the "new" mark and count. */
  is_reviewed: z.boolean(),
  /** GET: the file as an attachment. */
  download_url: text(),
  /** GET: inline view for images and PDFs (sandboxed), else null. */
  preview_url: text().nullable(),
});
export type WorkspaceFile = z.infer<typeof WorkspaceFileSchema>;
export const WorkspaceFileListSchema = z.array(WorkspaceFileSchema);

/** `PATCH {id}/files/{fileId}/`. */
export const FileReviewRequestSchema = z.object({ is_reviewed: z.literal(true) });
export type FileReviewRequest = z.infer<typeof FileReviewRequestSchema>;

/** `POST {id}/files/download-zip/`: every file of the order, or only these. */
export const ZipRequestSchema = z.object({ file_ids: fileIds.optional() });
export type ZipRequest = z.input<typeof ZipRequestSchema>;

// The order's workspace fields (attention, rework eligibility…) live with the order schema in
// ../orders/schemas, since every answer carrying an order has them.

export const THREAD_MESSAGE_AUTHORS = ['customer', 'manager', 'performer'] as const;
export const ThreadMessageSchema = z.object({
  id: z.number().int(),
  author: ActorSchema,
  text: text(),
  files: WorkspaceFileListSchema,
  created_at: text(),
});
export type ThreadMessage = z.infer<typeof ThreadMessageSchema>;

const threadText = (required: string, tooLong: string) =>
  text({ error: required }).trim().min(1, required).max(THREAD_TEXT_MAX, tooLong);

// ---- Reworks (`{id}/reworks/`) ----

export const REWORK_STATES = ['open', 'answered'] as const;
export const ReworkStateSchema = z.enum(REWORK_STATES);
export const reworkStateTitles: Record<z.infer<typeof ReworkStateSchema>, string> = {
  open: 'Автор дорабатывает',
  answered: 'Доработка готова',
};

export const ReworkSchema = z.object({
  id: z.number().int(),
  /** 1, 2, … within the order. */
  number: z.number().int().positive(),
  state: ReworkStateSchema,
  comment: text(),
  wished_date: text().nullable(),
  files: WorkspaceFileListSchema,
  created_at: text(),
  answered_at: text().nullable(),
  /** An answer the customer has not opened yet. */
  is_new: z.boolean(),
  /**
   * Staff only, while the rework is open: the final files uploaded since it opened and not yet
   * sent — they belong to its answer (ADR 015), and the answer form offers them.
   */
  answer_files: WorkspaceFileListSchema.optional(),
});
export type Rework = z.infer<typeof ReworkSchema>;

export const ReworkDetailSchema = ReworkSchema.extend({ messages: z.array(ThreadMessageSchema) });
export type ReworkDetail = z.infer<typeof ReworkDetailSchema>;

export const ReworkListSchema = z.object({
  results: z.array(ReworkSchema),
  count: z.number().int().nonnegative(),
  eligibility: ReworkEligibilitySchema,
});
export type ReworkList = z.infer<typeof ReworkListSchema>;

/** `POST {id}/reworks/`: files are ids of the customer's `ajax-files/` uploads. */
export const ReworkCreateRequestSchema = z.object({
  comment: threadText(workspaceMessages.reworkCommentRequired, workspaceMessages.reworkCommentTooLong),
  /** Not earlier than tomorrow (spec §5); checked by the server against Moscow's today. */
  wished_date: DaySchema.nullish(),
  files: fileIds.default([]),
});
export type ReworkCreateRequest = z.input<typeof ReworkCreateRequestSchema>;

// ---- Quality care (`{id}/care/`) ----

export const CARE_KINDS = ['question', 'complaint'] as const;
export const CareKindSchema = z.enum(CARE_KINDS);
export const careKindTitles: Record<z.infer<typeof CareKindSchema>, string> = {
  question: 'Вопрос',
  complaint: 'Жалоба',
};
export const CARE_STATES = ['open', 'answered', 'closed'] as const;
export const CareStateSchema = z.enum(CARE_STATES);
export const careStateTitles: Record<z.infer<typeof CareStateSchema>, string> = {
  open: 'Ждёт ответа',
  answered: 'Есть ответ',
  closed: 'Закрыто',
};

export const CareRequestSchema = z.object({
  id: z.number().int(),
  kind: CareKindSchema,
  state: CareStateSchema,
  /** The first message's text, for the list. */
  subject: text(),
  created_at: text(),
  updated_at: text(),
  /** A staff answer the customer has not opened yet. */
  is_new: z.boolean(),
});
export type CareRequest = z.infer<typeof CareRequestSchema>;

export const CareDetailSchema = CareRequestSchema.extend({ messages: z.array(ThreadMessageSchema) });
export type CareDetail = z.infer<typeof CareDetailSchema>;

export const CareListSchema = z.object({ results: z.array(CareRequestSchema), count: z.number().int() });
export type CareList = z.infer<typeof CareListSchema>;

/** `POST {id}/care/`: a new request; files are ids of `ajax-files/` uploads. */
export const CareCreateRequestSchema = z.object({
  kind: CareKindSchema.default('question'),
  text: threadText(workspaceMessages.careTextRequired, workspaceMessages.careTextTooLong),
  files: fileIds.default([]),
});
export type CareCreateRequest = z.input<typeof CareCreateRequestSchema>;

/** `POST {id}/care/{care}/messages/` (customer) and the staff answer. */
export const ThreadPostRequestSchema = z.object({
  text: threadText(workspaceMessages.careTextRequired, workspaceMessages.careTextTooLong),
  files: fileIds.default([]),
});
export type ThreadPostRequest = z.input<typeof ThreadPostRequestSchema>;

// ---- Timeline (`{id}/timeline/`) ----

export const TIMELINE_KINDS = [
  'created',
  'priced',
  'deadline_changed',
  'paid',
  'author_assigned',
  'file_delivered',
  'rework_opened',
  'rework_answered',
  'care_opened',
  'care_answered',
  'status_changed',
  'accepted',
] as const;
export const TimelineKindSchema = z.enum(TIMELINE_KINDS);
export type TimelineKind = z.infer<typeof TimelineKindSchema>;

export const TimelineEventSchema = z.object({
  id: z.number().int(),
  kind: TimelineKindSchema,
  /** The event in Russian, as the customer reads it («Менеджер назначил цену 5 000 ₽»). */
  text: text(),
  actor: ActorSchema,
  created_at: text(),
});
export type TimelineEvent = z.infer<typeof TimelineEventSchema>;
export const TimelineSchema = z.object({ results: z.array(TimelineEventSchema) });
export type Timeline = z.infer<typeof TimelineSchema>;
