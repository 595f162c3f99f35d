import { profileMessages } from '@cabinet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/errors';
import { renderRoute } from '../../../shared/ui/test-utils';
import { resetSessionStore } from '../session-store';
import { fakeProfileServer, profileFixture } from '../test-server';
import ProfilePage from './profile-page';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));

vi.setConfig({ testTimeout: 30_000 });

function serve(server: ReturnType<typeof fakeProfileServer>) {
  vi.mocked(apiFetch).mockImplementation(async (path, init) => server.handle(path, init));
  return server;
}

const renderPage = (colorScheme: 'light' | 'dark' = 'light') =>
  renderRoute(<ProfilePage />, { path: '/profile', colorScheme, otherPaths: ['/email-edit'] });

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
  resetSessionStore();
});

describe('the profile page', () => {
  it('shows every field of the profile, an unset birthday as empty', async () => {
    serve(fakeProfileServer());
    renderPage();
    expect(await screen.findByDisplayValue('Петрова Анна Сергеевна')).toBeInTheDocument();
    expect(screen.getByLabelText('Дата рождения')).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Женский' })).toBeChecked();
    expect(screen.getByLabelText('Телефон')).toHaveValue('+7 (916) 123-45-67');
    expect(screen.getByDisplayValue('Бакалавриат')).toHaveAccessibleName('Образование');
    expect(screen.getByRole('radio', { name: 'Заочная' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Вуз' })).toHaveValue('МГУ имени М. В. Ломоносова');
    expect(field('Курс')).toHaveValue('3');
    expect(field('Группа')).toHaveValue('ЭК-31');
    expect(field('E-mail')).toHaveValue('anna@example.com');
    expect(field('E-mail')).toHaveAttribute('readonly');
    expect(screen.getByRole('link', { name: 'Изменить e-mail' })).toHaveAttribute('href', '/email-edit');
    expect(screen.getByRole('checkbox', { name: 'Telegram' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Viber' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'WhatsApp' })).not.toBeChecked();
    expect(field('Имя в Telegram')).toHaveValue('@anna_p');
    expect(screen.getByRole('checkbox', { name: 'SMS' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'E-mail' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Рассылка с акциями и советами' })).not.toBeChecked();
    expect(screen.getByText('Не подписан на рассылку')).toBeInTheDocument();
  });

  it('shows a set birthday', async () => {
    serve(fakeProfileServer({ profile: profileFixture({ birthday: '2001-04-12' }) }));
    renderPage();
    expect(await screen.findByLabelText('Дата рождения')).toHaveValue('2001-04-12');
  });

  it('saves the edits with a PATCH of every field, the lists as chosen ids', async () => {
    const server = serve(fakeProfileServer());
    renderPage();
    const user = userEvent.setup();
    const fio = await screen.findByDisplayValue('Петрова Анна Сергеевна');
    await user.clear(fio);
    await user.type(fio, 'Петрова Анна Игоревна');
    await user.click(screen.getByRole('radio', { name: 'Очная' }));
    await user.click(screen.getByRole('checkbox', { name: 'WhatsApp' }));
    await user.clear(field('Курс'));
    await user.type(field('Курс'), '4');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(server.callsTo('PATCH', '/api/client/profile/')).toHaveLength(1));
    expect(server.callsTo('PATCH', '/api/client/profile/')[0]?.body).toEqual({
      fio: 'Петрова Анна Игоревна',
      birthday: null,
      sex: 'female',
      phone: '+79161234567',
      education: ['bachelor'],
      training_form: ['full-time'],
      university: 'МГУ имени М. В. Ломоносова',
      course: '4',
      group_header: 'ЭК-31',
      is_telegram_contact: true,
      is_viber_contact: false,
      is_whatsapp_contact: true,
      telegram: '@anna_p',
      sms_delivery: true,
      email_delivery: false,
    });
  });

  it('takes a phone of another country, masked as typed, with the + put in front (spec §3)', async () => {
    const server = serve(fakeProfileServer());
    renderPage();
    const user = userEvent.setup();
    const phone = await screen.findByLabelText('Телефон');
    await user.clear(phone);
    await user.type(phone, '+4930123456');
    expect(phone).toHaveValue('+49 30 123456');
    // A Belarusian number typed without its +: the + is added when the field is left.
    await user.clear(phone);
    await user.type(phone, '375291234567');
    await user.tab();
    expect(phone).toHaveValue('+375 29 123 45 67');
    // Backspace over the space takes the digit before it.
    await user.clear(phone);
    await user.type(phone, '+4930123456');
    await user.type(phone, '{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}');
    expect(phone).toHaveValue('+49 3');
    await user.type(phone, '0123456');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(server.callsTo('PATCH', '/api/client/profile/')).toHaveLength(1));
    expect(server.callsTo('PATCH', '/api/client/profile/')[0]?.body).toMatchObject({ phone: '+4930123456' });
    expect(phone).toHaveValue('+49 30 123456');
  });

  it('refuses what is no phone of any country beside the field, in Russian, without asking the server', async () => {
    const server = serve(fakeProfileServer());
    renderPage();
    const user = userEvent.setup();
    const phone = await screen.findByLabelText('Телефон');
    await user.clear(phone);
    await user.type(phone, '+375 29 123');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText(profileMessages.phoneInvalid)).toBeInTheDocument();
    expect(phone).toHaveValue('+375 29 123');
    expect(server.callsTo('PATCH', '/api/client/profile/')).toHaveLength(0);
  });

  it('refuses a birthday in the future without asking the server', async () => {
    const server = serve(fakeProfileServer({ profile: profileFixture({ birthday: '2999-01-01' }) }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Дата рождения')).toHaveAccessibleDescription(
        'Дата рождения не может быть в будущем',
      ),
    );
    expect(server.callsTo('PATCH', '/api/client/profile/')).toHaveLength(0);
  });

  it('puts the server field errors next to their fields and keeps what was typed', async () => {
    const server = serve(fakeProfileServer());
    server.state.patchError = ApiError.fromResponse(400, {
      errors: {
        course: ['Курс — число от 1 до 6'],
        telegram: ['Ник в Telegram — @ и от 5 до 32 латинских букв'],
      },
    });
    renderPage();
    const user = userEvent.setup();
    const course = await screen.findByRole('textbox', { name: 'Курс' });
    await user.clear(course);
    await user.type(course, '9');
    await user.clear(field('Имя в Telegram'));
    await user.type(field('Имя в Telegram'), '@ab');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(field('Курс')).toHaveAccessibleDescription('Курс — число от 1 до 6'));
    expect(field(/Имя в Telegram/)).toHaveAccessibleDescription(
      'Ник в Telegram — @ и от 5 до 32 латинских букв',
    );
    expect(field('Курс')).toHaveValue('9');
    expect(field(/Имя в Telegram/)).toHaveValue('@ab');
    expect(server.state.profile.course).toBe('3');
  });

  it('subscribes to the newsletter at once and shows the new state', async () => {
    const server = serve(fakeProfileServer());
    renderPage();
    await userEvent.click(await screen.findByRole('switch', { name: 'Рассылка с акциями и советами' }));
    expect(await screen.findByText('Подписан на рассылку')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Рассылка с акциями и советами' })).toBeChecked();
    expect(server.callsTo('POST', '/api/client/profile/subscribe/')).toHaveLength(1);
    await userEvent.click(screen.getByRole('switch', { name: 'Рассылка с акциями и советами' }));
    expect(await screen.findByText('Отписался от рассылки')).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/api/client/profile/subscribe/')).toHaveLength(1);
  });

  it('links a network through its OAuth start link and shows the refusal to unlink the last way in', async () => {
    const server = serve(fakeProfileServer());
    const refusal =
      'Нельзя отвязать единственный способ входа: подтвердите e-mail (войти можно будет по коду из письма) или задайте пароль';
    server.state.unlinkError = ApiError.fromResponse(409, { detail: refusal });
    renderPage();
    expect(await screen.findByRole('link', { name: 'Привязать Google' })).toHaveAttribute(
      'href',
      '/client/api/socials/start/google/',
    );
    expect(screen.queryByRole('button', { name: 'Отвязать Google' })).toBeNull();
    expect(screen.getByText('Яндекс')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Привязать Яндекс' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Отвязать ВКонтакте' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(server.callsTo('DELETE', '/client/api/socials/links/vk/')).toHaveLength(1);
  });

  it('checks the callback form before it asks for a call', async () => {
    const server = serve(fakeProfileServer({ profile: profileFixture({ phone: '' }) }));
    renderPage();
    const user = userEvent.setup();
    const section = within(await screen.findByRole('region', { name: 'Обратный звонок' }));
    await user.click(section.getByRole('button', { name: 'Заказать звонок' }));
    expect(await section.findByText('Укажите телефон')).toBeInTheDocument();
    expect(section.getByText('Выберите, когда вам удобно поговорить')).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/client/callbacks/')).toHaveLength(0);
    await user.type(section.getByLabelText(/Телефон для звонка/), '9161234567');
    await user.click(section.getByRole('radio', { name: 'Вечером (17–21)' }));
    await user.click(section.getByRole('button', { name: 'Заказать звонок' }));
    expect(await section.findByRole('status')).toHaveTextContent('менеджер перезвонит');
    expect(server.callsTo('POST', '/api/client/callbacks/')[0]?.body).toEqual({
      phone: '+79161234567',
      time: 'evening',
    });
  });

  it('remembers a dismissed hint in the session store', async () => {
    const server = serve(fakeProfileServer({ profile: profileFixture({ group_header: '' }) }));
    const { unmount } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Скрыть подсказку' }));
    expect(screen.queryByRole('button', { name: 'Скрыть подсказку' })).toBeNull();
    expect(server.callsTo('POST', '/client/api/profile/session/')[0]?.body).toEqual({
      dismissed_hints: ['profile-fill'],
    });
    unmount();
    resetSessionStore();
    renderPage();
    await screen.findByDisplayValue('Петрова Анна Сергеевна');
    await waitFor(() => expect(server.callsTo('GET', '/client/api/profile/session/')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Скрыть подсказку' })).toBeNull();
  });
});

/** The structural axe rules; contrast is the browser scan's, `region` the cabinet layout's. */
async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe.each(['light', 'dark'] as const)('the profile page to a screen reader (axe, %s)', (colorScheme) => {
  it('has no violations once loaded', async () => {
    serve(fakeProfileServer({ profile: profileFixture({ group_header: '' }) }));
    renderPage(colorScheme);
    await screen.findByRole('button', { name: 'Отвязать ВКонтакте' });
    await screen.findByRole('button', { name: 'Скрыть подсказку' });
    expect(await violations()).toEqual([]);
  });
});
