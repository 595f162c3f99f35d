import { staffApi } from '@cabinet/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../../shared/navigation';
import { serveStaffApi } from '../../../shared/staff/test-server';
import { getStaffMe, getStaffToken } from '../../../shared/staff/session';
import { TOKEN_KEY } from '../../../shared/auth/session';
import { renderRoute } from '../../../shared/ui/test-utils';
import StaffLoginPage from './staff-login-page';

const navigate = vi.fn<(to: string) => void>();
const manager = { id: 1, email: 'olga@staff.example', role: 'manager', name: 'Ольга' };

function renderLogin(url = '/staff/login') {
  return renderRoute(<StaffLoginPage />, {
    path: '/staff/login',
    url,
    otherPaths: ['/staff/orders', '/staff/orders/7', '/home/active'],
  });
}

async function signIn(email = 'olga@staff.example', password = 'secret-pass') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Пароль'), password);
  await user.click(screen.getByRole('button', { name: 'Войти' }));
}

beforeEach(() => {
  navigate.mockReset();
  setNavigator({ navigate, location: () => ({ pathname: '/staff/login', search: '' }) });
});

afterEach(() => vi.unstubAllGlobals());

describe('StaffLoginPage', () => {
  it('checks the fields with the contract schema before calling the server', async () => {
    const { calls } = serveStaffApi({});
    const user = userEvent.setup();
    renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Введите e-mail')).toBeInTheDocument();
    expect(screen.getByText('Введите пароль')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the server’s Russian refusal (401) and stays signed out', async () => {
    serveStaffApi({
      [`POST ${staffApi.login}`]: { status: 401, body: { detail: 'Неверный e-mail или пароль' } },
    });
    renderLogin();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Неверный e-mail или пароль');
    expect(getStaffToken()).toBeNull();
  });

  it('puts a 400’s field errors under their fields', async () => {
    serveStaffApi({
      [`POST ${staffApi.login}`]: {
        status: 400,
        body: { errors: { email: ['Сотрудник с таким e-mail отключён'] } },
      },
    });
    renderLogin();
    await signIn();
    expect(await screen.findByText('Сотрудник с таким e-mail отключён')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
  });

  it('a 429 goes to /429, which reads the Retry-After', async () => {
    serveStaffApi({
      [`POST ${staffApi.login}`]: {
        status: 429,
        body: { detail: 'Слишком много попыток' },
        headers: { 'Retry-After': '120' },
      },
    });
    renderLogin();
    await signIn();
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/429'));
    expect(JSON.parse(sessionStorage.getItem('too_many_requests') ?? '{}')).toMatchObject({
      from: '/staff/login',
    });
  });

  it('signs in into the staff session only, and opens the `redirect` staff screen', async () => {
    localStorage.setItem(TOKEN_KEY, 'customer-token');
    const { calls } = serveStaffApi({
      [`POST ${staffApi.login}`]: { body: { access: 'staff-token', expires_in: 300, staff: manager } },
    });
    renderLogin('/staff/login?redirect=%2Fstaff%2Forders%2F7');
    await signIn(' Olga@Staff.Example ');
    expect(await screen.findByText('route:/staff/orders/7')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      body: { email: 'olga@staff.example', password: 'secret-pass' },
      auth: undefined,
    });
    expect(getStaffToken()).toBe('staff-token');
    expect(getStaffMe()).toEqual(manager);
    // The customer's session is another one, untouched.
    expect(localStorage.getItem(TOKEN_KEY)).toBe('customer-token');
  });

  it('never leads outside the staff section after signing in', async () => {
    serveStaffApi({
      [`POST ${staffApi.login}`]: { body: { access: 't', expires_in: 300, staff: manager } },
    });
    renderLogin('/staff/login?redirect=%2Fhome%2Factive');
    await signIn();
    expect(await screen.findByText('route:/staff/orders')).toBeInTheDocument();
  });
});
