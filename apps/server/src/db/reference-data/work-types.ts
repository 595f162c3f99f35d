/**
 * Kinds of work the service takes, with the prices of a real Russian service (2026). Prices per
 * page in kopecks; for presentations a page is a slide, for problem solving one problem, for
 * drawings one sheet, for online tests ten questions.
 */
export interface WorkTypeSeed {
  slug: string;
  title: string;
  price_per_page: number;
  min_pages: number;
  typical_pages: number;
  min_days: number;
}

const rub = (roubles: number) => roubles * 100;

export const workTypes: WorkTypeSeed[] = [
  {
    slug: 'kursovaya',
    title: 'Курсовая работа',
    price_per_page: rub(150),
    min_pages: 15,
    typical_pages: 30,
    min_days: 7,
  },
  {
    slug: 'kursovoy-proekt',
    title: 'Курсовой проект (с расчётами и чертежами)',
    price_per_page: rub(220),
    min_pages: 20,
    typical_pages: 35,
    min_days: 10,
  },
  {
    slug: 'diplomnaya',
    title: 'Дипломная работа (ВКР)',
    price_per_page: rub(250),
    min_pages: 40,
    typical_pages: 60,
    min_days: 14,
  },
  {
    slug: 'magisterskaya',
    title: 'Магистерская диссертация',
    price_per_page: rub(350),
    min_pages: 60,
    typical_pages: 80,
    min_days: 21,
  },
  {
    slug: 'kandidatskaya-glava',
    title: 'Кандидатская диссертация (глава)',
    price_per_page: rub(800),
    min_pages: 20,
    typical_pages: 40,
    min_days: 30,
  },
  {
    slug: 'referat',
    title: 'Реферат',
    price_per_page: rub(60),
    min_pages: 8,
    typical_pages: 15,
    min_days: 2,
  },
  {
    slug: 'kontrolnaya',
    title: 'Контрольная работа',
    price_per_page: rub(80),
    min_pages: 5,
    typical_pages: 10,
    min_days: 3,
  },
  { slug: 'esse', title: 'Эссе', price_per_page: rub(120), min_pages: 2, typical_pages: 5, min_days: 2 },
  {
    slug: 'otchet-po-praktike',
    title: 'Отчёт по практике',
    price_per_page: rub(100),
    min_pages: 10,
    typical_pages: 25,
    min_days: 5,
  },
  {
    slug: 'reshenie-zadach',
    title: 'Решение задач',
    price_per_page: rub(150),
    min_pages: 1,
    typical_pages: 5,
    min_days: 1,
  },
  {
    slug: 'prezentaciya',
    title: 'Презентация',
    price_per_page: rub(70),
    min_pages: 8,
    typical_pages: 15,
    min_days: 1,
  },
  { slug: 'doklad', title: 'Доклад', price_per_page: rub(80), min_pages: 3, typical_pages: 7, min_days: 1 },
  {
    slug: 'statya',
    title: 'Научная статья',
    price_per_page: rub(300),
    min_pages: 5,
    typical_pages: 10,
    min_days: 5,
  },
  {
    slug: 'laboratornaya',
    title: 'Лабораторная работа',
    price_per_page: rub(100),
    min_pages: 4,
    typical_pages: 8,
    min_days: 2,
  },
  {
    slug: 'chertezh',
    title: 'Чертёж',
    price_per_page: rub(900),
    min_pages: 1,
    typical_pages: 3,
    min_days: 3,
  },
  {
    slug: 'biznes-plan',
    title: 'Бизнес-план',
    price_per_page: rub(200),
    min_pages: 20,
    typical_pages: 35,
    min_days: 7,
  },
  {
    slug: 'test-online',
    title: 'Тест онлайн',
    price_per_page: rub(150),
    min_pages: 1,
    typical_pages: 3,
    min_days: 1,
  },
  {
    slug: 'otvety-na-bilety',
    title: 'Ответы на билеты',
    price_per_page: rub(60),
    min_pages: 10,
    typical_pages: 30,
    min_days: 2,
  },
  {
    slug: 'recenziya',
    title: 'Рецензия',
    price_per_page: rub(200),
    min_pages: 1,
    typical_pages: 2,
    min_days: 2,
  },
  {
    slug: 'perevod',
    title: 'Перевод текста',
    price_per_page: rub(40),
    min_pages: 1,
    typical_pages: 10,
    min_days: 1,
  },
  {
    slug: 'povyshenie-originalnosti',
    title: 'Повышение оригинальности',
    price_per_page: rub(50),
    min_pages: 10,
    typical_pages: 30,
    min_days: 1,
  },
  {
    slug: 'oformlenie-po-gost',
    title: 'Оформление по ГОСТу',
    price_per_page: rub(30),
    min_pages: 10,
    typical_pages: 30,
    min_days: 1,
  },
];
