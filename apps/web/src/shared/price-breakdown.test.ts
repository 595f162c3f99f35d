import { describe, expect, it } from 'vitest';
import { discountLabel, priceBreakdown } from './price-breakdown';

describe('the price breakdown', () => {
  it('lists the price before discounts, a row per discount by name and rule, then «К оплате»', () => {
    expect(
      priceBreakdown({
        cost: 5_200_00,
        price: 4_160_00,
        discounts: [
          { kind: 'first_order', name: 'Скидка на первый заказ', percent: 10, fixed: null, amount: 520_00 },
          { kind: 'promo', name: 'Промокод STUDENT10', percent: 10, fixed: null, amount: 520_00 },
        ],
      }),
    ).toEqual([
      { label: 'Цена без скидок', kopecks: 5_200_00 },
      { label: 'Скидка на первый заказ (10 %)', kopecks: 520_00, minus: true },
      { label: 'Промокод STUDENT10 (10 %)', kopecks: 520_00, minus: true },
      { label: 'К оплате', kopecks: 4_160_00, total: true },
    ]);
  });

  it('an order without discounts is its price alone', () => {
    expect(priceBreakdown({ cost: 3_000_00, price: 3_000_00, discounts: [] })).toEqual([
      { label: 'К оплате', kopecks: 3_000_00, total: true },
    ]);
  });

  it('a fixed sum goes by its name alone', () => {
    expect(discountLabel({ name: 'Промокод LETO', percent: null })).toBe('Промокод LETO');
    expect(discountLabel({ name: 'Скидка пакета «Диплом»', percent: 15 })).toBe(
      'Скидка пакета «Диплом» (15 %)',
    );
  });
});
