import { api, type StaffMe, staffApi } from '@cabinet/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../auth/session';
import { setNavigator } from '../navigation';
import { restoreStaffSession, staffFetch } from './client';
import { staffQueryClient } from './query-client';
import { getStaffMe, getStaffToken, storeStaffSession } from './session';
import { serveStaffApi } from './test-server';

const navigate = vi.fn<(to: string) => void>();
const ORDERS = staffApi.orders;
const me: StaffMe = { id: 3, email: 'ivan@staff.example', role: 'performer', name: 'Иван К.' };

beforeEach(() => {
  navigate.mockReset();
  setNavigator({ navigate, location: () => ({ pathname: '/staff/orders/7', search: '?x=1' }) });
});

afterEach(() => vi.unstubAllGlobals());

describe('staffFetch', () => {
  it('carries the staff token, never the customer’s', async () => {
    localStorage.setItem(TOKEN_KEY, 'customer');
    storeStaffSession('staff-A');
    const { calls } = serveStaffApi({ [`GET ${ORDERS}`]: { body: { ok: 1 } } });
    await expect(staffFetch(ORDERS)).resolves.toEqual({ ok: 1 });
    expect(calls[0]?.auth).toBe('Bearer staff-A');
  });

  it('on a 401 renews through the staff refresh cookie once and retries with the new token', async () => {
    storeStaffSession('stale');
    const { calls } = serveStaffApi({
      [`GET ${ORDERS}`]: (init) =>
        (init?.headers as Record<string, string>).Authorization === 'Bearer fresh'
          ? { body: { ok: 2 } }
          : { status: 401, body: { detail: 'Токен устарел' } },
      [`POST ${staffApi.refresh}`]: { body: { access: 'fresh', expires_in: 300, staff: me } },
    });
    // Two calls at once share one refresh.
    await expect(Promise.all([staffFetch(ORDERS), staffFetch(ORDERS)])).resolves.toEqual([
      { ok: 2 },
      { ok: 2 },
    ]);
    expect(calls.filter((c) => c.url === staffApi.refresh)).toHaveLength(1);
    expect(calls.some((c) => c.url === api.auth.refresh)).toBe(false);
    expect(getStaffToken()).toBe('fresh');
    expect(getStaffMe()).toEqual(me);
  });

  it('a refused refresh ends the staff session and leads to the staff sign-in with the way back', async () => {
    localStorage.setItem(TOKEN_KEY, 'customer');
    storeStaffSession('stale', me);
    serveStaffApi({
      [`GET ${ORDERS}`]: { status: 401, body: { detail: 'Токен устарел' } },
      [`POST ${staffApi.refresh}`]: { status: 401, body: { detail: 'Войдите снова' } },
    });
    staffQueryClient.setQueryData(['staff', 'order', '7'], { id: 7 });
    await expect(staffFetch(ORDERS)).rejects.toMatchObject({ status: 401 });
    expect(getStaffToken()).toBeNull();
    expect(staffQueryClient.getQueryData(['staff', 'order', '7'])).toBeUndefined();
    expect(navigate).toHaveBeenCalledWith('/staff/login?redirect=%2Fstaff%2Forders%2F7%3Fx%3D1');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('customer');
  });
});

describe('restoreStaffSession (a new tab)', () => {
  it('renews from the cookie when the tab has no token', async () => {
    serveStaffApi({
      [`POST ${staffApi.refresh}`]: { body: { access: 'renewed', expires_in: 300, staff: me } },
    });
    await expect(restoreStaffSession()).resolves.toBe(true);
    expect(getStaffToken()).toBe('renewed');
  });

  it('says no without navigating when there is no staff session', async () => {
    serveStaffApi({ [`POST ${staffApi.refresh}`]: { status: 401, body: { detail: 'Нет сессии' } } });
    await expect(restoreStaffSession()).resolves.toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });
});
