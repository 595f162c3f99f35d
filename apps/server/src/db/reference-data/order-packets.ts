/** Bundles that are usually ordered together; items name work types by slug. */
export interface OrderPacketSeed {
  slug: string;
  title: string;
  description: string;
  discount_percent: number;
  items: Array<{ work_type: string; pages: number }>;
}

export const orderPackets: OrderPacketSeed[] = [
  {
    slug: 'kursovaya-zashchita',
    title: 'Курсовая + презентация + доклад к защите',
    description: 'Курсовая работа и всё для защиты: слайды и текст выступления на 5–7 минут.',
    discount_percent: 10,
    items: [
      { work_type: 'kursovaya', pages: 30 },
      { work_type: 'prezentaciya', pages: 12 },
      { work_type: 'doklad', pages: 3 },
    ],
  },
  {
    slug: 'diplom-pod-klyuch',
    title: 'Диплом под ключ: ВКР + презентация + речь',
    description: 'Выпускная работа, презентация для комиссии и речь на защиту, согласованные между собой.',
    discount_percent: 15,
    items: [
      { work_type: 'diplomnaya', pages: 60 },
      { work_type: 'prezentaciya', pages: 15 },
      { work_type: 'doklad', pages: 4 },
    ],
  },
  {
    slug: 'diplom-i-originalnost',
    title: 'ВКР + повышение оригинальности + оформление по ГОСТу',
    description: 'Дипломная работа, доведённая до требуемой оригинальности и оформленная по методичке вуза.',
    discount_percent: 12,
    items: [
      { work_type: 'diplomnaya', pages: 60 },
      { work_type: 'povyshenie-originalnosti', pages: 60 },
      { work_type: 'oformlenie-po-gost', pages: 60 },
    ],
  },
  {
    slug: 'magistr-pod-klyuch',
    title: 'Магистерская под ключ: диссертация + статья + презентация',
    description: 'Диссертация, научная статья по её теме для публикации и презентация к защите.',
    discount_percent: 15,
    items: [
      { work_type: 'magisterskaya', pages: 80 },
      { work_type: 'statya', pages: 8 },
      { work_type: 'prezentaciya', pages: 15 },
    ],
  },
  {
    slug: 'praktika-i-zashchita',
    title: 'Отчёт по практике + презентация к защите',
    description: 'Отчёт по учебной или производственной практике и слайды для его защиты.',
    discount_percent: 10,
    items: [
      { work_type: 'otchet-po-praktike', pages: 25 },
      { work_type: 'prezentaciya', pages: 10 },
    ],
  },
  {
    slug: 'sessiya',
    title: 'Сессия без хвостов: контрольная + тест онлайн + ответы на билеты',
    description: 'Всё, что нужно к зачёту или экзамену по одному предмету.',
    discount_percent: 10,
    items: [
      { work_type: 'kontrolnaya', pages: 10 },
      { work_type: 'test-online', pages: 3 },
      { work_type: 'otvety-na-bilety', pages: 30 },
    ],
  },
  {
    slug: 'referat-vystuplenie',
    title: 'Реферат + доклад + презентация',
    description: 'Реферат к семинару и готовое выступление по нему со слайдами.',
    discount_percent: 10,
    items: [
      { work_type: 'referat', pages: 15 },
      { work_type: 'doklad', pages: 5 },
      { work_type: 'prezentaciya', pages: 10 },
    ],
  },
];
