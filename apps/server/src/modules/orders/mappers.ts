// Rows of the orders tables as the contract shapes them for the customer.

import {
  ORDER_STATUSES,
  ORDER_STATUS_IDS,
  orderStatus,
  type Draft,
  type OrderFile,
  type OrderListItem,
  type OrderRef,
} from '@cabinet/contract';
import type { Selectable } from 'kysely';
import type { PromoCodesTable } from '../../db/types';
import type { PromoRecord } from './pricing';
import type { FileRow, ListRow, OrderRow, ReferenceTitles } from './repo';
import { storedStatus } from './statuses';

function ref(id: number | null, titles: ReadonlyMap<number, string>): OrderRef | null {
  if (id === null) return null;
  return { id, title: titles.get(id) ?? '' };
}

export function titleOf(row: Pick<OrderRow, 'work_type_id'>, t: ReferenceTitles): string {
  return ref(row.work_type_id, t.workTypes)?.title ?? '';
}

function parseLinks(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function toFile(row: FileRow): OrderFile {
  return { id: row.id, name: row.original_name, size: row.size, mime: row.mime, created_at: row.created_at };
}

export function toListItem(row: ListRow, t: ReferenceTitles): OrderListItem {
  const status = storedStatus(row.status_id);
  const isTrash = row.is_trash === 1;
  return {
    id: row.id,
    status: orderStatus(status),
    trash: { is_trash: isTrash },
    is_editable: !isTrash && ORDER_STATUSES[status].editable,
    title: titleOf(row, t),
    details: {
      work_type: ref(row.work_type_id, t.workTypes) ?? { id: 0, title: '' },
      subject: ref(row.subject_id, t.subjects),
      topic: row.topic,
      university: ref(row.university_id, t.universities),
      deadline: row.deadline ?? '',
      pages: row.pages ?? 0,
      originality: row.originality ?? 0,
      verification_system: ref(row.verification_system_id, t.verificationSystems),
      requirements: row.requirements,
      links: parseLinks(row.links),
      promo_code: row.promo_code,
    },
    cost: row.cost,
    discount: row.discount,
    price: row.price,
    is_first_order: row.is_first_order === 1,
    packet_id: row.packet_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The JSON text of a string or null, as JSON.stringify writes it. */
const json = JSON.stringify as (value: string | null) => string;
/** The JSON text of a number (or null), as JSON.stringify writes it: without a call into it. */
function num(value: number | null): string {
  return value !== null && Number.isFinite(value) ? `${value}` : 'null';
}

/** `{"id":…,"title":…}` of every reference by id, written once. */
function refTexts(titles: ReadonlyMap<number, string>): Map<number, string> {
  return new Map([...titles].map(([id, title]) => [id, refText(id, title)]));
}
function refText(id: number, title: string): string {
  return `{"id":${num(id)},"title":${json(title)}}`;
}

/** Each status's `{"id":…,"title":…}` and whether an order in it can be edited, written once. */
const STATUS_TEXTS = new Map(
  ORDER_STATUS_IDS.map((id) => [
    id,
    { json: refText(id, orderStatus(id).title), editable: ORDER_STATUSES[id].editable },
  ]),
);

/**
 * A list item's text between its id and `"title"` — `,"status":…,"trash":…,"is_editable":…,` —
 * for a status, trashed (1) or not; throws for a status the lifecycle does not know, as toListItem.
 * Migration 009's `order_list_heads` holds the same texts for the database's items (a test
 * compares them).
 */
export function listItemAfterId(statusId: number, isTrash: number): string {
  const status = STATUS_TEXTS.get(storedStatus(statusId)) as { json: string; editable: boolean };
  const trashed = isTrash === 1;
  return `,"status":${status.json},"trash":{"is_trash":${trashed}},"is_editable":${!trashed && status.editable},`;
}

/**
 * Writes a list row as the JSON text of {@link toListItem}'s item — the same bytes as
 * JSON.stringify of it, which a property test holds — without building the item: the statuses and
 * the references (titles that change only with a restart) are written once, and each row costs
 * only its own strings. Rendering a page when the page cache misses is what a customer's first
 * look at the list costs; building the items and JSON.stringify walking them were a sixth of it.
 */
export class ListItemWriter {
  private readonly workTypes: Map<number, string>;
  private readonly subjects: Map<number, string>;
  private readonly universities: Map<number, string>;
  private readonly verificationSystems: Map<number, string>;

  constructor(private readonly titles: ReferenceTitles) {
    this.workTypes = refTexts(titles.workTypes);
    this.subjects = refTexts(titles.subjects);
    this.universities = refTexts(titles.universities);
    this.verificationSystems = refTexts(titles.verificationSystems);
  }

  item(row: ListRow): string {
    const workType = row.work_type_id;
    return (
      `{"id":${num(row.id)}${listItemAfterId(row.status_id, row.is_trash)}` +
      `"title":${json(workType === null ? '' : (this.titles.workTypes.get(workType) ?? ''))},` +
      `"details":{"work_type":${workType === null ? '{"id":0,"title":""}' : refJson(this.workTypes, workType)},` +
      `"subject":${refJson(this.subjects, row.subject_id)},"topic":${json(row.topic)},` +
      `"university":${refJson(this.universities, row.university_id)},"deadline":${json(row.deadline ?? '')},` +
      `"pages":${num(row.pages ?? 0)},"originality":${num(row.originality ?? 0)},` +
      `"verification_system":${refJson(this.verificationSystems, row.verification_system_id)},` +
      `"requirements":${json(row.requirements)},"links":${row.links === '[]' ? '[]' : JSON.stringify(parseLinks(row.links))},` +
      `"promo_code":${json(row.promo_code)}},"cost":${num(row.cost)},"discount":${num(row.discount)},` +
      `"price":${num(row.price)},"is_first_order":${row.is_first_order === 1},"packet_id":${num(row.packet_id)},` +
      `"created_at":${json(row.created_at)},"updated_at":${json(row.updated_at)}}`
    );
  }
}

/** A reference's JSON text, or null; an id missing from the titles gets an empty title, as in ref. */
function refJson(texts: ReadonlyMap<number, string>, id: number | null): string {
  if (id === null) return 'null';
  return texts.get(id) ?? refText(id, '');
}

export function toDraft(row: OrderRow, files: FileRow[], t: ReferenceTitles): Draft {
  return {
    id: row.id,
    is_fake: true,
    details: {
      work_type: ref(row.work_type_id, t.workTypes),
      subject: ref(row.subject_id, t.subjects),
      topic: row.topic,
      university: ref(row.university_id, t.universities),
      deadline: row.deadline,
      pages: row.pages,
      originality: row.originality,
      verification_system: ref(row.verification_system_id, t.verificationSystems),
      requirements: row.requirements,
      links: parseLinks(row.links),
      promo_code: row.promo_code,
    },
    files: files.map(toFile),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toPromoRecord(row: Selectable<PromoCodesTable>): PromoRecord {
  return {
    kind: row.kind,
    value: row.value,
    expires_at: row.expires_at,
    max_uses: row.max_uses,
    uses: row.uses,
  };
}

export const normalizePromo = (code: string) => code.trim().toUpperCase();
