/** The author's page (`/author/{id}`). */
export const authorText = {
  loading: 'Загружаем автора',
  loadFailed: 'Не удалось загрузить страницу автора',
  back: 'К заказам',
  subjects: 'Предметы',
  noSubjects: 'Автор пока не указал предметы',
  about: 'О себе',
  reviews: 'Отзывы заказчиков',
  noReviews: 'Отзывов пока нет',
  reviewsPages: 'Страницы отзывов',
  stars: (n: number) => `Оценка: ${n} из 5`,
  reviewBy: (name: string, workType: string) => (workType ? `${name}, ${workType}` : name),
} as const;
