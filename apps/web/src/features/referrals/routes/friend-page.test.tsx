import { referralMessages, type Friends } from '@cabinet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/errors';
import { renderRoute } from '../../../shared/ui/test-utils';
import { inviteByEmail, inviteBySms, useFriends } from '../api';
import FriendPage from './friend-page';

vi.mock('../api', () => ({
  friendsKeys: { all: ['friends'] },
  inviteByEmail: vi.fn(),
  inviteBySms: vi.fn(),
  useFriends: vi.fn(),
}));

const DATA: Friends = {
  code: 'ABCD2345',
  link: 'http://localhost:3000/registration?invite=ABCD2345',
  reward: 500_00,
  invites: [
    { channel: 'email', to: 'ol***@example.com', sent_at: '2026-11-20T10:00:00.000Z', status: 'paid' },
  ],
  friends: [
    { name: 'Олег С.', registered_at: '2026-11-21T10:00:00.000Z', first_order_paid: true, brought: 500_00 },
  ],
};

function loaded(data: Friends = DATA) {
  vi.mocked(useFriends).mockReturnValue({ data, isError: false } as ReturnType<typeof useFriends>);
}

const sent = (channel: 'email' | 'sms') => ({
  detail: channel === 'email' ? referralMessages.sentEmail : referralMessages.sentSms,
  invite: { channel, to: 'x', sent_at: '2026-11-26T10:00:00.000Z', status: 'sent' as const },
});

beforeEach(() => {
  vi.mocked(inviteByEmail).mockReset();
  vi.mocked(inviteBySms).mockReset();
  loaded();
});

