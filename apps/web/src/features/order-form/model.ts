import {
  DaySchema,
  LINK_MAX_LENGTH,
  isAllowedLink,
  linkMessages,
  orderMessages,
  type Draft,
  type DraftUpdateRequest,
  type Order,
  type OrderCreateRequest,
  type OrderUpdateRequest,
  z,
} from '@cabinet/contract';
import { ApiError } from '../../shared/api/errors';

/** Which screen the one form serves. */
export type OrderFormMode = 'new' | 'continue' | 'edit';

export interface UniversityChoice {
  id: number;
  title: string;
}

/**
 * What the fields hold. Selects keep string values, number inputs may hold '' while empty; the
 * work-type select holds either a work type (`wt-3`) or an order packet (`packet-2`).
 */
export interface OrderFormValues {
  kind: string | null;
  subject_id: string | null;
  topic: string;
  university: UniversityChoice | null;
  deadline: string;
  pages: number | string;
  originality: number | string;
  verification_system_id: string | null;
  requirements: string;
  links: Array<{ value: string }>;
  promo_code: string;
}

export const emptyOrderForm = (): OrderFormValues => ({
  kind: null,
  subject_id: null,
  topic: '',
  university: null,
  deadline: '',
  pages: '',
  originality: '',
  verification_system_id: null,
  requirements: '',
  links: [],
  promo_code: '',
});

export type OrderKind = { type: 'workType'; id: number } | { type: 'packet'; id: number };

export const workTypeValue = (id: number) => `wt-${id}`;
export const packetValue = (id: number) => `packet-${id}`;

export function parseKind(value: string | null): OrderKind | null {
  const match = /^(wt|packet)-(\d+)$/.exec(value ?? '');
  if (!match) return null;
  const id = Number(match[2]);
  return match[1] === 'wt' ? { type: 'workType', id } : { type: 'packet', id };
}

