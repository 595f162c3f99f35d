import {
  DaySchema,
  LINK_MAX_LENGTH,
  isAllowedLink,
  linkMessages,
  orderMessages,
  type CalculateDiscountRequest,
  promoMessages,
  type CostBreakdown,
  type DiscountBreakdown,
  type DiscountLine,
  type Draft,
  type DraftUpdateRequest,
  type Order,
  type OrderCreateRequest,
  type OrderPacket,
  type OrderUpdateRequest,
  type PromoStatus,
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

function toId(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** A whole number within [min, max] from a number input, else null. */
function intInRange(value: number | string, min: number, max: number): number | null {
  if (typeof value === 'string' && value.trim() === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
}

const isDay = (value: string) => DaySchema.safeParse(value).success;

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

// --- price -----------------------------------------------------------------------------------

/** What one price calculation needs: one item for a single order, several for a packet. */
export interface PriceInput {
  /** A packet's works are named in the breakdown; a single order's work is the form's own choice. */
  items: Array<{ work_type_id: number; pages: number; title: string | null }>;
  deadline: string;
  originality: number;
  verification_system_id: number | null;
  promo_code: string;
  /** The packet chosen, priced with its discount; null for a single order. */
  packet: { id: number; percent: number } | null;
  /** The order being edited: priced with the discounts it has, as saving it will. */
  orderId: number | null;
}

/** The order being edited, for the price: its id and the deadline it may keep. */
export interface EditedOrder {
  id: number;
  deadline: string;
}

/** Null until the fields the price depends on are filled in and valid. */
export function toPriceInput(
  v: OrderFormValues,
  earliest: string,
  packets: readonly OrderPacket[],
  edited: EditedOrder | null = null,
): PriceInput | null {
  const kind = parseKind(v.kind);
  if (!kind || !isDay(v.deadline)) return null;
  if (v.deadline < earliest && v.deadline !== edited?.deadline) return null;
  const originality = String(v.originality).trim() === '' ? 0 : intInRange(v.originality, 0, 100);
  if (originality === null) return null;
  const common = {
    deadline: v.deadline,
    originality,
    verification_system_id: toId(v.verification_system_id),
    // An edited order keeps the code it was placed with; the server knows it.
    promo_code: edited ? '' : v.promo_code.trim().slice(0, 50),
    orderId: edited?.id ?? null,
  };
  if (kind.type === 'packet') {
    const packet = packets.find((p) => p.id === kind.id);
    if (!packet) return null;
    return {
      ...common,
      items: packet.items.map((i) => ({
        work_type_id: i.work_type_id,
        pages: i.pages,
        title: i.work_type_title,
      })),
      packet: { id: packet.id, percent: packet.discount_percent },
    };
  }
  const pages = intInRange(v.pages, 1, 500);
  if (pages === null) return null;
  return { ...common, items: [{ work_type_id: kind.id, pages, title: null }], packet: null };
}

/** The body of `calculate-discount/` for one work (`calculate-cost/` takes it without the code). */
export function costRequest(input: PriceInput, item: PriceInput['items'][number]): CalculateDiscountRequest {
  return {
    work_type_id: item.work_type_id,
    pages: item.pages,
    deadline: input.deadline,
    originality: input.originality,
    verification_system_id: input.verification_system_id,
    ...(input.promo_code ? { promo_code: input.promo_code } : {}),
    ...(input.packet ? { packet_id: input.packet.id } : {}),
    ...(input.orderId === null ? {} : { order_id: input.orderId }),
  };
}

/** One work as the server priced it: its cost breakdown and its discounts. */
export interface PricedItem {
  title: string | null;
  cost: CostBreakdown;
  discount: DiscountBreakdown;
}

/** The breakdown shown before submitting, all from the server's answers; kopecks. */
export interface PriceQuote {
  items: PricedItem[];
  /** The discount lines of every work added up, one per reason, in the server's order. */
  discounts: DiscountLine[];
  /** The cap cut the discounts of some work. */
  capped: boolean;
  promoStatus: PromoStatus;
  packetPercent: number | null;
  /** What the order (or the packet's orders together) will cost: the sum the server saves. */
  total: number;
}

/** Adds up the works of a quote; the total is the sum of the totals the server gave each. */
export function combineQuote(items: PricedItem[], packetPercent: number | null): PriceQuote {
  const discounts: DiscountLine[] = [];
  for (const line of items.flatMap((i) => i.discount.lines)) {
    const same = discounts.find((d) => d.reason === line.reason);
    if (same) same.amount += line.amount;
    else discounts.push({ ...line });
  }
  return {
    items,
    discounts,
    capped: items.some((i) => i.discount.capped),
    promoStatus: items[0]?.discount.promo_status ?? 'none',
    packetPercent,
    total: items.reduce((sum, i) => sum + i.discount.total, 0),
  };
}

/** A promo code the server did not take, as the error under its field; null when it is fine. */
export function promoProblem(quote: PriceQuote | null): string | null {
  const status = quote?.promoStatus ?? 'none';
  return status === 'none' || status === 'applied' ? null : promoMessages[status];
}

export type LatestEvent<O> =
  { status: 'loading' } | { status: 'done'; result: O } | { status: 'error'; error: unknown };

/**
 * Runs a calculation some time after the last change (debounce), and only the newest one: a
 * newer run aborts the one in flight, and a stale answer is never reported.
 */
export class LatestRun<I, O> {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private controller: AbortController | null = null;

  constructor(
    private readonly run: (input: I, signal: AbortSignal) => Promise<O>,
    private readonly delayMs: number,
    private readonly listener: (event: LatestEvent<O>) => void,
    private readonly abortReason = 'новый расчёт',
  ) {}

  schedule(input: I): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.start(input), this.delayMs);
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.controller?.abort(this.abortReason);
    this.controller = null;
  }

  private start(input: I): void {
    this.controller?.abort(this.abortReason);
    const controller = new AbortController();
    this.controller = controller;
    this.listener({ status: 'loading' });
    this.run(input, controller.signal).then(
      (result) => {
        if (this.controller === controller) this.listener({ status: 'done', result });
      },
      (error: unknown) => {
        if (this.controller === controller && !controller.signal.aborted) {
          this.listener({ status: 'error', error });
        }
      },
    );
  }
}

// --- drafts ----------------------------------------------------------------------------------

export type DraftSaveStatus = 'idle' | 'saving' | 'saved' | 'error';

export interface DraftSaverDeps {
  /** The draft as the form holds it now, with the ids of uploads not yet attached. */
  read(): DraftUpdateRequest;
  create(body: DraftUpdateRequest): Promise<Draft>;
  update(id: number, body: DraftUpdateRequest): Promise<Draft>;
  onStatus(status: DraftSaveStatus): void;
  onSaved(draft: Draft, sent: DraftUpdateRequest): void;
  delayMs: number;
}

function fieldsKey(body: DraftUpdateRequest): string {
  const { files: _files, ...fields } = body;
  return JSON.stringify(fields);
}

/**
 * Saves the server-side draft as the customer types: the first save creates it, later ones
 * update it, one at a time and in order, and only when something changed.
 */
export class DraftSaver {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private chain: Promise<void> = Promise.resolve();
  private lastSent: string;
  private stopped = false;

  constructor(
    private readonly deps: DraftSaverDeps,
    public draftId: number | null,
    initial: DraftUpdateRequest,
  ) {
    this.lastSent = fieldsKey(initial);
  }

  schedule(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.saveNow(), this.deps.delayMs);
  }

  saveNow(): Promise<void> {
    this.chain = this.chain.then(() => this.save());
    return this.chain;
  }

  /** Stops saving (the order is being placed) and waits for a save in flight; gives the draft id. */
  async stop(): Promise<number | null> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.chain;
    return this.draftId;
  }

  resume(): void {
    this.stopped = false;
  }

  private async save(): Promise<void> {
    const body = this.deps.read();
    const key = fieldsKey(body);
    if (key === this.lastSent && !body.files?.length) return;
    this.deps.onStatus('saving');
    try {
      const draft =
        this.draftId === null ? await this.deps.create(body) : await this.deps.update(this.draftId, body);
      this.draftId = draft.id;
      this.lastSent = key;
      this.deps.onSaved(draft, body);
      this.deps.onStatus('saved');
    } catch {
      this.deps.onStatus('error');
    }
  }
}
