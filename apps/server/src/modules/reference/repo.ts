import type { OrderPacket, Subject, University, VerificationSystem, WorkType } from '@cabinet/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';

export function listWorkTypes(db: Kysely<DB>): Promise<WorkType[]> {
  return db
    .selectFrom('work_types')
    .select(['id', 'slug', 'title', 'price_per_page', 'min_pages', 'typical_pages', 'min_days'])
    .orderBy('sort')
    .execute();
}

export async function listOrderPackets(db: Kysely<DB>): Promise<OrderPacket[]> {
  const packets = await db
    .selectFrom('order_packets')
    .select(['id', 'slug', 'title', 'description', 'discount_percent'])
    .orderBy('sort')
    .execute();
  const items = await db
    .selectFrom('order_packet_items as i')
    .innerJoin('work_types as w', 'w.id', 'i.work_type_id')
    .select(['i.packet_id', 'i.work_type_id', 'w.title as work_type_title', 'i.pages'])
    .orderBy('i.packet_id')
    .orderBy('i.position')
    .execute();
  return packets.map((p) => ({
    ...p,
    items: items
      .filter((i) => i.packet_id === p.id)
      .map(({ work_type_id, work_type_title, pages }) => ({ work_type_id, work_type_title, pages })),
  }));
}

export function listSubjects(db: Kysely<DB>): Promise<Subject[]> {
  return db
    .selectFrom('subjects as s')
    .innerJoin('subject_groups as g', 'g.id', 's.group_id')
    .select(['s.id', 's.title', 's.group_id', 'g.title as group_title'])
    .orderBy('g.sort')
    .orderBy('s.sort')
    .execute();
}

/**
 * Universities whose stored key contains the normalised query: those where a name, short name
 * or city starts with it first, then those where a word starts with it, then the rest; within
 * each, the more popular first. An empty query gives the most popular.
 */
export function searchUniversities(
  db: Kysely<DB>,
  normalizedQuery: string,
  limit: number,
): Promise<University[]> {
  let query = db.selectFrom('universities').select(['id', 'title', 'short_title', 'city']);
  if (normalizedQuery) {
    const key = sql.ref('search_key');
    const rank = sql<number>`case when ${key} like ${`%|${normalizedQuery}%`} then 0 when ${key} like ${`% ${normalizedQuery}%`} then 1 else 2 end`;
    query = query.where('search_key', 'like', `%${normalizedQuery}%`).orderBy(rank);
  }
  return query.orderBy('sort').limit(limit).execute();
}

export function listVerificationSystems(db: Kysely<DB>): Promise<VerificationSystem[]> {
  return db
    .selectFrom('verification_systems')
    .select(['id', 'slug', 'title', 'price_factor_percent'])
    .orderBy('sort')
    .execute();
}
