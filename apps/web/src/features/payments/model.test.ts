import { describe, expect, it } from 'vitest';
import {
  amountFieldFromRoubles,
  amountSchema,
  historyQuery,
  readHistoryFilters,
  repaymentFormSchema,
  roublesToKopecks,
  signedKopecks,
  writeHistoryFilters,
} from './model';

describe('roubles typed → kopecks', () => {
  it.each([
    ['1500', 1_500_00],
    ['1 500,5', 1_500_50],
    ['1\u00a0500.05', 1_500_05],
    ['0,99', 99],
    ['', null],
    ['12,345', null],
    ['-5', null],
    ['5 ₽', null],
    ['1e3', null],
  ])('%j → %j', (text, kopecks) => {
    expect(roublesToKopecks(text)).toBe(kopecks);
  });

  it.each([
    ['1500', '1500'],
    ['1500.5', '1500,50'],
    ['0', ''],
    ['abc', ''],
    [null, ''],
  ])('amountInit %j pre-fills %j', (value, field) => {
    expect(amountFieldFromRoubles(value)).toBe(field);
  });
});

describe('amount limits', () => {
  const schema = amountSchema({ min: 100_00, max: 500_000_00, available: 5_000_00 });
  const error = (text: string) => {
    const result = schema.safeParse(text);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it('reads kopecks within the limits and says which limit a sum breaks', () => {
    expect(schema.parse('100')).toBe(100_00);
    expect(schema.parse('5000')).toBe(5_000_00);
    expect(error('99,99')).toMatch(/^Сумма — не меньше 100\s₽$/);
    expect(error('5000,01')).toBe('На балансе недостаточно средств');
    expect(error('сто')).toBe('Введите сумму в рублях, например 1500 или 1500,50');
    expect(amountSchema({ min: 1, max: 1_000_00 }).safeParse('1000,01').success).toBe(false);
  });

  it('gives the contract’s repayment request from the form', () => {
    const parsed = repaymentFormSchema({ min: 100_00, max: 500_000_00, available: 5_000_00 }).parse({
      amount: '1 000',
      card_number: '4111 1111 1111 1111',
      recipient_name: ' Anna ',
      country: 'RU',
    });
    expect(parsed).toEqual({
      amount: 1_000_00,
      card_number: '4111111111111111',
      recipient_name: 'Anna',
      country: 'RU',
    });
    const short = repaymentFormSchema({ min: 1, max: 2 }).safeParse({
      amount: '1',
      card_number: '4111 1111',
      recipient_name: 'Anna',
      country: 'RU',
    });
    expect(short.success).toBe(false);
  });
});

describe('history filters in the address', () => {
  it('reads what is well-formed and drops the rest', () => {
    expect(readHistoryFilters(new URLSearchParams('from=2026-11-01&to=bad&purpose=tip&page=3'))).toEqual({
      page: 3,
      from: '2026-11-01',
      purpose: 'tip',
    });
    expect(readHistoryFilters(new URLSearchParams('purpose=gift&page=-1'))).toEqual({ page: 1 });
  });

  it('writes them back without page 1 and empty filters, and builds the API query', () => {
    expect(writeHistoryFilters({ page: 1, to: '2026-11-30' }).toString()).toBe('to=2026-11-30');
    expect(writeHistoryFilters({ page: 2, from: '2026-11-01', purpose: 'order' }).toString()).toBe(
      'from=2026-11-01&purpose=order&page=2',
    );
    expect(historyQuery({ page: 2, purpose: 'order' })).toEqual({ page: 2, page_size: 20, purpose: 'order' });
  });
});

it('signs amounts with a real minus', () => {
  const plain = (k: number) => String(k / 100);
  expect(signedKopecks(1_500_00, plain)).toBe('+1500');
  expect(signedKopecks(-300_00, plain)).toBe('−300');
  expect(signedKopecks(0, plain)).toBe('0');
});
