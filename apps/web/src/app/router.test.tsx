import { api, staffApi } from '@cabinet/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IN_APP_SIGN_OUT } from '../shared/sign-out';
import { listItem, noWorkspace } from '../features/orders/test-fixtures';

type Reply = { status?: number; body?: unknown };
type Handler = (init: RequestInit | undefined) => Reply;

/** An order as `GET /api/client/orders/{id}/` answers it. */
const order = (id: number, isTrash: boolean) => ({
  ...listItem(id, { trash: { is_trash: isTrash } }),
  files: [],
  files_without_qc: [],
  ...noWorkspace,
});

const profile = {
  id: 1,
  fio: 'Анна Демидова',
  birthday: null,
  email: 'demo@example.com',
  sex: '',
  phone: '+79991234567',
  education: [],
  university: '',
  course: '',
  group_header: '',
  training_form: [],
  is_telegram_contact: false,
  is_viber_contact: false,
  is_whatsapp_contact: false,
  telegram: '',
  sms_delivery: false,
  email_delivery: true,
  unisender_status: { id: 1, title: 'Подписан' },
  diplom_half_price: { id: 0 },
  diplom_hp_popup: false,
};

const fetchMock = vi.fn<typeof fetch>();
let handlers: Record<string, Handler>;

function serve(extra: Record<string, Handler>) {
  handlers = {
    [`GET ${api.profile.root}`]: () => ({ body: profile }),
    [`PATCH ${api.profile.status}`]: () => ({ body: { money: 0, bonus: 0 } }),
    [`GET ${api.auth.socialLinks}`]: () => ({ body: [] }),
    ...extra,
  };
}

const calls = () => fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);

