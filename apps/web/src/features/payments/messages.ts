import { formatCount, formatKopecks } from '../../shared/format';

/** Russian text of the payment screens. */
export const paymentMessages = {
  resultSuccessTitle: 'Оплата прошла успешно',
  resultSuccessText: 'Спасибо! Платёж принят. Баланс и статус заказа обновятся в течение нескольких минут.',
  resultFailTitle: 'Оплата не прошла',
  resultFailText:
    'Платёж не завершён. Попробуйте оплатить ещё раз или выберите другой способ оплаты. Если деньги списались, банк вернёт их автоматически.',
  resultSignInHint: 'Войдите в кабинет, чтобы увидеть заказ и историю платежей.',
  /** What the payment was for and how much: «Заказ №12: Курсовая работа — 4 500 ₽». */
  resultWhat: (title: string, amount: string) => `${title} — ${amount}`,
  /** Settled at once (the balance, bonuses) or already confirmed by the bank: nothing to wait for. */
  resultDoneBalance: 'Оплачено с баланса — всё уже учтено: статус заказа и баланс обновлены.',
  resultDone: 'Платёж зачислен — всё уже учтено в кабинете.',
  resultPendingTitle: 'Платёж обрабатывается',
  resultPending: 'Банк ещё подтверждает платёж — статус обновится в течение нескольких минут.',
  resultDeclined:
    'Банк отклонил платёж, деньги не списаны. Попробуйте ещё раз или выберите другой способ оплаты.',
  retry: 'Попробовать ещё раз',
  signIn: 'Войти',
  toPayments: 'К платежам',
  toOrders: 'К заказам',
  tabs: { balance: 'Баланс', pay: 'К оплате', replenish: 'Пополнение', history: 'История' },
  tabsNav: 'Разделы платежей',
} as const;

/** Paying: an order, a tip, a packet, awaiting payments, a top-up. */
export const payMessages = {
  orderNumber: (id: number | string) => `Заказ №${id}`,
  orderPayTitle: (id: number | string) => `Оплата заказа №${id}`,
  partFullChoice: (kopecks: number) => `Оплатить полностью — ${formatKopecks(kopecks)}`,
  partHalfChoice: (kopecks: number) => `Оплатить половину — ${formatKopecks(kopecks)}`,
  loading: 'Загружаем',
  loadFailed: 'Не удалось загрузить данные',
  toOrder: 'Вернуться к заказу',
  toOrders: 'К заказам',

  summary: 'Сумма',
  price: 'Стоимость',
  paid: 'Уже оплачено',
  left: 'Осталось оплатить',
  bonusLine: 'Бонусами',
  toPay: 'К оплате',

  part: 'Сколько оплатить',
  partFull: 'Оплатить полностью',
  partHalf: 'Оплатить половину',
  partHalfHint: 'Вторую половину — когда автор закончит работу',
  useBonus: 'Списать бонусы',
  useBonusHint: (max: number, percent: number) =>
    `До ${formatKopecks(max)} — не больше ${percent} % стоимости заказа`,
  noBonus: 'Бонусов для списания нет',

  method: 'Способ оплаты',
  methodsLoading: 'Загружаем способы оплаты',
  methodsFailed: 'Не удалось загрузить способы оплаты',
  methodRequired: 'Выберите способ оплаты',
  noMethods: 'Сейчас нет способов оплаты для этой суммы',

  payButton: (kopecks: number) => `Оплатить ${formatKopecks(kopecks)}`,
  notPayableTitle: 'Этот заказ сейчас нельзя оплатить',
  notPayableStatus: (status: string) => `Статус заказа: «${status}».`,
  nothingLeft: 'Заказ уже оплачен полностью.',
  noPrice: 'Стоимость заказа ещё уточняется — оплатить можно будет, когда менеджер её назначит.',

  tipTitle: (id: number | string) => `Чаевые автору заказа №${id}`,
  tipAuthor: (name: string) => `Автор: ${name}`,
  tipText: 'Чаевые целиком получит автор. Спасибо, что цените его работу!',
  tipAmount: 'Сумма чаевых, ₽',
  tipQuick: 'Быстрый выбор',
  tipQuickChoice: (roubles: number) => `${roubles} ₽`,
  tipSubmit: 'Оставить чаевые',
  tipNotAllowed: 'Чаевые можно оставить только автору выполненного заказа',

  amountRequired: 'Укажите сумму',
  amountWhole: 'Сумма — целое число рублей',
  amountRange: 'Сумма — от 1 до 500 000 ₽',

  packetTitle: 'Оплата пакета заказов',
  packetOrders: 'Заказы пакета',
  packetOrder: (id: number, title: string) => `Заказ №${id}: ${title}`,
  packetSum: 'Итого к оплате',
  packetEmpty: 'Все заказы пакета уже оплачены.',

  waitingList: 'Платежи, ожидающие оплаты',
  waitingEmpty:
    'Платежей, ожидающих оплаты, нет. Когда менеджер назначит стоимость заказа, счёт появится здесь.',
  waitingSelect: (title: string) => `Оплатить: ${title}`,
  waitingSelectAll: 'Выбрать все на странице',
  waitingSelected: (count: number, kopecks: number) =>
    `Выбрано ${formatCount(count, ['платёж', 'платежа', 'платежей'])} на ${formatKopecks(kopecks)}`,
  waitingNoneSelected: 'Отметьте платежи, которые хотите оплатить',
  waitingSubmit: 'Оплатить выбранные',
  pagesLabel: 'Страницы платежей',
  newOrder: 'Новый заказ',

  replenishText: 'Деньги на балансе можно потратить на оплату заказов и чаевые.',
  replenishAmount: 'Сумма пополнения, ₽',
  replenishSubmit: 'Пополнить',
} as const;
