import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../shared/api/client';
import { resetSessionStore, setSessionValues, useDismissedHint, useSession } from './session-store';

vi.mock('../../shared/api/client', () => ({ apiFetch: vi.fn() }));

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
  resetSessionStore();
});

describe('the UI session store', () => {
  it('reads the server once however many screens use it', async () => {
    vi.mocked(apiFetch).mockResolvedValue({ dismissed_hints: ['a'] });
    const first = renderHook(() => useSession());
    const second = renderHook(() => useSession());
    await waitFor(() => expect(first.result.current).toEqual({ dismissed_hints: ['a'] }));
    expect(second.result.current).toEqual({ dismissed_hints: ['a'] });
    expect(apiFetch).toHaveBeenCalledTimes(1);
  });

  it('merges a write at once and posts only its keys', async () => {
    vi.mocked(apiFetch).mockResolvedValueOnce({ orders_tab: 'archive' }).mockResolvedValue({});
    const { result } = renderHook(() => useSession());
    await waitFor(() => expect(result.current).toEqual({ orders_tab: 'archive' }));
    await setSessionValues({ theme_hint: true });
    await waitFor(() => expect(result.current).toEqual({ orders_tab: 'archive', theme_hint: true }));
    expect(apiFetch).toHaveBeenLastCalledWith('/client/api/profile/session/', {
      method: 'POST',
      body: { theme_hint: true },
    });
  });

  it('treats a failed read as an empty store: hints still show', async () => {
    vi.mocked(apiFetch).mockRejectedValue(new Error('offline'));
    const { result } = renderHook(() => useDismissedHint('profile-fill'));
    await waitFor(() => expect(result.current[0]).toBe(false));
  });
});
