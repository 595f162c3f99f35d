import { type StaffMe, type StaffRefundClaim, staffApi } from '@cabinet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../../shared/navigation';
import { storeStaffSession } from '../../../shared/staff/session';
import { serveStaffApi } from '../../../shared/staff/test-server';
import { renderRoute } from '../../../shared/ui/test-utils';
import RefundClaimsPage from './refund-claims-page';

const manager: StaffMe = { id: 1, email: 'olga@staff.example', role: 'manager', name: 'Ольга' };

const claim = (over: Partial<StaffRefundClaim> = {}): StaffRefundClaim => ({
  id: 7,
  user_id: 3,
  email: 'anna@example.com',
  amount: 120_000,
  status: 'pending',
  reason: 'Заказ отменён, автор не нашёлся',
  pay_ids: [11, 12],
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  ...over,
});

function render() {
  storeStaffSession('token', manager);
  return renderRoute(<RefundClaimsPage />, { path: '/staff/refunds', url: '/staff/refunds' });
}

beforeEach(() => {
  setNavigator({ navigate: vi.fn(), location: () => ({ pathname: '/staff/refunds', search: '' }) });
});

describe('the refund claims page', () => {
  it('lists claims with amount, reason and payments, and approves one after asking', async () => {
    let current = claim();
    const { calls } = serveStaffApi({
      [`GET ${staffApi.refundClaims}`]: () => ({ body: { results: [current], count: 1 } }),
      [`POST ${staffApi.refundClaimApprove(7)}`]: () => {
        current = claim({ status: 'succeeded' });
        return { body: current };
      },
    });
    render();
    const card = await screen.findByRole('listitem', { name: 'Заявка №7 · anna@example.com' });
    expect(within(card).getByText('Ждёт решения')).toBeInTheDocument();
    expect(card).toHaveTextContent(/1\s200\s₽/);
    expect(card).toHaveTextContent('Заказ отменён, автор не нашёлся');
    expect(card).toHaveTextContent('Платежи: №11, №12');

    await userEvent.click(within(card).getByRole('button', { name: 'Одобрить' }));
    expect(within(card).getByText(/Вернуть 1\s200\s₽ на карту клиента\?/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.click(within(card).getByRole('button', { name: 'Одобрить' }));
    await waitFor(() => expect(within(card).queryByRole('button', { name: 'Одобрить' })).toBeNull());
    expect(within(card).getByText('Одобрена')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      staffApi.refundClaimApprove(7),
    ]);
  });

  it('rejects after asking, and shows the server’s refusal when the claim was decided meanwhile', async () => {
    serveStaffApi({
      [`GET ${staffApi.refundClaims}`]: { body: { results: [claim()], count: 1 } },
      [`POST ${staffApi.refundClaimReject(7)}`]: {
        status: 409,
        body: { detail: 'Заявка уже рассмотрена' },
      },
    });
    render();
    const card = await screen.findByRole('listitem', { name: 'Заявка №7 · anna@example.com' });
    await userEvent.click(within(card).getByRole('button', { name: 'Отклонить' }));
    expect(
      within(card).getByText(/Отклонить заявку и вернуть 1\s200\s₽ на баланс клиента\?/),
    ).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Отклонить' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Заявка уже рассмотрена');
  });

  it('says when there are no claims', async () => {
    serveStaffApi({ [`GET ${staffApi.refundClaims}`]: { body: { results: [], count: 0 } } });
    render();
    expect(await screen.findByText('Заявок на возврат нет')).toBeInTheDocument();
  });

  it('shows decided claims without actions', async () => {
    serveStaffApi({
      [`GET ${staffApi.refundClaims}`]: {
        body: { results: [claim({ status: 'canceled', pay_ids: [] })], count: 1 },
      },
    });
    render();
    const card = await screen.findByRole('listitem', { name: 'Заявка №7 · anna@example.com' });
    expect(within(card).getByText('Отклонена')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(card).not.toHaveTextContent('Платежи');
  });
});
