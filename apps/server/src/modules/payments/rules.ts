import {
  INSTALLMENT_MAX_KOPECKS,
  INSTALLMENT_MIN_KOPECKS,
  paymentMessages,
  type PaymentPurpose,
} from '@cabinet/contract';

// What may pay what: the payments module's messages and its pure rules (no database).

export const payMessages = {
  objectRequired: 'Укажите, что оплачиваете',
  bonusOrdersOnly: 'Бонусами можно оплатить только заказ',
  replenishFromBalance: 'Пополнить баланс с баланса нельзя',
  installmentsOrdersOnly: 'Оплатой частями можно оплатить только заказ или пакет',
  amountRange: 'Сумма — от 1 ₽ до 500 000 ₽',
  packetNotFound: 'Пакет не найден',
  paymentNotFound: 'Платёж не найден',
  providerFailed: 'Платёжный сервис не ответил — попробуйте ещё раз',
} as const;

/** Spec §5/§9: why installments cannot pay this (null when they can). */
export function installmentRefusal(
  enabled: boolean,
  amount: number | undefined,
  purpose: PaymentPurpose,
): string | null {
  if (purpose !== 'order' && purpose !== 'packet') return payMessages.installmentsOrdersOnly;
  if (!enabled) return paymentMessages.installmentsOff;
  if (amount === undefined || amount < INSTALLMENT_MIN_KOPECKS) return paymentMessages.installmentsTooSmall;
  if (amount > INSTALLMENT_MAX_KOPECKS) return paymentMessages.installmentsTooBig;
  return null;
}

/** Half of a price, rounded up to the rouble. */
export function firstHalf(price: number): number {
  return Math.ceil(price / 2 / 100) * 100;
}

/** The first half may be paid when nothing is paid yet and the price is at least 2 000 ₽. */
export const HALF_MIN_PRICE = 2_000_00;

/** Bonuses that may cover an order of this price. */
export function bonusCap(price: number, percent: number): number {
  return Math.floor((price * percent) / 100);
}
