import { ratingOf, type AuthorRating, type OrderAuthor } from '@cabinet/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { authorRow, visibleRatingTotals } from './repo';

/** An author's rating: the visible reviews' mean to one decimal, null under three of them. */
export async function authorRating(db: Kysely<DB>, authorId: number): Promise<AuthorRating> {
  const { count, sum } = await visibleRatingTotals(db, authorId);
  return ratingOf(sum, count);
}

/** The order's author as its customer sees them: id, display name, rating; undefined if gone. */
export async function orderAuthor(db: Kysely<DB>, authorId: number): Promise<OrderAuthor | undefined> {
  const [row, rating] = await Promise.all([authorRow(db, authorId), authorRating(db, authorId)]);
  return row ? { id: row.id, name: row.name, rating } : undefined;
}