export function toId(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** A whole number within [min, max] from a number input, else null. */
export function intInRange(value: number | string, min: number, max: number): number | null {
  if (typeof value === 'string' && value.trim() === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
}

export const isDay = (value: string) => DaySchema.safeParse(value).success;

const filledLinks = (links: OrderFormValues['links']) =>
  links.map((l) => l.value.trim()).filter((l) => l.length > 0);

/**
 * The form's rules: the contract's messages, the date minimum of spec §5 (`today` is the
 * earliest deadline, tomorrow in Moscow) and the link rule for every link filled in. An edited
 * order may keep the deadline it has (the server checks only a changed one).
 */
export function createOrderFormSchema(earliest: string, keptDeadline?: string) {
  return z
    .object({
      kind: z.string().nullable(),
      subject_id: z.string().nullable(),
      topic: z.string().trim().min(1, orderMessages.topicRequired).max(500, orderMessages.topicTooLong),
      university: z.object({ id: z.number(), title: z.string() }).nullable(),
      deadline: z.string(),
      pages: z.union([z.number(), z.string()]),
      originality: z.union([z.number(), z.string()]),
      verification_system_id: z.string().nullable(),
      requirements: z.string().max(10_000, orderMessages.requirementsTooLong),
      links: z.array(z.object({ value: z.string() })),
      promo_code: z.string().trim().max(50, orderMessages.promoTooLong),
    })
    .superRefine((v, ctx) => {
      const kind = parseKind(v.kind);
      if (!kind) ctx.addIssue({ code: 'custom', path: ['kind'], message: orderMessages.workTypeRequired });
      if (!isDay(v.deadline)) {
        ctx.addIssue({ code: 'custom', path: ['deadline'], message: orderMessages.deadlineInvalid });
      } else if (v.deadline < earliest && v.deadline !== keptDeadline) {
        ctx.addIssue({ code: 'custom', path: ['deadline'], message: orderMessages.deadlineTooEarly });
      }
      if (kind?.type !== 'packet' && intInRange(v.pages, 1, 500) === null) {
        ctx.addIssue({ code: 'custom', path: ['pages'], message: orderMessages.pagesInvalid });
      }
      if (String(v.originality).trim() !== '' && intInRange(v.originality, 0, 100) === null) {
        ctx.addIssue({ code: 'custom', path: ['originality'], message: orderMessages.originalityInvalid });
      }
      v.links.forEach((link, i) => {
        const text = link.value.trim();
        if (text && !isAllowedLink(text)) {
          ctx.addIssue({ code: 'custom', path: ['links', i, 'value'], message: linkMessages.invalid });
        }
      });
      if (filledLinks(v.links).length > 20) {
        ctx.addIssue({ code: 'custom', path: ['links'], message: orderMessages.tooManyLinks });
      }
    });
}

/** The error under one link field as the customer types it (spec §5, checked before the server does). */
export function linkError(value: string): string | null {
  const text = value.trim();
  return text && !isAllowedLink(text) ? linkMessages.invalid : null;
}

/**
 * A draft is saved whatever state the form is in, so only what the draft schema accepts is sent:
 * an unfinished date, volume or originality is left out (null) rather than refused.
 */
export function toDraftPayload(v: OrderFormValues, pendingFileIds: number[]): DraftUpdateRequest {
  const kind = parseKind(v.kind);
  return {
    work_type_id: kind?.type === 'workType' ? kind.id : null,
    subject_id: toId(v.subject_id),
    topic: v.topic.slice(0, 500),
    university_id: v.university?.id ?? null,
    deadline: isDay(v.deadline) ? v.deadline : null,
    pages: intInRange(v.pages, 1, 500),
    originality: intInRange(v.originality, 0, 100),
    verification_system_id: toId(v.verification_system_id),
    requirements: v.requirements.slice(0, 10_000),
    links: filledLinks(v.links)
      .slice(0, 20)
      .map((l) => l.slice(0, LINK_MAX_LENGTH)),
    promo_code: v.promo_code.trim().slice(0, 50),
    files: pendingFileIds,
  };
}

function commonFields(v: OrderFormValues) {
  return {
    subject_id: toId(v.subject_id),
    topic: v.topic.trim(),
    university_id: v.university?.id ?? null,
    deadline: v.deadline,
    originality: intInRange(v.originality, 0, 100) ?? 0,
    verification_system_id: toId(v.verification_system_id),
    requirements: v.requirements.trim(),
    links: filledLinks(v.links),
  };
}

/** The body of `POST /` for a validated form; with a draft, the draft becomes the order. */
export function toOrderPayload(
  v: OrderFormValues,
  extra: { fakeId: number | null; files: number[] },
): OrderCreateRequest {
  const kind = parseKind(v.kind);
  const promo = v.promo_code.trim();
  return {
    ...(kind?.type === 'packet'
      ? { packet_id: kind.id }
      : { work_type_id: kind?.id, pages: intInRange(v.pages, 1, 500) ?? undefined }),
    ...commonFields(v),
    ...(promo ? { promo_code: promo } : {}),
    files: extra.files,
    ...(extra.fakeId === null ? {} : { fake_id: extra.fakeId }),
  };
}

/** The body of `PATCH {id}/` for a validated form: the order's fields and newly uploaded files. */
export function toUpdatePayload(v: OrderFormValues, files: number[]): OrderUpdateRequest {
  const kind = parseKind(v.kind);
  return {
    ...(kind?.type === 'workType' ? { work_type_id: kind.id } : {}),
    pages: intInRange(v.pages, 1, 500) ?? undefined,
    ...commonFields(v),
    files,
  };
}

export function valuesFromDraft(draft: Draft): OrderFormValues {
  const d = draft.details;
  return {
    kind: d.work_type ? workTypeValue(d.work_type.id) : null,
    subject_id: d.subject ? String(d.subject.id) : null,
    topic: d.topic,
    university: d.university,
    deadline: d.deadline ?? '',
    pages: d.pages ?? '',
    originality: d.originality ?? '',
    verification_system_id: d.verification_system ? String(d.verification_system.id) : null,
    requirements: d.requirements,
    links: d.links.map((value) => ({ value })),
    promo_code: d.promo_code ?? '',
  };
}

export function valuesFromOrder(order: Order): OrderFormValues {
  const d = order.details;
  return {
    kind: workTypeValue(d.work_type.id),
    subject_id: d.subject ? String(d.subject.id) : null,
    topic: d.topic,
    university: d.university,
    deadline: d.deadline,
    pages: d.pages,
    originality: d.originality,
    verification_system_id: d.verification_system ? String(d.verification_system.id) : null,
    requirements: d.requirements,
    links: d.links.map((value) => ({ value })),
    promo_code: d.promo_code ?? '',
  };
}

const SERVER_FIELDS: Record<string, keyof OrderFormValues> = {
  work_type_id: 'kind',
  packet_id: 'kind',
  university_id: 'university',
};

/** Names the request's fields as the form does (`work_type_id` is the `kind` select, `links.2` its input). */
export function toServerFieldErrors(err: unknown): unknown {
  if (!(err instanceof ApiError)) return err;
  const fieldErrors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(err.fieldErrors)) {
    const link = /^links\.(\d+)$/.exec(key);
    const name = link ? `links.${link[1]}.value` : (SERVER_FIELDS[key] ?? key);
    fieldErrors[name] ??= messages;
  }
  return new ApiError({
    message: err.message,
    status: err.status,
    kind: err.kind,
    body: err.body,
    detail: err.detail,
    fieldErrors,
  });
}
