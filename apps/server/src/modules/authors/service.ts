import {
  AUTHOR_REVIEWS_PAGE_SIZE,
  REVIEW_EDIT_DAYS,
  api,
  authorMessages,
  orderMessages,
  type AuthorProfile,
  type OrderReviewState,
  type OwnReview,
  type Review,
  type StaffAuthor,
  type StaffProfile,
  type StaffReview,
  type StaffSubjectList,
} from '@cabinet/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/types';
import { reviewHiddenMail } from '../../mail';
import type { Mailer } from '../../plugins/mailer';
import { HttpError } from '../../plugins/errors';
import { lockCustomer } from '../ledger';
import { firstName, lockOrder } from '../orders';
import { authorRating } from './rating';
import * as repo from './repo';

export interface AuthorsDeps {
  db: Kysely<DB>;
  config: Pick<Config, 'PUBLIC_URL'>;
  mailer?: Mailer;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const orderNotFound = () => new HttpError(404, orderMessages.orderNotFound);
const authorNotFound = () => new HttpError(404, authorMessages.authorNotFound);

function editableUntil(createdAt: string): string {
  return new Date(Date.parse(createdAt) + REVIEW_EDIT_DAYS * DAY_MS).toISOString();
}

function toReview(row: repo.ReviewRow): Review {
  return {
    id: row.id,
    rating: row.rating,
    text: row.text,
    customer_name: firstName(row.fio),
    work_type: row.work_type ?? '',
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function toOwnReview(row: repo.ReviewRow, now: Date): OwnReview {
  const until = editableUntil(row.created_at);
  return { ...toReview(row), editable_until: until, editable: now.getTime() < Date.parse(until) };
}

function toStaffReview(row: repo.ReviewRow): StaffReview {
  return {
    ...toReview(row),
    order_id: row.order_id,
    hidden: row.hidden_at ? { reason: row.hidden_reason ?? '', at: row.hidden_at } : null,
  };
}

/** Authors' profiles, the customers' reviews of them, and a manager hiding a review. */
export class AuthorsService {
  constructor(private readonly deps: AuthorsDeps) {}

  /** Only an author (role performer) has a profile; anyone else's id is not found. */
  private async author(authorId: number) {
    const row = await repo.authorRow(this.deps.db, authorId);
    if (!row || row.role !== 'performer') throw authorNotFound();
    return row;
  }

  /** A customer's view of an author they have (or had) an order with; anyone else: 404. */
  async profileForCustomer(userId: number, authorId: number, page: number): Promise<AuthorProfile> {
    const db = this.deps.db;
    if (!(await repo.customerKnowsAuthor(db, userId, authorId))) throw authorNotFound();
    const author = await this.author(authorId);
    const [rating, completed, subjects] = await Promise.all([
      authorRating(db, authorId),
      repo.completedOrders(db, authorId),
      repo.subjectsOf(db, authorId),
    ]);
    const count = rating.count;
    const lastPage = Math.max(1, Math.ceil(count / AUTHOR_REVIEWS_PAGE_SIZE));
    if (page > lastPage) throw new HttpError(404, orderMessages.invalidPage);
    const rows = await repo.visibleReviews(
      db,
      authorId,
      AUTHOR_REVIEWS_PAGE_SIZE,
      (page - 1) * AUTHOR_REVIEWS_PAGE_SIZE,
    );
    return {
      id: author.id,
      name: author.name,
      avatars: {},
      about: author.about,
      rating,
      completed_orders: completed,
      subjects,
      reviews: {
        results: rows.map(toReview),
        count,
        next: page < lastPage ? this.pageUrl(authorId, page + 1) : null,
        previous: page > 1 ? this.pageUrl(authorId, page - 1) : null,
      },
    };
  }

  /** Like the orders list: absolute, the first page without `page`. */
  private pageUrl(authorId: number, page: number): string {
    const url = new URL(api.authors.byId(authorId), this.deps.config.PUBLIC_URL);
    if (page > 1) url.searchParams.set('page', String(page));
    return url.toString();
  }

  /** Whether the customer may review the order now, and their review if written. */
  async reviewState(userId: number, orderId: number, now = new Date()): Promise<OrderReviewState> {
    const db = this.deps.db;
    const order = await repo.orderForReview(db, orderId);
    if (!order || order.user_id !== userId) throw orderNotFound();
    const row = await repo.reviewOfOrder(db, orderId);
    const allowed = order.performer_id !== null && (await repo.wasAccepted(db, orderId));
    return { allowed, review: row ? toOwnReview(row, now) : null };
  }

  /**
   * The customer rates the order's author: once the work is accepted, one review per order; a
   * repeat edits it within REVIEW_EDIT_DAYS of its writing, later 409. `created` tells 201 from 200.
   */
  async review(
    userId: number,
    orderId: number,
    body: { rating: number; text: string },
    now = new Date(),
  ): Promise<{ review: OwnReview; created: boolean }> {
    const db = this.deps.db;
    const { id, created } = await db.transaction().execute(async (trx) => {
      await lockCustomer(trx, userId);
      const order = await lockOrder(trx, orderId);
      if (!order || order.user_id !== userId) throw orderNotFound();
      if (order.performer_id === null) throw new HttpError(409, authorMessages.reviewNoAuthor);
      if (!(await repo.wasAccepted(trx, orderId))) throw new HttpError(409, authorMessages.reviewNotAccepted);
      const at = now.toISOString();
      const existing = await repo.reviewOfOrder(trx, orderId);
      if (existing) {
        if (now.getTime() >= Date.parse(editableUntil(existing.created_at))) {
          throw new HttpError(409, authorMessages.reviewEditExpired);
        }
        await repo.updateReview(trx, existing.id, { rating: body.rating, text: body.text, at });
        return { id: existing.id, created: false };
      }
      const reviewId = await repo.insertReview(trx, {
        order_id: orderId,
        author_id: order.performer_id,
        user_id: userId,
        rating: body.rating,
        text: body.text,
        at,
      });
      return { id: reviewId, created: true };
    });
    const row = await repo.reviewById(db, id);
    if (!row) throw orderNotFound();
    return { review: toOwnReview(row, now), created };
  }

  // ---- The staff side ----

  async subjects(): Promise<StaffSubjectList> {
    return { results: await repo.allSubjects(this.deps.db) };
  }

  async staffProfile(staffId: number): Promise<StaffProfile> {
    const row = await repo.authorRow(this.deps.db, staffId);
    return { about: row?.about ?? '', subjects: await repo.subjectsOf(this.deps.db, staffId) };
  }

  async saveStaffProfile(
    staffId: number,
    body: { about: string; subject_ids: number[] },
  ): Promise<StaffProfile> {
    const ids = [...new Set(body.subject_ids)];
    const known = await repo.knownSubjectIds(this.deps.db, ids);
    const unknown = ids.findIndex((id) => !known.has(id));
    if (unknown !== -1) {
      throw new HttpError(400, authorMessages.unknownSubject, {
        subject_ids: [authorMessages.unknownSubject],
      });
    }
    await this.deps.db.transaction().execute((trx) => repo.saveProfile(trx, staffId, body.about, ids));
    return this.staffProfile(staffId);
  }

  /** The staff side's view of an author: a manager sees anyone, an author only themselves (else 404). */
  async staffAuthor(
    staff: { id: number; role: 'manager' | 'performer' },
    authorId: number,
  ): Promise<StaffAuthor> {
    if (staff.role !== 'manager' && staff.id !== authorId) throw authorNotFound();
    const db = this.deps.db;
    const author = await this.author(authorId);
    const [rating, completed, subjects, reviews] = await Promise.all([
      authorRating(db, authorId),
      repo.completedOrders(db, authorId),
      repo.subjectsOf(db, authorId),
      repo.allReviews(db, authorId),
    ]);
    return {
      id: author.id,
      name: author.name,
      about: author.about,
      rating,
      completed_orders: completed,
      subjects,
      reviews: reviews.map(toStaffReview),
    };
  }

  /** A manager hides a review with a reason; the author hears of it by e-mail (queued in the same transaction). */
  async hide(managerId: number, reviewId: number, reason: string): Promise<StaffReview> {
    const db = this.deps.db;
    await db.transaction().execute(async (trx) => {
      const review = await repo.reviewById(trx, reviewId);
      if (!review) throw new HttpError(404, authorMessages.reviewNotFound);
      const hidden = await repo.hideReview(trx, reviewId, {
        reason,
        by: managerId,
        at: new Date().toISOString(),
      });
      if (!hidden) throw new HttpError(409, authorMessages.reviewAlreadyHidden);
      const author = await repo.staffEmail(trx, review.author_id);
      if (author && this.deps.mailer) {
        const link = `${this.deps.config.PUBLIC_URL.replace(/\/+$/, '')}/staff/profile`;
        await this.deps.mailer.send(
          reviewHiddenMail(author.email, { orderId: review.order_id, rating: review.rating, reason }, link),
          trx,
        );
      }
    });
    const row = await repo.reviewById(db, reviewId);
    if (!row) throw new HttpError(404, authorMessages.reviewNotFound);
    return toStaffReview(row);
  }
}
