import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/errors';
import { notify } from '../../../shared/notify';
import { renderRoute } from '../../../shared/ui/test-utils';
import { setNewPassword } from '../api';
import ChangePasswordPage from './change-password-page';

vi.mock('../api', () => ({ setNewPassword: vi.fn() }));
vi.mock('../../../shared/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function renderPage() {
  return renderRoute(<ChangePasswordPage />, {
    path: '/change-password/:id/',
    url: '/change-password/abc123/',
  });
}

async function fill(password: string, repeat: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Новый пароль'), password);
  await user.type(screen.getByLabelText('Повторите пароль'), repeat);
  await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
}

beforeEach(() => {
  vi.mocked(setNewPassword).mockReset();
  vi.mocked(notify.success).mockReset();
});

describe('ChangePasswordPage', () => {
  it('requires the two passwords to match', async () => {
    renderPage();
    await fill('Lilac-Meadow-42', 'Lilac-Meadow-43');
    expect(await screen.findByText('Пароли не совпадают')).toBeInTheDocument();
    expect(setNewPassword).not.toHaveBeenCalled();
  });

  it('rejects a common password with the contract message', async () => {
    renderPage();
    await fill('password', 'password');
    expect(
      await screen.findByText('Этот пароль слишком распространён — придумайте другой'),
    ).toBeInTheDocument();
  });

  it('saves the password for the link id, notifies and offers the login', async () => {
    vi.mocked(setNewPassword).mockResolvedValue();
    renderPage();
    await fill('Lilac-Meadow-42', 'Lilac-Meadow-42');
    expect(await screen.findByRole('status')).toHaveTextContent('Пароль изменён. Войдите с новым паролем');
    expect(setNewPassword).toHaveBeenCalledWith('abc123', 'Lilac-Meadow-42');
    expect(notify.success).toHaveBeenCalledWith('Пароль изменён. Войдите с новым паролем');
    expect(screen.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/login');
  });

  it('shows a 400 detail (expired link) with a way to request a new link', async () => {
    vi.mocked(setNewPassword).mockRejectedValue(
      ApiError.fromResponse(400, { detail: 'Ссылка недействительна или устарела. Запросите новую' }),
    );
    renderPage();
    await fill('Lilac-Meadow-42', 'Lilac-Meadow-42');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ссылка недействительна или устарела');
    expect(screen.getByRole('link', { name: 'Запросить новую ссылку' })).toHaveAttribute('href', '/restore');
  });

  it('disables the submit button while saving', async () => {
    vi.mocked(setNewPassword).mockReturnValue(new Promise<void>(() => {}));
    renderPage();
    await fill('Lilac-Meadow-42', 'Lilac-Meadow-42');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Сохранить пароль' })).toBeDisabled());
  });
});
