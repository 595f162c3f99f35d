/** Russian text of the staff reports. */
export const staffReportsMessages = {
  attributionTitle: 'Источники заказов',
  attributionLead:
    'Какие рекламные кампании и партнёры привели заказы и регистрации за период: заказы, размещённые в эти дни, сколько из них оплачено и сколько денег заплатили клиенты (без бонусов).',
  rangeLegend: 'Период',
  from: 'С',
  to: 'По',
  show: 'Показать',
  tableCaption: (from: string, to: string) => `Источники заказов с ${from} по ${to}`,
  campaign: 'Кампания (метка)',
  partner: 'Партнёр',
  ordersPlaced: 'Заказов',
  ordersPaid: 'Оплачено заказов',
  moneyPaid: 'Заплачено',
  registered: 'Регистраций',
  total: 'Итого',
  none: '—',
  empty: 'За этот период нет ни заказов, ни регистраций',
  loadFailed: 'Не удалось загрузить отчёт',
} as const;
