import type { Bonus } from '@cabinet/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../shared/ui/test-utils';
import { useBonus } from '../api';
import BonusPage, { signed } from './bonus-page';

vi.mock('../api', () => ({ useBonus: vi.fn() }));

const DATA: Bonus = {
  balance: 530_00,
  rules: { accrual_percent: 3, referral_bonus: 500_00, max_share_percent: 30, ttl_days: 365 },
  history: [
    { id: 3, kind: 'bonus_spent', title: 'Оплата бонусами', amount: -30_00, at: '2026-11-25T10:00:00.000Z' },
    {
      id: 2,
      kind: 'referral_bonus',
      title: 'Бонус за друга: Олег С. оплатил(а) первый заказ',
      amount: 500_00,
      at: '2026-11-24T10:00:00.000Z',
      expires_at: '2027-11-24T10:00:00.000Z',
    },
  ],
  count: 2,
  page: 1,
  page_size: 20,
  expiring: [{ amount: 500_00, expires_at: '2027-11-24T10:00:00.000Z' }],
};

beforeEach(() => {
  vi.mocked(useBonus).mockReturnValue({ data: DATA, isError: false } as ReturnType<typeof useBonus>);
});

describe('BonusPage', () => {
  it('shows the balance, the rules, what expires when and the history with signs', async () => {
    renderRoute(<BonusPage />, { path: '/bonus', otherPaths: ['/friend'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Бонусы' })).toBeInTheDocument();
    // One unit, as the cabinet's header counts them, explained once.
    expect(screen.getByTestId('bonus-balance')).toHaveTextContent(/^530 бонусов$/);
    expect(screen.getAllByText('1 бонус = 1 ₽ при оплате заказа')).toHaveLength(1);
    expect(document.body).not.toHaveTextContent(/\d\s*₽(?! при оплате)/);
    expect(screen.getByText(/3 % от цены каждого полностью оплаченного заказа/)).toBeInTheDocument();
    expect(screen.getByText(/вам и другу/)).toBeInTheDocument();
    expect(screen.getByText(/до 30 % цены заказа/)).toBeInTheDocument();
    expect(screen.getByText(/365 дней/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Пригласить друга' })).toHaveAttribute('href', '/friend');
    const history = screen.getByRole('region', { name: 'История' });
    const rows = within(history).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Оплата бонусами');
    expect(rows[1]).toHaveTextContent(/−30 бонусов/);
    expect(rows[2]).toHaveTextContent(/\+500 бонусов/);
    expect(rows[2]).toHaveTextContent(/сгорит 24 ноября 2027/);
    expect(screen.getByRole('region', { name: 'Скоро сгорят' })).toHaveTextContent(
      /500 бонусов — 24 ноября 2027/,
    );
  });

  it('signs amounts', () => {
    expect(signed(500_00)).toBe('+500 бонусов');
    expect(signed(-1_50)).toBe('−1,5 бонуса');
    expect(signed(1_00)).toBe('+1 бонус');
    expect(signed(0)).toBe('0 бонусов');
  });
});
