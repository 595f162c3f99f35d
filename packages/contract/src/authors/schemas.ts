import { z } from '../common/zod';
import { rowIdSchema } from '../common/ids';
import { text } from '../common/input';
import { AvatarSchema } from '../profile/avatar';

/**
 * Authors as the customer meets them: a name, a rating from the customers' reviews, what they
 * write about, and the reviews themselves. A customer reviews an order's author once, after
 * accepting the work; a manager may hide a review, and the rating counts the visible ones only.
 */

/** Under this many visible reviews the rating has no value yet (one or two say little). */
export const AUTHOR_RATING_MIN_REVIEWS = 3;
/** A customer may change their review for this many days after writing it. */
export const REVIEW_EDIT_DAYS = 14;
export const REVIEW_TEXT_MAX = 2000;
export const AUTHOR_ABOUT_MAX = 500;
export const HIDE_REASON_MAX = 500;
/** The most subjects an author may name. */
export const AUTHOR_SUBJECTS_MAX = 30;
export const AUTHOR_REVIEWS_PAGE_SIZE = 10;

export const authorMessages = {
  reviewNotAccepted: 'Оценить автора можно после того, как вы примете работу',
  reviewEditExpired: `Отзыв можно изменить в течение ${REVIEW_EDIT_DAYS} дней после того, как он написан`,
  reviewNoAuthor: 'У этого заказа нет автора, которого можно оценить',
  ratingRequired: 'Поставьте оценку от 1 до 5',
  reviewTooLong: `Отзыв — не длиннее ${REVIEW_TEXT_MAX} символов`,
  aboutTooLong: `Рассказ о себе — не длиннее ${AUTHOR_ABOUT_MAX} символов`,
  tooManySubjects: `Не больше ${AUTHOR_SUBJECTS_MAX} предметов`,
  unknownSubject: 'Такого предмета нет в справочнике',
  hideReasonRequired: 'Укажите причину, по которой отзыв скрыт',
  hideReasonTooLong: `Причина — не длиннее ${HIDE_REASON_MAX} символов`,
  reviewAlreadyHidden: 'Этот отзыв уже скрыт',
  authorNotFound: 'Автор не найден',
  reviewNotFound: 'Отзыв не найден',
} as const;

/** `value`: the mean of the visible reviews to one decimal, or null under the minimum; `count`: how many. */
export const AuthorRatingSchema = z.object({
  value: z.number().min(1).max(5).nullable(),
  count: z.number().int().nonnegative(),
});
export type AuthorRating = z.infer<typeof AuthorRatingSchema>;

/** The order's author as its customer sees them (`author` of an order). */
export const OrderAuthorSchema = z.object({
  id: z.number().int(),
  name: text(),
  rating: AuthorRatingSchema,
});
export type OrderAuthor = z.infer<typeof OrderAuthorSchema>;

const ratingValue = z
  .number({ error: authorMessages.ratingRequired })
  .int(authorMessages.ratingRequired)
  .min(1, authorMessages.ratingRequired)
  .max(5, authorMessages.ratingRequired);

/** A review as anyone who may see the author reads it: the customer by first name only. */
export const ReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int().min(1).max(5),
  text: text(),
  customer_name: text(),
  /** The kind of work reviewed («Курсовая работа»). */
  work_type: text(),
  created_at: text(),
  updated_at: text(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** `POST /api/client/orders/{id}/review/`: 201 the first time, 200 for an edit within the window. */
export const ReviewRequestSchema = z.object({
  rating: ratingValue,
  text: text().trim().max(REVIEW_TEXT_MAX, authorMessages.reviewTooLong).default(''),
});
export type ReviewRequest = z.input<typeof ReviewRequestSchema>;

/** The customer's own review of an order, with until when they may change it. */
export const OwnReviewSchema = ReviewSchema.extend({
  editable_until: text(),
  editable: z.boolean(),
});
export type OwnReview = z.infer<typeof OwnReviewSchema>;

/** `GET /api/client/orders/{id}/review/`: whether the order may be reviewed, and the review if written. */
export const OrderReviewStateSchema = z.object({
  /** The work is accepted and the order has an author. */
  allowed: z.boolean(),
  review: OwnReviewSchema.nullable(),
});
export type OrderReviewState = z.infer<typeof OrderReviewStateSchema>;

export const AuthorSubjectSchema = z.object({ id: z.number().int(), title: text() });
export type AuthorSubject = z.infer<typeof AuthorSubjectSchema>;

export const AuthorReviewPageSchema = z.object({
  results: z.array(ReviewSchema),
  next: text().nullable(),
  previous: text().nullable(),
  count: z.number().int().nonnegative(),
});
export type AuthorReviewPage = z.infer<typeof AuthorReviewPageSchema>;

export const AuthorReviewsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
});

