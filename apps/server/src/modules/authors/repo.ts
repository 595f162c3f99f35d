import { OrderStatusId } from '@cabinet/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';

/** All of the authors module's SQL: staff profiles, their subjects, and the reviews of authors. */

export function authorRow(db: Kysely<DB>, staffId: number) {
  return db
    .selectFrom('staff_users')
    .select(['id', 'name', 'about', 'role'])
    .where('id', '=', staffId)
    .executeTakeFirst();
}

/** The count and sum of an author's visible reviews. */
export async function visibleRatingTotals(
  db: Kysely<DB>,
  authorId: number,
): Promise<{ count: number; sum: number }> {
  const row = await db
    .selectFrom('author_reviews')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number | null>('rating').as('total')])
    .where('author_id', '=', authorId)
    .where('hidden_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), sum: Number(row.total ?? 0) };
}

/** Orders the author finished: accepted by their customers («Выполнен»). */
export async function completedOrders(db: Kysely<DB>, authorId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('performer_id', '=', authorId)
    .where('status_id', '=', OrderStatusId.completed)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function subjectsOf(db: Kysely<DB>, staffId: number) {
  return db
    .selectFrom('staff_subjects')
    .innerJoin('subjects', 'subjects.id', 'staff_subjects.subject_id')
    .select(['subjects.id', 'subjects.title'])
    .where('staff_subjects.staff_id', '=', staffId)
    .orderBy('subjects.title')
    .execute();
}

/** Every reference subject, by title. */
export function allSubjects(db: Kysely<DB>) {
  return db.selectFrom('subjects').select(['id', 'title']).orderBy('title').orderBy('id').execute();
}

/** Which of these subject ids the reference holds. */
export async function knownSubjectIds(db: Kysely<DB>, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('subjects').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export async function saveProfile(
  trx: Kysely<DB>,
  staffId: number,
  about: string,
  subjectIds: readonly number[],
): Promise<void> {
  await trx.updateTable('staff_users').set({ about }).where('id', '=', staffId).execute();
  await trx.deleteFrom('staff_subjects').where('staff_id', '=', staffId).execute();
  if (subjectIds.length > 0) {
    await trx
      .insertInto('staff_subjects')
      .values(subjectIds.map((subject_id) => ({ staff_id: staffId, subject_id })))
      .execute();
  }
}

/** The customer has (or had: they reviewed them) an order with this author. */
export async function customerKnowsAuthor(
  db: Kysely<DB>,
  userId: number,
  authorId: number,
): Promise<boolean> {
  const order = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('performer_id', '=', authorId)
    .limit(1)
    .executeTakeFirst();
  if (order) return true;
  const review = await db
    .selectFrom('author_reviews')
    .select('id')
    .where('user_id', '=', userId)
    .where('author_id', '=', authorId)
    .limit(1)
    .executeTakeFirst();
  return review !== undefined;
}

function reviewsQuery(db: Kysely<DB>) {
  return db
    .selectFrom('author_reviews as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('work_types as w', 'w.id', 'o.work_type_id')
    .select([
      'r.id',
      'r.order_id',
      'r.author_id',
      'r.user_id',
      'r.rating',
      'r.text',
      'r.created_at',
      'r.updated_at',
      'r.hidden_at',
      'r.hidden_reason',
      'u.fio',
      'w.title as work_type',
    ]);
}
export type ReviewRow = Awaited<ReturnType<ReturnType<typeof reviewsQuery>['executeTakeFirstOrThrow']>>;

/** A page of the author's visible reviews, newest first. */
export function visibleReviews(db: Kysely<DB>, authorId: number, limit: number, offset: number) {
  return reviewsQuery(db)
    .where('r.author_id', '=', authorId)
    .where('r.hidden_at', 'is', null)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Every review of the author, the hidden ones too, newest first (the staff side). */
export function allReviews(db: Kysely<DB>, authorId: number) {
  return reviewsQuery(db)
    .where('r.author_id', '=', authorId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
}

export function reviewOfOrder(db: Kysely<DB>, orderId: number) {
  return reviewsQuery(db).where('r.order_id', '=', orderId).executeTakeFirst();
}

export function reviewById(db: Kysely<DB>, reviewId: number) {
  return reviewsQuery(db).where('r.id', '=', reviewId).executeTakeFirst();
}

/** The order as reading a review needs it (writing locks it with the orders module's `lockOrder`). */
export function orderForReview(db: Kysely<DB>, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'user_id', 'performer_id', 'status_id'])
    .where('id', '=', orderId)
    .where('is_fake', '=', 0)
    .executeTakeFirst();
}

/** The customer accepted the work at some point (an `accepted` event), whatever came after. */
export async function wasAccepted(db: Kysely<DB>, orderId: number): Promise<boolean> {
  const row = await db
    .selectFrom('order_events')
    .select('id')
    .where('order_id', '=', orderId)
    .where('kind', '=', 'accepted')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertReview(
  trx: Kysely<DB>,
  values: { order_id: number; author_id: number; user_id: number; rating: number; text: string; at: string },
): Promise<number> {
  const row = await trx
    .insertInto('author_reviews')
    .values({
      order_id: values.order_id,
      author_id: values.author_id,
      user_id: values.user_id,
      rating: values.rating,
      text: values.text,
      created_at: values.at,
      updated_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateReview(
  trx: Kysely<DB>,
  reviewId: number,
  values: { rating: number; text: string; at: string },
): Promise<void> {
  await trx
    .updateTable('author_reviews')
    .set({ rating: values.rating, text: values.text, updated_at: values.at })
    .where('id', '=', reviewId)
    .execute();
}

/** Hides a visible review; false when it was hidden already (a race lost or a repeat). */
export async function hideReview(
  trx: Kysely<DB>,
  reviewId: number,
  values: { reason: string; by: number; at: string },
): Promise<boolean> {
  const res = await trx
    .updateTable('author_reviews')
    .set({ hidden_at: values.at, hidden_reason: values.reason, hidden_by: values.by })
    .where('id', '=', reviewId)
    .where('hidden_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export function staffEmail(db: Kysely<DB>, staffId: number) {
  return db.selectFrom('staff_users').select(['email', 'name']).where('id', '=', staffId).executeTakeFirst();
}