/** Each test starts a fresh app: start-up runs once per page load, so it needs fresh modules. */
async function open(url: string, state?: unknown) {
  vi.resetModules();
  const { registerNavigator, routes } = await import('./router');
  const { AppProviders } = await import('./providers');
  const entry = state === undefined ? url : { pathname: url, state };
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  registerNavigator(router);
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const settled = async (path: string) => {
    await waitFor(() => {
      expect(router.state.navigation.state).toBe('idle');
      expect(router.state.location.pathname + router.state.location.search).toBe(path);
    });
  };
  return { router, settled };
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const handler = handlers[`${init?.method ?? 'GET'} ${String(input)}`];
    const { status = 200, body } = handler ? handler(init) : { status: 404, body: { detail: 'Не найдено' } };
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  serve({});
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const signedIn = () => localStorage.setItem('key', 'ACCESS');

describe('visitors', () => {
  it('a cabinet route sends a visitor to /login with the way back', async () => {
    const { settled } = await open('/order/5/tip?tip=100&msg=hi');
    await settled(`/login?redirect=${encodeURIComponent('/order/5/tip?tip=100')}&msg=hi`);
    expect(calls()).not.toContain('GET /api/client/orders/5/');
  });

  it('/logout sends a visitor to /login: there is nothing to sign out of', async () => {
    const { settled } = await open('/logout');
    await settled('/login');
    expect(calls()).not.toContain(`POST ${api.auth.logout}`);
  });

  it('the root path sends a visitor to /login without a redirect', async () => {
    const { settled } = await open('/');
    await settled('/login');
  });

  it('unknown paths go to /404', async () => {
    const { settled } = await open('/no/such/page');
    await settled('/404');
    expect(await screen.findByRole('heading', { name: 'Страница не найдена' })).toBeInTheDocument();
  });

  it('/socials-email-auth without a token goes to /404', async () => {
    const { settled } = await open('/socials-email-auth?token=');
    await settled('/404');
  });

  it('/payment accepts only success or fail and tells the screen the visitor is not signed in', async () => {
    const bad = await open('/payment?status=maybe');
    await bad.settled('/404');

    const good = await open('/payment?status=success');
    await good.settled('/payment?status=success');
    expect(good.router.state.loaderData).toEqual(
      expect.objectContaining({
        [good.router.state.matches.at(-1)!.route.id]: { status: 'success', authenticated: false },
      }),
    );
  });

  it('start-up with al signs in first, then drops al and keeps msg', async () => {
    serve({
      [`POST ${api.auth.autoLogin}`]: () => ({ body: { tokens: { access: 'AL', expires_in: 300 } } }),
    });
    const { settled } = await open('/profile?al=one-time&msg=Привет');
    await settled(`/profile?msg=${encodeURIComponent('Привет')}`);
    expect(calls().slice(0, 2)).toEqual([`POST ${api.auth.autoLogin}`, `GET ${api.profile.root}`]);
    expect(localStorage.getItem('key')).toBe('AL');
    expect(await screen.findByText('Привет')).toBeInTheDocument();
  });

  it('a used al link leaves a visitor who is sent to /login without al', async () => {
    serve({ [`POST ${api.auth.autoLogin}`]: () => ({ status: 400, body: { detail: 'Ссылка устарела' } }) });
    const { settled } = await open('/bonus?al=used');
    await settled(`/login?redirect=${encodeURIComponent('/bonus')}`);
  });
});

describe('customers', () => {
  beforeEach(signedIn);

  it('the root path and the public screens lead Home, passing msg along', async () => {
    const root = await open('/');
    await root.settled('/home/active');
    const session = await import('../shared/auth/session');
    expect(session.getAuthStatus()).toBe('success');
    expect(await screen.findByRole('heading', { name: 'Мои заказы' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: /^Архив/ })).toBeInTheDocument();

    const login = await open('/login?msg=ok');
    await login.settled('/home/active?msg=ok');
  });

  it('/home opens the active tab and an unknown tab is not found', async () => {
    const home = await open('/home');
    await home.settled('/home/active');
    const unknown = await open('/home/trash');
    await unknown.settled('/404');
  });

  it('the addresses people guess for the orders list land on its tabs, keeping the query', async () => {
    const orders = await open('/orders');
    await orders.settled('/home/active');
    for (const tab of ['active', 'archive', 'done']) {
      const guessed = await open(`/orders/${tab}?msg=hi`);
      await guessed.settled(`/home/${tab}?msg=hi`);
    }
    const unknown = await open('/orders/trash');
    await unknown.settled('/404');
  });

  it('/payments opens pay and the placeholder shows the payments tabs', async () => {
    const { settled } = await open('/payments');
    await settled('/payments/pay');
    expect(await screen.findByRole('heading', { name: 'Ожидают оплаты' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'История' })).toHaveAttribute('href', '/payments/history');
  });

  it('an order that cannot be loaded is not found', async () => {
    const { settled } = await open('/order/5');
    await settled('/404');
  });

  it('an order asked for without a network stays at its address instead of a 404 (the offline reload)', async () => {
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { router } = await open('/order/5/chat');
    await waitFor(() => expect(router.state.initialized).toBe(true));
    expect(calls()).toContain('GET /api/client/orders/5/');
    expect(router.state.location.pathname).toBe('/order/5/chat');
  });

  it('a trashed order opens the archive tab', async () => {
    serve({ 'GET /api/client/orders/5/': () => ({ body: order(5, true) }) });
    const { settled } = await open('/order/5/files');
    await settled('/home/archive');
  });

  it('an order opens its chat, and the cached order is reused within 60 s', async () => {
    serve({ 'GET /api/client/orders/5/': () => ({ body: order(5, false) }) });
    const { router, settled } = await open('/order/5');
    await settled('/order/5/chat');
    expect(
      await screen.findByRole('heading', { name: 'Чат по заказу' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const loads = () => calls().filter((c) => c === 'GET /api/client/orders/5/').length;
    const before = loads();

    await router.navigate('/order/5/files');
    await settled('/order/5/files');
    expect(
      await screen.findByRole('heading', { name: 'Файлы заказа' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(loads()).toBe(before);
    // The first test to open the workspace imports its layout and tab modules (seconds on a busy machine).
  }, 30_000);

  it('space and certificate load failures go to /404', async () => {
    const space = await open('/space/3');
    await space.settled('/404');
    const certificate = await open('/certificate/9/pay');
    await certificate.settled('/404');
  });

  it('withdraw without a verified account goes to the payout payments screen', async () => {
    serve({
      'GET /api/client/payments/verification-status/repayment/': () => ({
        body: { success: true, verified: false, status: 'requested', phone: '+7 *** ***-45-67' },
      }),
    });
    const { settled } = await open('/withdraw?amountInit=100');
    await settled('/payments/balance');
  });

  it('withdraw whose check fails goes to the payout payments screen', async () => {
    serve({
      'GET /api/client/payments/verification-status/repayment/': () => ({
        status: 500,
        body: { detail: 'Сбой' },
      }),
    });
    const { router } = await open('/withdraw?amountInit=100');
    // The query client retries a failed read twice (≈3 s) before the guard gives up.
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments/balance'), {
      timeout: 8000,
    });
  });

  it('withdraw whose check answers another shape goes to the payout payments screen', async () => {
    serve({
      'GET /api/client/payments/verification-status/repayment/': () => ({ body: { verified: true } }),
    });
    const { router } = await open('/withdraw?amountInit=100');
    // The query client retries a failed read twice (≈3 s) before the guard gives up.
    await waitFor(() => expect(router.state.location.pathname).toBe('/payments/balance'), {
      timeout: 8000,
    });
  });

  it('withdraw with a verified account opens', async () => {
    serve({
      'GET /api/client/payments/verification-status/repayment/': () => ({
        body: { success: true, verified: true, status: 'verified', phone: '+7 *** ***-45-67' },
      }),
    });
    const { settled } = await open('/withdraw?amountInit=100');
    await settled('/withdraw?amountInit=100');
    expect(await screen.findByRole('heading', { name: 'Вывод средств' })).toBeInTheDocument();
  });

  it('/logout from the app’s own «Выйти» (its router state) signs out at once and goes to /login', async () => {
    serve({ [`POST ${api.auth.logout}`]: () => ({ body: { detail: 'ok' } }) });
    const { settled } = await open('/logout', IN_APP_SIGN_OUT);
    await settled('/login');
    expect(calls()).toContain(`POST ${api.auth.logout}`);
    expect(localStorage.getItem('key')).toBeNull();
  });

  it('a failed sign-out from the app is logged and goes to /404', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve({ [`POST ${api.auth.logout}`]: () => ({ status: 500, body: { detail: 'Сбой' } }) });
    const { settled } = await open('/logout', IN_APP_SIGN_OUT);
    await settled('/404');
    expect(log).toHaveBeenCalled();
  });

  it('/logout opened from elsewhere asks first, with the focus on «Выйти», and signs out only when pressed', async () => {
    serve({ [`POST ${api.auth.logout}`]: () => ({ body: { detail: 'ok' } }) });
    const { settled } = await open('/logout');
    await settled('/logout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Выйти из кабинета?' })).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Выйти' });
    expect(confirm).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Вернуться в кабинет' })).toHaveAttribute('href', '/home/active');
    expect(calls()).not.toContain(`POST ${api.auth.logout}`);
    expect(localStorage.getItem('key')).toBe('ACCESS');
    fireEvent.click(confirm);
    await settled('/login');
    expect(localStorage.getItem('key')).toBeNull();
  });

  it('a profile failure at start-up stops quietly: the screen still opens', async () => {
    serve({ [`GET ${api.profile.root}`]: () => ({ status: 500, body: { detail: 'Сбой' } }) });
    const { settled } = await open('/bonus');
    await settled('/bonus');
    expect(await screen.findByRole('heading', { name: 'Бонусы' })).toBeInTheDocument();
    const session = await import('../shared/auth/session');
    expect(session.getAuthStatus()).not.toBe('success');
    expect(localStorage.getItem('key')).toBe('ACCESS');
  });

  it('an expired session at start-up leads to /login with the way back', async () => {
    serve({
      [`GET ${api.profile.root}`]: () => ({ status: 401, body: { detail: 'not authorized' } }),
      [`POST ${api.auth.refresh}`]: () => ({ status: 401, body: { detail: 'not authorized' } }),
    });
    const { settled } = await open('/friend');
    await settled(`/login?redirect=${encodeURIComponent('/friend')}`);
    expect(localStorage.getItem('key')).toBeNull();
  });

  it('a store that cannot be read leads to the Error route', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const { settled } = await open('/profile');
    await settled('/error');
    expect(log).toHaveBeenCalled();
  });
});

describe('staff sign-out', () => {
  const manager = { id: 3, email: 'olga@example.com', role: 'manager', name: 'Менеджер Ольга' };
  const staffSignedIn = () => {
    sessionStorage.setItem('staffKey', 'STAFF');
    sessionStorage.setItem('staffMe', JSON.stringify(manager));
  };
  // The staff refresh cookie: gone (a visitor, or just signed out) unless a test says otherwise.
  const noCookie = {
    [`POST ${staffApi.refresh}`]: () => ({ status: 401, body: { detail: 'not authorized' } }),
  };
  const signIn = () => screen.findByRole('heading', { level: 1, name: 'Вход для сотрудников' });

  it('/staff/logout sends a visitor to the staff sign-in: there is nothing to sign out of', async () => {
    serve(noCookie);
    const { settled } = await open('/staff/logout');
    await settled('/staff/login');
    expect(await signIn()).toBeInTheDocument();
    expect(calls()).not.toContain(`POST ${staffApi.logout}`);
  });

  it('/staff/logout from the frame’s own «Выйти» (its router state) signs out at once', async () => {
    staffSignedIn();
    serve({ ...noCookie, [`POST ${staffApi.logout}`]: () => ({ body: { detail: 'ok' } }) });
    const { settled } = await open('/staff/logout', IN_APP_SIGN_OUT);
    await settled('/staff/login');
    expect(await signIn()).toBeInTheDocument();
    expect(calls()).toContain(`POST ${staffApi.logout}`);
    expect(sessionStorage.getItem('staffKey')).toBeNull();
  });

  it('a failed staff sign-out is logged and still ends the session here', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    staffSignedIn();
    serve({ ...noCookie, [`POST ${staffApi.logout}`]: () => ({ status: 500, body: { detail: 'Сбой' } }) });
    const { settled } = await open('/staff/logout', IN_APP_SIGN_OUT);
    await settled('/staff/login');
    expect(log).toHaveBeenCalled();
    expect(sessionStorage.getItem('staffKey')).toBeNull();
  });

  it('/staff/logout opened from elsewhere asks first, with the focus on «Выйти», and signs out only when pressed', async () => {
    staffSignedIn();
    serve({ ...noCookie, [`POST ${staffApi.logout}`]: () => ({ body: { detail: 'ok' } }) });
    const { settled } = await open('/staff/logout');
    await settled('/staff/logout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Выйти из кабинета?' })).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Выйти' });
    expect(confirm).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Вернуться к заказам' })).toHaveAttribute('href', '/staff');
    expect(calls()).not.toContain(`POST ${staffApi.logout}`);
    expect(sessionStorage.getItem('staffKey')).toBe('STAFF');
    fireEvent.click(confirm);
    await settled('/staff/login');
    expect(calls()).toContain(`POST ${staffApi.logout}`);
    expect(sessionStorage.getItem('staffKey')).toBeNull();
  });

  it('/staff/logout in a new tab renews the session from its cookie and asks, signing nobody out', async () => {
    serve({
      [`POST ${staffApi.refresh}`]: () => ({ body: { access: 'RENEWED', expires_in: 300, staff: manager } }),
    });
    const { settled } = await open('/staff/logout');
    await settled('/staff/logout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Выйти из кабинета?' })).toBeInTheDocument();
    expect(calls()).not.toContain(`POST ${staffApi.logout}`);
    expect(sessionStorage.getItem('staffKey')).toBe('RENEWED');
  });
});
