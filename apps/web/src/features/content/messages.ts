/** Russian text of spaces, the FAQ and the banners. */
export const contentMessages = {
  faqSearchLabel: 'Поиск по вопросам',
  faqSearchPlaceholder: 'Например, антиплагиат или возврат',
  faqNothingFound: 'Ничего не нашлось',
  faqNothingFoundHint: 'Попробуйте другие слова или позвоните нам — поможем.',
  faqLoadFailed: 'Не удалось загрузить ответы',
  faqLoading: 'Загружаем ответы…',
  retry: 'Повторить',
  bannersLabel: 'Акции и новости',
  bannerPrevious: 'Предыдущий баннер',
  bannerNext: 'Следующий баннер',
  bannerGoTo: (n: number, total: number) => `Баннер ${n} из ${total}`,
  bannersIndicators: 'Выбор баннера',
  /** What a screen reader calls the carousel and its slides (Mantine's own words are English). */
  carouselRole: 'карусель',
  slideRole: 'слайд',
  bannerMore: 'Подробнее',
} as const;
