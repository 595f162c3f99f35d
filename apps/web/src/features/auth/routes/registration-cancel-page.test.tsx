import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/errors';
import { renderRoute } from '../../../shared/ui/test-utils';
import { cancelRegistration } from '../cancel-registration';
import RegistrationCancelPage from './registration-cancel-page';

vi.mock('../cancel-registration', () => ({ cancelRegistration: vi.fn() }));

const render = (url: string) =>
  renderRoute(<RegistrationCancelPage />, { path: '/registration-cancel', url });

beforeEach(() => {
  vi.mocked(cancelRegistration).mockReset();
});

describe('RegistrationCancelPage', () => {
  it('deletes nothing on opening: only its button posts the token', async () => {
    vi.mocked(cancelRegistration).mockResolvedValue('Кабинет удалён');
    const user = userEvent.setup();
    render('/registration-cancel?token=abc');
    const button = await screen.findByRole('button', { name: 'Удалить кабинет' });
    expect(cancelRegistration).not.toHaveBeenCalled();
    await user.click(button);
    expect(cancelRegistration).toHaveBeenCalledWith('abc');
    expect(await screen.findByRole('status')).toHaveTextContent('Кабинет удалён');
  });

  it('says why the server refused', async () => {
    vi.mocked(cancelRegistration).mockRejectedValue(
      ApiError.fromResponse(409, { detail: 'Кабинет не удалён: его владелец уже подтвердил этот e-mail' }),
    );
    const user = userEvent.setup();
    render('/registration-cancel?token=abc');
    await user.click(await screen.findByRole('button', { name: 'Удалить кабинет' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('владелец уже подтвердил');
  });

  it('offers no button without a token', async () => {
    render('/registration-cancel');
    expect(await screen.findByRole('alert')).toHaveTextContent('В ссылке нет кода');
    expect(screen.queryByRole('button', { name: 'Удалить кабинет' })).not.toBeInTheDocument();
  });
});