describe('FriendPage', () => {
  it('shows the code, the link, the reward, the invitations and the friends', async () => {
    renderRoute(<FriendPage />, { path: '/friend' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Пригласить друга' })).toBeInTheDocument();
    expect(screen.getByLabelText('Ваш код')).toHaveValue('ABCD2345');
    expect(screen.getByLabelText('Ваша ссылка')).toHaveValue(DATA.link);
    expect(screen.getByText(/вы оба получите по 500/)).toBeInTheDocument();
    expect(screen.getByText('E-mail: ol***@example.com')).toBeInTheDocument();
    expect(screen.getByText('Оплатил первый заказ')).toBeInTheDocument();
    const friends = screen.getByRole('region', { name: 'Друзья, которые пришли по вашей ссылке' });
    expect(within(friends).getByText('Олег С.')).toBeInTheDocument();
    expect(within(friends).getByText(/500/)).toBeInTheDocument();
  });

  it('copies the link through the clipboard', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderRoute(<FriendPage />, { path: '/friend' });
    await user.click(await screen.findByRole('button', { name: 'Скопировать ссылку' }));
    expect(writeText).toHaveBeenCalledWith(DATA.link);
    expect(await screen.findByRole('button', { name: 'Скопировано' })).toBeInTheDocument();
  });

  it('checks the e-mail before sending, then sends it and clears the field', async () => {
    const user = userEvent.setup();
    vi.mocked(inviteByEmail).mockResolvedValue(sent('email'));
    renderRoute(<FriendPage />, { path: '/friend' });
    const field = await screen.findByLabelText(/E-mail друга/);
    await user.type(field, 'bad');
    await user.click(
      within(screen.getByRole('form', { name: 'По e-mail' })).getByRole('button', {
        name: 'Отправить приглашение',
      }),
    );
    expect(
      await screen.findByText('Введите корректный e-mail, например name@example.com'),
    ).toBeInTheDocument();
    expect(inviteByEmail).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, 'Friend@Example.com');
    await user.click(
      within(screen.getByRole('form', { name: 'По e-mail' })).getByRole('button', {
        name: 'Отправить приглашение',
      }),
    );
    await waitFor(() => expect(inviteByEmail).toHaveBeenCalledWith({ email: 'friend@example.com' }));
    await waitFor(() => expect(screen.getByLabelText(/E-mail друга/)).toHaveValue(''));
  });

  it('a repeated invitation is refused kindly, and what was typed stays', async () => {
    const user = userEvent.setup();
    vi.mocked(inviteByEmail).mockRejectedValue(
      ApiError.fromResponse(409, { detail: referralMessages.repeatedEmail }),
    );
    renderRoute(<FriendPage />, { path: '/friend' });
    await user.type(await screen.findByLabelText(/E-mail друга/), 'friend@example.com');
    await user.click(
      within(screen.getByRole('form', { name: 'По e-mail' })).getByRole('button', {
        name: 'Отправить приглашение',
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Приглашение не отправлено');
    expect(alert).toHaveTextContent(referralMessages.repeatedEmail);
    expect(screen.getByLabelText(/E-mail друга/)).toHaveValue('friend@example.com');
  });

  it('puts the server’s field error next to the phone', async () => {
    const user = userEvent.setup();
    vi.mocked(inviteBySms).mockRejectedValue(
      ApiError.fromResponse(400, {
        detail: referralMessages.selfPhone,
        errors: { phone: [referralMessages.selfPhone] },
      }),
    );
    renderRoute(<FriendPage />, { path: '/friend' });
    await user.click(await screen.findByRole('tab', { name: 'По SMS' }));
    await user.type(screen.getByLabelText(/Телефон друга/), '9161234567');
    await user.click(
      within(screen.getByRole('form', { name: 'По SMS' })).getByRole('button', {
        name: 'Отправить приглашение',
      }),
    );
    await waitFor(() => expect(inviteBySms).toHaveBeenCalledWith({ phone: '+7 (916) 123-45-67' }));
    expect(await screen.findByText(referralMessages.selfPhone)).toBeInTheDocument();
    expect(screen.getByLabelText(/Телефон друга/)).toHaveValue('+7 (916) 123-45-67');
  });

  it('after an SMS is sent, empties the phone without calling it a mistake, and sends the next one', async () => {
    const user = userEvent.setup();
    vi.mocked(inviteBySms).mockResolvedValue(sent('sms'));
    renderRoute(<FriendPage />, { path: '/friend' });
    await user.click(await screen.findByRole('tab', { name: 'По SMS' }));
    const send = () =>
      user.click(
        within(screen.getByRole('form', { name: 'По SMS' })).getByRole('button', {
          name: 'Отправить приглашение',
        }),
      );
    await user.type(screen.getByLabelText(/Телефон друга/), '9161234567');
    await send();
    await waitFor(() => expect(inviteBySms).toHaveBeenCalledWith({ phone: '+7 (916) 123-45-67' }));
    await waitFor(() => expect(screen.getByLabelText(/Телефон друга/)).toHaveValue(''));
    expect(screen.getByLabelText(/Телефон друга/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Введите телефон друга')).not.toBeInTheDocument();
    // Typing into the emptied field is checked afresh, not as a form already submitted.
    await user.type(screen.getByLabelText(/Телефон друга/), '91');
    expect(screen.queryByText(/Введите/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Телефон друга/), '62223344');
    await send();
    await waitFor(() => expect(inviteBySms).toHaveBeenLastCalledWith({ phone: '+7 (916) 222-33-44' }));
  });

  it('after an e-mail is sent, a second send without typing is stopped at the empty field, not resent', async () => {
    const user = userEvent.setup();
    vi.mocked(inviteByEmail).mockResolvedValue(sent('email'));
    renderRoute(<FriendPage />, { path: '/friend' });
    await user.type(await screen.findByLabelText(/E-mail друга/), 'friend@example.com');
    const send = () =>
      user.click(
        within(screen.getByRole('form', { name: 'По e-mail' })).getByRole('button', {
          name: 'Отправить приглашение',
        }),
      );
    await send();
    await waitFor(() => expect(screen.getByLabelText(/E-mail друга/)).toHaveValue(''));
    expect(screen.getByLabelText(/E-mail друга/)).not.toHaveAttribute('aria-invalid', 'true');
    await send();
    expect(await screen.findByText('Введите e-mail друга')).toBeInTheDocument();
    expect(inviteByEmail).toHaveBeenCalledTimes(1);
  });

  it('says when the list cannot be loaded', async () => {
    vi.mocked(useFriends).mockReturnValue({
      data: undefined,
      isError: true,
      error: ApiError.noResponse(),
      refetch: vi.fn(),
    } as unknown as ReturnType<typeof useFriends>);
    renderRoute(<FriendPage />, { path: '/friend' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Сервер не отвечает');
  });
});
