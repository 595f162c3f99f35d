import { authMessages } from '@cabinet/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/errors';
import { renderRoute } from '../../../shared/ui/test-utils';
import { requestSocialEmailProof } from '../api';
import SocialsEmailAuthPage from './socials-email-auth-page';

vi.mock('../api', () => ({ requestSocialEmailProof: vi.fn() }));

function renderPage() {
  return renderRoute(<SocialsEmailAuthPage />, {
    path: '/socials-email-auth',
    url: '/socials-email-auth?token=tok-1',
    otherPaths: ['/home/active'],
  });
}

async function submit(email: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('E-mail'), email);
  await user.click(screen.getByRole('button', { name: 'Продолжить' }));
}

beforeEach(() => {
  vi.mocked(requestSocialEmailProof).mockReset();
});

describe('SocialsEmailAuthPage', () => {
  it('sends the token with the e-mail and says to follow the e-mailed link, staying signed out', async () => {
    vi.mocked(requestSocialEmailProof).mockResolvedValue();
    renderPage();
    await submit('Anna@Example.com');
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(authMessages.socialEmailSent);
    expect(status).toHaveTextContent('anna@example.com');
    expect(screen.queryByText('route:/home/active')).not.toBeInTheDocument();
    expect(requestSocialEmailProof).toHaveBeenCalledWith({ token: 'tok-1', email: 'anna@example.com' });
  });

  it('shows the server detail first', async () => {
    vi.mocked(requestSocialEmailProof).mockRejectedValue(
      ApiError.fromResponse(409, { detail: 'Этот e-mail уже зарегистрирован', token: ['не то'] }),
    );
    renderPage();
    await submit('anna@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Этот e-mail уже зарегистрирован');
  });

  it('shows the first token error when there is no detail', async () => {
    vi.mocked(requestSocialEmailProof).mockRejectedValue(
      ApiError.fromResponse(400, { token: ['Срок действия входа через соцсеть истёк', 'второе'] }),
    );
    renderPage();
    await submit('anna@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Срок действия входа через соцсеть истёк');
  });

  it('shows the status when the answer has neither', async () => {
    vi.mocked(requestSocialEmailProof).mockRejectedValue(ApiError.fromResponse(502, null));
    renderPage();
    await submit('anna@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('502');
  });
});
