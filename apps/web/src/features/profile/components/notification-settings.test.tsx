import { api } from '@cabinet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/errors';
import { notify } from '../../../shared/notify';
import { renderRoute } from '../../../shared/ui/test-utils';
import { fakeProfileServer } from '../test-server';
import { NotificationSettingsSection } from './notification-settings';
import { notificationSettingsMessages as m } from './notification-settings-messages';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));

vi.mock('../../../shared/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

vi.setConfig({ testTimeout: 30_000 });

function serve(server = fakeProfileServer()) {
  vi.mocked(apiFetch).mockImplementation(async (path, init) => server.handle(path, init));
  return server;
}

const renderSection = (emailDelivery = true, colorScheme: 'light' | 'dark' = 'light') =>
  renderRoute(<NotificationSettingsSection profile={{ email_delivery: emailDelivery }} />, {
    path: '/profile',
    colorScheme,
  });

const cell = (event: string, channel: string) =>
  screen.getByRole('checkbox', { name: `${event}: ${channel}` });

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
});

describe('the notification settings', () => {
  it('shows a table of event kinds by channel, each switch labelled, nothing promotional by default', async () => {
    serve();
    renderSection();
    const table = await screen.findByRole('table', { name: m.caption });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Событие', 'E-mail', 'Браузер']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Новые сообщения в чате',
      'Смена статуса заказа',
      'Готовые файлы',
      'Оплаты',
      'Акции и новости',
    ]);
    expect(cell('Новые сообщения в чате', 'Уведомления в браузере')).toBeChecked();
    expect(cell('Оплаты', 'E-mail')).toBeChecked();
    expect(cell('Акции и новости', 'E-mail')).not.toBeChecked();
    expect(cell('Акции и новости', 'Уведомления в браузере')).not.toBeChecked();
  });

  it('saves a switch at once, sending only that switch', async () => {
    const server = serve();
    renderSection();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Готовые файлы: E-mail' }));
    await waitFor(() => expect(server.callsTo('PATCH', api.profile.notifications)).toHaveLength(1));
    expect(server.callsTo('PATCH', api.profile.notifications)[0]!.body).toEqual({
      events: { files: { email: false } },
    });
    expect(cell('Готовые файлы', 'E-mail')).not.toBeChecked();
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(m.saved));
  });

  it('puts a refused switch back and says why', async () => {
    const server = serve();
    server.state.notificationsError = ApiError.fromResponse(400, {
      detail: 'Значение должно быть да или нет',
    });
    renderSection();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Оплаты: Уведомления в браузере' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Значение должно быть да или нет'));
    await waitFor(() => expect(cell('Оплаты', 'Уведомления в браузере')).toBeChecked());
  });

  it('says when this browser has no push subscription, and when e-mail about orders is off', async () => {
    serve();
    renderSection(false);
    await screen.findByRole('table');
    expect(await screen.findByText(m.pushOffHere)).toBeInTheDocument();
    expect(cell('Оплаты', 'Уведомления в браузере')).toHaveAccessibleDescription(m.pushOffHere);
    expect(screen.getByText(m.emailOff)).toBeInTheDocument();
  });

  it('offers only the channels the server has: no push column without VAPID keys', async () => {
    const server = fakeProfileServer();
    server.state.notifications = { ...server.state.notifications, channels: ['email'] };
    serve(server);
    renderSection();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Событие', 'E-mail']);
    expect(screen.queryByText(m.pushOffHere)).toBeNull();
  });

  it('adds a Telegram column when the server has a bot, and saves its switch', async () => {
    const server = fakeProfileServer();
    server.state.notifications = { ...server.state.notifications, channels: ['email', 'push', 'telegram'] };
    serve(server);
    renderSection();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Событие', 'E-mail', 'Браузер', 'Telegram']);
    const status = cell('Смена статуса заказа', 'Telegram');
    expect(status).toBeChecked();

    await userEvent.click(status);

    await waitFor(() =>
      expect(apiFetch).toHaveBeenCalledWith(api.profile.notifications, {
        method: 'PATCH',
        body: { events: { status: { telegram: false } } },
      }),
    );
    expect(server.state.notifications.events.status.telegram).toBe(false);
  });
});

describe.each(['light', 'dark'] as const)(
  'the notification settings to a screen reader (axe, %s)',
  (colorScheme) => {
    it('has no violations', async () => {
      serve();
      renderSection(false, colorScheme);
      await screen.findByRole('table');
      await screen.findByText(m.pushOffHere);
      const result = await axe.run(document.body, {
        rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
        resultTypes: ['violations'],
      });
      expect(result.violations.map((v) => v.id)).toEqual([]);
    });
  },
);
