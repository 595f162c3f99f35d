import { authMessages } from '@cabinet/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/errors';
import { renderRoute } from '../../../shared/ui/test-utils';
import { requestEmailChange } from '../api';
import EmailEditPage from './email-edit-page';

vi.mock('../api', () => ({ requestEmailChange: vi.fn() }));

async function submit(email: string, password = 'Tekushchii-1') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Новый e-mail'), email);
  if (password) await user.type(screen.getByLabelText('Текущий пароль'), password);
  await user.click(screen.getByRole('button', { name: 'Отправить письмо' }));
}

beforeEach(() => {
  vi.mocked(requestEmailChange).mockReset();
});

describe('EmailEditPage', () => {
  it('validates the address', async () => {
    renderRoute(<EmailEditPage />, { path: '/email-edit' });
    await submit('bad');
    expect(
      await screen.findByText('Введите корректный e-mail, например name@example.com'),
    ).toBeInTheDocument();
    expect(requestEmailChange).not.toHaveBeenCalled();
  });

  it('sends the request and says the letter went to the new address', async () => {
    vi.mocked(requestEmailChange).mockResolvedValue();
    renderRoute(<EmailEditPage />, { path: '/email-edit' });
    await submit('New@Example.com');
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Мы отправили письмо со ссылкой для подтверждения на новый e-mail');
    expect(status).toHaveTextContent('new@example.com');
    expect(requestEmailChange).toHaveBeenCalledWith({ email: 'new@example.com', password: 'Tekushchii-1' });
    expect(status).toHaveTextContent('уведомление со ссылкой, которая отменит смену');
  });

  it('sends an empty password for a customer who has none, and shows the answer on the field', async () => {
    vi.mocked(requestEmailChange).mockRejectedValue(
      ApiError.fromResponse(400, { errors: { password: [authMessages.passwordNotSet] } }),
    );
    renderRoute(<EmailEditPage />, { path: '/email-edit' });
    await submit('new@example.com', '');
    expect(requestEmailChange).toHaveBeenCalledWith({ email: 'new@example.com', password: '' });
    await waitFor(() =>
      expect(screen.getByLabelText('Текущий пароль')).toHaveAccessibleDescription(
        expect.stringContaining(authMessages.passwordNotSet),
      ),
    );
  });

  it('puts a server error about the address on the field', async () => {
    vi.mocked(requestEmailChange).mockRejectedValue(
      ApiError.fromResponse(400, { errors: { email: ['Это ваш текущий e-mail'] } }),
    );
    renderRoute(<EmailEditPage />, { path: '/email-edit' });
    await submit('same@example.com');
    await waitFor(() =>
      expect(screen.getByLabelText('Новый e-mail')).toHaveAccessibleDescription('Это ваш текущий e-mail'),
    );
  });

  it('disables the submit button while sending', async () => {
    vi.mocked(requestEmailChange).mockReturnValue(new Promise<void>(() => {}));
    renderRoute(<EmailEditPage />, { path: '/email-edit' });
    await submit('new@example.com');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Отправить письмо' })).toBeDisabled());
  });
});
