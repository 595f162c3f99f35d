import type { AuthorRating } from '@cabinet/contract';
import { formatCount } from './format';

const oneDecimal = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export const REVIEW_FORMS = ['отзыв', 'отзыва', 'отзывов'] as const;

/** An author's rating as the order header and the author's page write it: «4,3 из 5 · 12 отзывов». */
export function ratingText(rating: AuthorRating): string {
  if (rating.count === 0) return 'Пока нет отзывов';
  const reviews = formatCount(rating.count, REVIEW_FORMS);
  return rating.value === null
    ? `${reviews}, рейтинг появится с трёх`
    : `${oneDecimal.format(rating.value)} из 5 · ${reviews}`;
}
