import { AUTHOR_ABOUT_MAX } from '@cabinet/contract';

/** The staff's «Мой профиль» and an author's reviews (`/staff/profile`, `/staff/authors/{id}`). */
export const staffAuthorText = {
  profileTitle: 'Мой профиль',
  profileIntro: 'Заказчики видят это на странице автора рядом с рейтингом и отзывами.',
  about: 'О себе',
  aboutHint: `До ${AUTHOR_ABOUT_MAX} символов: образование, опыт, в чём сильны`,
  subjects: 'Предметы',
  subjectsHint: 'Выберите из справочника',
  subjectsEmpty: 'Нет такого предмета',
  save: 'Сохранить',
  saved: 'Профиль сохранён',
  loadFailed: 'Не удалось загрузить',
  myReviews: 'Отзывы обо мне',
  reviews: 'Отзывы заказчиков',
  noReviews: 'Отзывов пока нет',
  noSubjects: 'Предметы не указаны',
  noAbout: 'Автор ничего не рассказал о себе',
  stars: (n: number) => `Оценка: ${n} из 5`,
  order: (id: number) => `Заказ № ${id}`,
  reviewBy: (name: string, workType: string) => (workType ? `${name}, ${workType}` : name),
  hidden: 'Скрыт',
  hiddenReason: (reason: string) => `Скрыт менеджером. Причина: ${reason}`,
  hide: 'Скрыть отзыв',
  hideTitle: 'Скрыть отзыв',
  hideText:
    'Скрытый отзыв не видят заказчики, он не учитывается в рейтинге. Автору придёт письмо с причиной.',
  hideReason: 'Причина',
  hideConfirm: 'Скрыть',
  hideCancel: 'Отмена',
  hiddenDone: 'Отзыв скрыт, автору отправлено письмо',
  close: 'Закрыть',
} as const;
