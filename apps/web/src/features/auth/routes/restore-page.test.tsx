import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/errors';
import { renderRoute } from '../../../shared/ui/test-utils';
import { requestPasswordRestore } from '../api';
import RestorePage from './restore-page';

vi.mock('../api', () => ({ requestPasswordRestore: vi.fn() }));

beforeEach(() => {
  sessionStorage.clear();
  vi.mocked(requestPasswordRestore).mockReset();
});

describe('RestorePage', () => {
  it('validates the e-mail before sending', async () => {
    const user = userEvent.setup();
    renderRoute(<RestorePage />, { path: '/restore' });
    await user.type(await screen.findByLabelText('E-mail'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Отправить ссылку' }));
    expect(
      await screen.findByText('Введите корректный e-mail, например name@example.com'),
    ).toBeInTheDocument();
    expect(requestPasswordRestore).not.toHaveBeenCalled();
  });

  it('tells the user to check the mail, without saying whether the address exists', async () => {
    vi.mocked(requestPasswordRestore).mockResolvedValue();
    const user = userEvent.setup();
    renderRoute(<RestorePage />, { path: '/restore' });
    await user.type(await screen.findByLabelText('E-mail'), 'Someone@Example.com');
    await user.click(screen.getByRole('button', { name: 'Отправить ссылку' }));
    expect(await screen.findByRole('heading', { name: 'Проверьте почту' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Если такой e-mail зарегистрирован, мы отправили на него ссылку для смены пароля',
    );
    expect(requestPasswordRestore).toHaveBeenCalledWith('someone@example.com');
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument();
  });

  it('shows a rate-limit detail from the server', async () => {
    vi.mocked(requestPasswordRestore).mockRejectedValue(
      ApiError.fromResponse(400, { detail: 'Слишком много попыток. Попробуйте позже' }),
    );
    const user = userEvent.setup();
    renderRoute(<RestorePage />, { path: '/restore' });
    await user.type(await screen.findByLabelText('E-mail'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Отправить ссылку' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Слишком много попыток');
  });

  it('starts with the e-mail typed on /login and keeps what is typed here', async () => {
    sessionStorage.setItem(
      'sign_in_draft',
      JSON.stringify({ email: 'anna@example.com', method: 'password' }),
    );
    const user = userEvent.setup();
    renderRoute(<RestorePage />, { path: '/restore' });
    const email = await screen.findByLabelText('E-mail');
    expect(email).toHaveValue('anna@example.com');
    await user.clear(email);
    await user.type(email, 'maria@example.com');
    expect(JSON.parse(sessionStorage.getItem('sign_in_draft') ?? '{}')).toMatchObject({
      email: 'maria@example.com',
    });
  });
});
