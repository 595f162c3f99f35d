// Rows of the orders tables as the contract shapes them for the customer.

import {
  ORDER_STATUSES,
  orderStatus,
  type Draft,
  type OrderFile,
  type OrderListItem,
  type OrderRef,
} from '@cabinet/contract';
import type { Selectable } from 'kysely';
import type { PromoCodesTable } from '../../db/types';
import type { PromoRecord } from './pricing';
import type { FileRow, OrderRow, ReferenceTitles } from './repo';
import { storedStatus } from './statuses';

function ref(id: number | null, titles: ReadonlyMap<number, string>): OrderRef | null {
  if (id === null) return null;
  return { id, title: titles.get(id) ?? '' };
}

export function titleOf(row: OrderRow, t: ReferenceTitles): string {
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

export function toListItem(row: OrderRow, t: ReferenceTitles): OrderListItem {
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
