import type { Mail } from '../plugins/mailer';
import { linkMail } from './layout';

/** Sent to an author when a manager hides a customer's review of their work: which, and why. */
export function reviewHiddenMail(
  to: string,
  review: { orderId: number; rating: number; reason: string },
  link: string,
): Mail {
  return linkMail(
    to,
    `Отзыв к заказу №${review.orderId} скрыт`,
    [
      `Менеджер скрыл отзыв заказчика к заказу №${review.orderId} (оценка ${review.rating} из 5).`,
      `Причина: ${review.reason}`,
      'Скрытый отзыв не виден заказчикам и не учитывается в вашем рейтинге.',
    ],
    { href: link, label: 'Мои отзывы' },
  );
}
