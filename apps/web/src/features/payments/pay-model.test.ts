import { describe, expect, it } from 'vitest';
import {
  amountFormSchema,
  bonusCap,
  canPayHalf,
  halfOf,
  orderCharge,
  roublesParam,
  typedKopecks,
} from './pay-model';

describe('paying an order', () => {
  it('allows half only when nothing is paid and the price is at least 2 000 ₽', () => {
    expect(canPayHalf({ price: 2_000_00, paid: 0 })).toBe(true);
    expect(canPayHalf({ price: 1_999_99, paid: 0 })).toBe(false);
    expect(canPayHalf({ price: 5_000_00, paid: 100 })).toBe(false);
  });

  it('rounds the first half up to the rouble', () => {
    expect(halfOf(5_000_00)).toBe(2_500_00);
    expect(halfOf(2_001_00)).toBe(1_001_00);
    expect(halfOf(2_000_50)).toBe(1_001_00);
  });

  it('caps bonuses by what is held, by the share of the price, and leaves a rouble to pay', () => {
    expect(bonusCap(10_000_00, 300_00, 10_000_00, 30)).toBe(300_00);
    expect(bonusCap(1_000_00, 5_000_00, 1_000_00, 30)).toBe(300_00);
    expect(bonusCap(1_000_00, 5_000_00, 1_000_00, 10)).toBe(100_00);
    expect(bonusCap(1_000_00, 5_000_00, 1_000_00, 0)).toBe(0);
    expect(bonusCap(1_000_00, 5_000_00, 200_00, 30)).toBe(199_00);
    expect(bonusCap(1_000_00, 0, 1_000_00, 30)).toBe(0);
  });

  it('charges the method the base minus the bonuses', () => {
    const order = { price: 6_000_00, paid: 0 };
    expect(orderCharge(order, 'full', 300_00, true, 30)).toEqual({
      base: 6_000_00,
      bonus: 300_00,
      money: 5_700_00,
    });
    expect(orderCharge(order, 'half', 300_00, false, 30)).toEqual({
      base: 3_000_00,
      bonus: 0,
      money: 3_000_00,
    });
    // Half is not allowed once something is paid: the rest is due.
    expect(orderCharge({ price: 6_000_00, paid: 3_000_00 }, 'half', 0, false, 30).base).toBe(3_000_00);
  });
});

describe('amounts in roubles', () => {
  it('reads ?tip= as whole roubles within 1…500 000', () => {
    expect(roublesParam('500')).toBe(500);
    expect(roublesParam(' 7 ')).toBe(7);
    for (const bad of [null, '', '0', '-5', '1.5', 'abc', '500001']) expect(roublesParam(bad)).toBeNull();
    expect(typedKopecks('300')).toBe(300_00);
    expect(typedKopecks('0')).toBeNull();
  });

  it('checks a typed amount in Russian and sends kopecks', () => {
    expect(amountFormSchema.parse({ amount: '250', payment_method: 'sbp' })).toEqual({
      amount: 250_00,
      payment_method: 'sbp',
    });
    const messages = (values: object) =>
      amountFormSchema.safeParse(values).error?.issues.map((i) => i.message);
    expect(messages({ amount: '', payment_method: 'sbp' })).toEqual(['Укажите сумму']);
    expect(messages({ amount: '1,5', payment_method: 'sbp' })).toEqual(['Сумма — целое число рублей']);
    expect(messages({ amount: '600000', payment_method: '' })).toEqual([
      'Сумма — от 1 до 500 000 ₽',
      'Выберите способ оплаты',
    ]);
  });
});
