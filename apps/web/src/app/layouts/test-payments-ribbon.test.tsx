import { companyApi } from '@cabinet/contract';
import { screen } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCompanyForTests } from '../../features/documents/company';
import { paths } from '../../shared/paths';
import { deepestHandle } from '../../shared/route-handle';
import { renderRoute } from '../../shared/ui/test-utils';
import { routes } from '../router';
import PublicLayout from './public-layout';

vi.mock('../../features/auth/store', () => ({ useIsAuthenticated: () => false }));

const COMPANY = {
  name: 'ООО «Ромашка»',
  inn: '7701234567',
  ogrn: '1027700123456',
  address: '101000, г. Москва, ул. Мясницкая, д. 1',
  email: null,
  support_phone: null,
};

/** The public company endpoint answers with this body. */
function companyAnswers(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) =>
      String(input) === companyApi
        ? Promise.resolve(new Response(JSON.stringify(body), { status: 200 }))
        : Promise.reject(new Error(`unexpected ${String(input)}`)),
    ),
  );
}

/** The public layout around a money screen (/payment) and a screen that is none (/login). */
function renderAt(url: string) {
  return renderRoute(<PublicLayout />, {
    path: '/',
    url,
    children: [
      { path: 'payment', element: <h1>Оплата</h1>, handle: { title: 'Оплата', money: true } },
      { path: 'login', element: <h1>Вход</h1>, handle: { title: 'Вход' } },
    ],
  });
}

/** The footer names the operator once the company answer has come: the ribbon has had its chance. */
const answered = () => screen.findByText(/ООО «Ромашка»/);

beforeEach(() => resetCompanyForTests());
afterEach(() => vi.unstubAllGlobals());

describe('the test payments ribbon', () => {
  it('says «Тестовые платежи» on a money screen while the server’s payments are test ones', async () => {
    companyAnswers({ ...COMPANY, test_payments: true });
    renderAt('/payment');
    const ribbon = await screen.findByRole('status', { name: 'Тестовые платежи' });
    expect(ribbon).toHaveTextContent('Деньги не списываются');
  });

  it('is absent when the server takes real payments', async () => {
    companyAnswers({ ...COMPANY, test_payments: false });
    renderAt('/payment');
    await answered();
    expect(screen.queryByText('Тестовые платежи')).toBeNull();
  });

  it('is absent from a screen that handles no money', async () => {
    companyAnswers({ ...COMPANY, test_payments: true });
    renderAt('/login');
    await answered();
    expect(screen.queryByText('Тестовые платежи')).toBeNull();
  });

  it('is absent when the answer says nothing of test payments', async () => {
    companyAnswers(COMPANY);
    renderAt('/payment');
    await answered();
    expect(screen.queryByText('Тестовые платежи')).toBeNull();
  });
});

describe('the money screens of the route table', () => {
  const isMoney = (path: string) =>
    deepestHandle((matchRoutes(routes, path) ?? []).map((m) => ({ handle: m.route.handle })) as never)
      ?.money === true;

  it.each([
    paths.payment.getHref('success'),
    paths.order.pay.getHref(7),
    paths.order.tip.getHref(7),
    paths.payPacket.getHref(3),
    paths.payments.getHref('balance'),
    paths.payments.getHref('pay'),
    paths.payments.getHref('replenish'),
    paths.payments.getHref('history'),
    paths.withdraw.getHref(),
    paths.bonus.getHref(),
    paths.certificates.getHref(),
    paths.certificate.getHref('c1'),
    paths.certificate.pay.getHref('c1'),
  ])('marks %s as one', (href) => {
    expect(isMoney(new URL(href, 'http://x').pathname)).toBe(true);
  });

  it.each([
    paths.login.getHref(),
    paths.home.getHref('active'),
    paths.profile.getHref(),
    paths.orderNew.getHref(),
  ])('leaves %s out', (href) => {
    expect(isMoney(new URL(href, 'http://x').pathname)).toBe(false);
  });
});
