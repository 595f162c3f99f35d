import { api, type TelegramState } from '@cabinet/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { renderRoute } from '../../../shared/ui/test-utils';
import { TelegramSection } from './telegram-section';
import { telegramMessages as m } from './telegram-messages';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));
const fetchMock = vi.mocked(apiFetch);

const LINK = 'https://t.me/cabinet_bot?start=abcdefghijklmnopqrstuvwxyz012345';
let state: TelegramState;

beforeEach(() => {
  fetchMock.mockImplementation(async (path, init) => {
    if (path !== api.telegram.link) throw new Error(`unexpected ${path}`);
    const method = init?.method ?? 'GET';
    if (method === 'GET') return state;
    if (method === 'POST') return { url: LINK, expires_at: '2026-12-07T12:10:00.000Z' };
    if (method === 'DELETE') {
      state = { available: true, linked: false, linked_at: null };
      return null;
    }
    throw new Error(`unexpected ${method}`);
  });
});
afterEach(() => fetchMock.mockReset());

describe('the profile’s Telegram section', () => {
  it('is hidden when the server has no bot', async () => {
    state = { available: false, linked: false, linked_at: null };
    renderRoute(<TelegramSection />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByText(m.title)).toBeNull();
    expect(screen.queryByRole('button', { name: m.connect })).toBeNull();
  });

  it('gives the bot’s deep link on «Подключить Telegram», opening in a new tab', async () => {
    state = { available: true, linked: false, linked_at: null };
    renderRoute(<TelegramSection />);
    expect(await screen.findByRole('status')).toHaveTextContent(m.off);

    await userEvent.click(screen.getByRole('button', { name: m.connect }));

    const link = await screen.findByRole('link', { name: m.open });
    expect(link).toHaveAttribute('href', LINK);
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByText(m.linkHint)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(api.telegram.link, { method: 'POST' });
  });

  it('shows the linked chat and unlinks it', async () => {
    state = { available: true, linked: true, linked_at: '2026-12-07T10:00:00.000Z' };
    renderRoute(<TelegramSection />);
    expect(await screen.findByRole('status')).toHaveTextContent('подключено 7 декабря 2026');

    await userEvent.click(screen.getByRole('button', { name: m.disconnect }));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(m.off));
    expect(fetchMock).toHaveBeenCalledWith(api.telegram.link, { method: 'DELETE' });
  });
});

describe.each(['light', 'dark'] as const)(
  'the Telegram section to a screen reader (axe, %s)',
  (colorScheme) => {
    it('has no violations, unlinked with a link given and linked', async () => {
      state = { available: true, linked: false, linked_at: null };
      const view = renderRoute(<TelegramSection />, { colorScheme });
      await userEvent.click(await screen.findByRole('button', { name: m.connect }));
      await screen.findByRole('link', { name: m.open });
      const rules = { 'color-contrast': { enabled: false }, region: { enabled: false } };
      let result = await axe.run(document.body, { rules, resultTypes: ['violations'] });
      expect(result.violations.map((v) => v.id)).toEqual([]);
      view.unmount();

      state = { available: true, linked: true, linked_at: '2026-12-07T10:00:00.000Z' };
      renderRoute(<TelegramSection />, { colorScheme });
      await screen.findByRole('button', { name: m.disconnect });
      result = await axe.run(document.body, { rules, resultTypes: ['violations'] });
      expect(result.violations.map((v) => v.id)).toEqual([]);
    });
  },
);