/** `GET /api/client/authors/{id}/`: for a customer who has or had an order with this author. */
export const AuthorProfileSchema = z.object({
  id: z.number().int(),
  name: text(),
  /** Authors have no photo yet: an empty map, and the page shows the initials. */
  avatars: AvatarSchema.shape.avatars,
  about: text(),
  rating: AuthorRatingSchema,
  /** Orders this author finished (accepted by their customers). */
  completed_orders: z.number().int().nonnegative(),
  subjects: z.array(AuthorSubjectSchema),
  reviews: AuthorReviewPageSchema,
});
export type AuthorProfile = z.infer<typeof AuthorProfileSchema>;

// ---- The staff side ----

/** `GET|PUT /api/staff/profile/`: what a staff member tells customers about themselves. */
export const StaffProfileSchema = z.object({
  about: text(),
  subjects: z.array(AuthorSubjectSchema),
});
export type StaffProfile = z.infer<typeof StaffProfileSchema>;

/** `GET /api/staff/subjects/`: the reference subjects, by title. */
export const StaffSubjectListSchema = z.object({ results: z.array(AuthorSubjectSchema) });
export type StaffSubjectList = z.infer<typeof StaffSubjectListSchema>;

export const StaffProfileUpdateSchema = z.object({
  about: text().trim().max(AUTHOR_ABOUT_MAX, authorMessages.aboutTooLong),
  subject_ids: z.array(rowIdSchema).max(AUTHOR_SUBJECTS_MAX, authorMessages.tooManySubjects),
});
export type StaffProfileUpdate = z.input<typeof StaffProfileUpdateSchema>;

/** A review on the staff side: with its order, and whether (and why) a manager hid it. */
export const StaffReviewSchema = ReviewSchema.extend({
  order_id: z.number().int(),
  hidden: z.object({ reason: text(), at: text() }).nullable(),
});
export type StaffReview = z.infer<typeof StaffReviewSchema>;

/** `GET /api/staff/authors/{id}/`: a manager sees any author, an author only themselves. */
export const StaffAuthorSchema = z.object({
  id: z.number().int(),
  name: text(),
  about: text(),
  rating: AuthorRatingSchema,
  completed_orders: z.number().int().nonnegative(),
  subjects: z.array(AuthorSubjectSchema),
  /** Every review, the hidden ones too, newest first. */
  reviews: z.array(StaffReviewSchema),
});
export type StaffAuthor = z.infer<typeof StaffAuthorSchema>;

/** `POST /api/staff/reviews/{id}/hide/` (manager). */
export const HideReviewRequestSchema = z.object({
  reason: text({ error: authorMessages.hideReasonRequired })
    .trim()
    .min(1, authorMessages.hideReasonRequired)
    .max(HIDE_REASON_MAX, authorMessages.hideReasonTooLong),
});
export type HideReviewRequest = z.input<typeof HideReviewRequestSchema>;

/** The rating of visible reviews: null under the minimum, else their mean to one decimal. */
export function ratingOf(sum: number, count: number): AuthorRating {
  if (count < AUTHOR_RATING_MIN_REVIEWS) return { value: null, count };
  return { value: Math.round((sum / count) * 10) / 10, count };
}
