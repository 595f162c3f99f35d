import { formatKopecks } from '../../shared/format';

/** The certificates screens' Russian words. */
export const certificateText = {
  listTitle: 'Подарочные сертификаты',
  listIntro:
    'Сертификат — подарок на оплату работ в нашем сервисе. Купите его, передайте код другу — он зачислит сумму на баланс или сразу оплатит заказ.',
  tabsLabel: 'Сертификаты',
  tabActive: 'Действующие',
  tabTrash: 'Архив',
  listLoading: 'Загружаем сертификаты',
  listLoadFailed: 'Не удалось загрузить сертификаты',
  emptyActive: 'Купленных сертификатов пока нет.',
  emptyTrash: 'Использованных и истёкших сертификатов нет.',
  more: 'Показать ещё',
  terms: 'Условия использования сертификатов',

  buyTitle: 'Купить сертификат',
  buyValue: 'Номинал',
  buyPresets: 'Популярные номиналы',
  buyHint: 'От 500 ₽ до 50 000 ₽, целое число рублей',
  buySubmit: 'Купить и оплатить',
  presetChoice: (kopecks: number) => formatKopecks(kopecks),

  redeemTitle: 'Активировать сертификат',
  redeemIntro: 'Вам подарили сертификат? Введите его код — сумма поступит на ваш баланс или в оплату заказа.',
  redeemCode: 'Код сертификата',
  redeemCodeHint: '16 букв и цифр, например ABCD-EFGH-JKMN-PQRS',
  redeemTarget: 'Куда зачислить',
  redeemToBalance: 'На баланс',
  redeemToOrder: (title: string, amount: number) => `Оплата: ${title} — ${formatKopecks(amount)}`,
  redeemSubmit: 'Активировать',
  redeemedToBalance: (amount: number, money: number) =>
    `Сертификат активирован: ${formatKopecks(amount)} зачислено на баланс. На балансе ${formatKopecks(money)}.`,
  redeemedToOrder: (amount: number, paid: number, orderId: number, money: number) =>
    `Сертификат на ${formatKopecks(amount)} активирован: ${formatKopecks(paid)} направлено на оплату заказа №${orderId}. На балансе ${formatKopecks(money)}.`,
  toBalance: 'Перейти к балансу',

  card: (value: number) => `Сертификат на ${formatKopecks(value)}`,
  statuses: {
    awaiting_payment: 'Ожидает оплаты',
    active: 'Действует',
    redeemed: 'Использован',
    expired: 'Истёк',
  },
  code: 'Код',
  codeHidden: 'Код появится после оплаты',
  copy: 'Скопировать код',
  copied: 'Код скопирован',
  validUntil: (date: string) => `Действует до ${date} включительно`,
  expiredOn: (date: string) => `Срок действия истёк ${date}`,
  redeemedOn: (date: string) => `Использован ${date}`,
  boughtOn: (date: string) => `Куплен ${date}`,
  download: 'Скачать PDF',
  downloadFailed: 'Не удалось скачать сертификат',
  pay: 'Оплатить',
  backToList: 'Все сертификаты',
  loadFailed: 'Не удалось загрузить сертификат',

  payTitle: 'Оплата сертификата',
  paySubmit: (value: number) => `Оплатить ${formatKopecks(value)}`,
  notPayable: 'Этот сертификат уже оплачен.',

  successTitle: 'Сертификат оплачен',
  successText: 'Спасибо! Передайте код тому, кому дарите, или скачайте сертификат в PDF.',
  successWaiting: 'Ждём подтверждения оплаты от банка — обычно это несколько секунд.',
} as const;
