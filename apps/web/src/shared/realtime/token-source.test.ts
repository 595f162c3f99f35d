import { api } from '@cabinet/contract';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../auth/session';
import { setNavigator } from '../navigation';
import { customerSession } from './token-source';

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('the customer socket session', () => {
  it('renews a refused token through the API client’s refresh and returns the new one', async () => {
    localStorage.setItem(TOKEN_KEY, 'stale');
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(answer(200, { access: 'fresh', expires_in: 300 }));
    await expect(customerSession.refreshToken('stale')).resolves.toBe('fresh');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(api.auth.refresh);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('fresh');
  });

  it('takes a token another tab has renewed already, without asking the server', async () => {
    localStorage.setItem(TOKEN_KEY, 'renewed-elsewhere');
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    await expect(customerSession.refreshToken('stale')).resolves.toBe('renewed-elsewhere');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fails, ending the session and leading to the sign-in, when the refresh is refused', async () => {
    const navigate = vi.fn();
    setNavigator({ navigate, location: () => ({ pathname: '/order/7/chat', search: '' }) });
    localStorage.setItem(TOKEN_KEY, 'stale');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      answer(401, { detail: 'Учетные данные не были предоставлены.' }),
    );
    await expect(customerSession.refreshToken('stale')).rejects.toThrow();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login\?redirect=%2Forder%2F7%2Fchat/));
  });
});
