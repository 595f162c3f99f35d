// Test-only: the payments section's routes as the app nests them, with a fake API behind apiFetch.
import { Notifications } from '@mantine/notifications';
import { Outlet } from 'react-router';
import { vi } from 'vitest';
import { renderRoute } from '../../shared/ui/test-utils';
import BalanceTab from './routes/balance-tab';
import HistoryTab from './routes/history-tab';
import PaymentsLayout from './routes/payments-layout';
import WithdrawPage from './routes/withdraw-page';

vi.setConfig({ testTimeout: 30_000 });

const titled = (title: string) => ({ title });

/** `/payments` with its layout and tabs at `url` (the tabs W1 fills stand empty here). */
export function renderPayments(url: string) {
  return renderRoute(
    <>
      <Notifications />
      <PaymentsLayout />
    </>,
    {
      path: '/payments',
      url,
      children: [
        { path: 'balance', element: <BalanceTab />, handle: titled('Баланс') },
        { path: 'pay', element: <div />, handle: titled('Ожидают оплаты') },
        { path: 'replenish', element: <div />, handle: titled('Пополнение баланса') },
        { path: 'history', element: <HistoryTab />, handle: titled('История платежей') },
      ],
    },
  );
}

/** `/withdraw?amountInit=` as the route table has it (the guard has let the customer in). */
export function renderWithdraw(url: string) {
  return renderRoute(
    <>
      <Notifications />
      <Outlet />
    </>,
    {
      path: '/withdraw',
      url,
      children: [{ index: true, element: <WithdrawPage />, handle: titled('Вывод средств') }],
      otherPaths: ['/payments/balance'],
    },
  );
}
