import { REVIEW_TEXT_MAX } from '@cabinet/contract';

/** The review of the order's author on the order page (components/author-review-card.tsx). */
export const reviewText = {
  promptTitle: 'Оцените автора',
  promptText: 'Работа принята. Расскажите, как вам работа автора: оценка поможет другим заказчикам.',
  ratingLabel: 'Оценка автора',
  ratingRequired: 'Поставьте оценку от 1 до 5',
  textLabel: 'Отзыв',
  textHint: `Необязательно, до ${REVIEW_TEXT_MAX} символов`,
  submit: 'Оценить автора',
  later: 'Не сейчас',
  rateLater: 'Оценить автора',
  saved: 'Спасибо за отзыв!',
  updated: 'Отзыв изменён',
  ownTitle: 'Ваш отзыв об авторе',
  edit: 'Изменить отзыв',
  cancel: 'Отмена',
  save: 'Сохранить',
  editableUntil: (date: string) => `Изменить отзыв можно до ${date}`,
  stars: (n: number) => `Оценка: ${n} из 5`,
  noStars: 'Без оценки',
  noText: 'Без текста',
} as const;
