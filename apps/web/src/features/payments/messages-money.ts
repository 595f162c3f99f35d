import { formatKopecks, type PluralForms } from '../../shared/format';

/** Russian text of the balance, the history, the verification, the refunds and the withdrawal. */
export const moneyMessages = {
  // The balance
  financesLabel: 'Деньги и бонусы',
  money: 'На балансе',
  bonus: 'Бонусы',
  bonusForms: ['бонус', 'бонуса', 'бонусов'] as PluralForms,
  repaymentAction: 'Вернуть на карту',
  stornoAction: 'Возврат платежей',
  claimAction: 'Заявление на возврат',
  movementsTitle: 'Движение средств',
  movementsLoading: 'Загружаем движение средств',
  movementsEmpty: 'Движений по балансу пока не было. Пополните баланс или оплатите заказ.',
  toReplenish: 'Пополнить баланс',
  balanceLoadFailed: 'Не удалось загрузить баланс',
  pagesLabel: 'Страницы',
  close: 'Закрыть',

  // Verification
  verificationTitle: 'Подтверждение телефона',
  verificationWhy: 'Чтобы вернуть деньги на карту, подтвердите номер телефона кодом из SMS.',
  verificationDone: 'Телефон подтверждён — можно выводить деньги на карту.',
  verificationLoadFailed: 'Не удалось узнать, подтверждён ли телефон',
  verificationStart: 'Подтвердить телефон',
  verificationPhone: 'Номер телефона',
  verificationPhoneHint: 'В профиле нет телефона: укажите номер, на который придёт код.',
  verificationPhoneInvalid: 'Введите номер целиком: +7 и 10 цифр',
  verificationSend: 'Получить код',
  verificationSentTo: (phone: string) => `Код отправлен на ${phone}.`,
  verificationSent: 'Код отправлен по SMS.',
  verificationCode: 'Код из SMS',
  verificationCodeHint: '6 цифр',
  verificationConfirm: 'Подтвердить',
  verificationResend: 'Отправить код ещё раз',
  verificationResendIn: (seconds: number) => `Отправить код ещё раз через ${seconds} с`,
  verificationConfirmed: 'Телефон подтверждён',

  // Repayment (balance → card)
  repaymentTitle: 'Вернуть на карту',
  repaymentAmount: 'Сумма, ₽',
  repaymentLimits: (min: number, max: number, fee: number, days: string) =>
    `От ${formatKopecks(min)} до ${formatKopecks(max)}, комиссия ${fee} %, срок — ${days}.`,
  repaymentAvailable: (money: number) => `Доступно: ${formatKopecks(money)}`,
  repaymentCard: 'Номер карты',
  repaymentRecipient: 'Имя получателя, как на карте',
  repaymentCountry: 'Страна банка карты',
  repaymentCountryPlaceholder: 'Выберите страну',
  repaymentSubmit: 'Продолжить',
  repaymentSummary: (amount: string, card: string) => `Вывести ${amount} на карту ${card}?`,
  repaymentConfirm: 'Подтвердить вывод',
  repaymentEdit: 'Изменить',
  repaymentDone: 'Заявка на вывод принята: деньги придут на карту',
  amountInvalid: 'Введите сумму в рублях, например 1500 или 1500,50',
  amountTooSmall: (min: number) => `Сумма — не меньше ${formatKopecks(min)}`,
  amountTooBig: (max: number) => `Сумма — не больше ${formatKopecks(max)}`,
  amountOverBalance: 'На балансе недостаточно средств',
  recipientRequired: 'Укажите имя получателя',
  countryRequired: 'Выберите страну',

  // Storno
  stornoTitle: 'Возврат платежей',
  stornoHint:
    'Деньги с баланса вернутся на карты, с которых вы платили: сначала по последним платежам, по каждому — не больше, чем было оплачено.',
  stornoAmount: 'Сколько вернуть, ₽',
  stornoPlan: 'Рассчитать',
  stornoPlanTitle: 'Что вернём',
  stornoRow: (title: string, amount: string) => `${title} — ${amount}`,
  stornoSubmit: (amount: string) => `Вернуть ${amount}`,
  stornoUncheckedHint:
    'Возврат сторно идёт по всем отмеченным строкам. Чтобы вернуть только часть платежей, подайте заявление на возврат.',
  stornoToClaim: 'Подать заявление по отмеченным',
  stornoDone: 'Возврат оформлен: деньги вернутся на карты в течение нескольких дней',

  // Claim
  claimTitle: 'Заявление на возврат',
  claimHint: 'Менеджер рассмотрит заявление и вернёт деньги или ответит, почему это невозможно.',
  claimAmount: 'Сумма, ₽',
  claimReason: 'Причина возврата',
  claimPayments: (count: number) => `Платежей в заявлении: ${count}`,
  claimSubmit: 'Отправить заявление',
  claimDone: 'Заявление отправлено: менеджер рассмотрит его в течение 3 рабочих дней',

  // History
  historyFilters: 'Фильтры',
  historyFrom: 'С даты',
  historyTo: 'По дату',
  historyPurpose: 'Вид платежа',
  historyPurposeAll: 'Все платежи',
  historyReset: 'Сбросить фильтры',
  historyLoading: 'Загружаем историю платежей',
  historyLoadFailed: 'Не удалось загрузить историю платежей',
  historyEmpty: 'Платежей пока не было.',
  historyEmptyFiltered: 'За выбранный период платежей такого вида нет.',
  historyToPay: 'К оплате',
  historyRefunded: (amount: string) => `возвращено ${amount}`,
  historyBonus: (amount: string) => `бонусами ${amount}`,
  historyCount: (count: number) => `Найдено: ${count}`,
  purposes: {
    order: 'Оплата заказа',
    packet: 'Оплата пакета',
    tip: 'Чаевые',
    replenish: 'Пополнение',
    certificate: 'Подарочный сертификат',
  },
  /** `declined`: the bank or the payer turned it down; `canceled`: it never reached the bank. */
  statuses: { pending: 'Ожидает', succeeded: 'Оплачен', canceled: 'Отменён', declined: 'Отклонён' },

  // Withdraw
  withdrawIntro: 'Деньги с баланса придут на банковскую карту.',
  withdrawBack: 'К балансу',
} as const;
