/** Russian text of the payment screens. */
export const paymentMessages = {
  resultSuccessTitle: 'Оплата прошла успешно',
  resultSuccessText: 'Спасибо! Платёж принят. Баланс и статус заказа обновятся в течение нескольких минут.',
  resultFailTitle: 'Оплата не прошла',
  resultFailText:
    'Платёж не завершён. Попробуйте оплатить ещё раз или выберите другой способ оплаты. Если деньги списались, банк вернёт их автоматически.',
  resultSignInHint: 'Войдите в кабинет, чтобы увидеть заказ и историю платежей.',
  signIn: 'Войти',
  toPayments: 'К платежам',
  toOrders: 'К заказам',
  tabs: { balance: 'Баланс', pay: 'К оплате', replenish: 'Пополнение', history: 'История' },
  tabsNav: 'Разделы платежей',
} as const;
