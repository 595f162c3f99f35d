import { screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { EmailLinkScreen } from './email-link-screen';
import { renderRoute } from './test-utils';

function renderScreen(token: string, follow: (token: string) => Promise<string>) {
  return renderRoute(
    <StrictMode>
      <EmailLinkScreen
        title="Подтверждение e-mail"
        token={token}
        follow={follow}
        invalidMessage="В ссылке нет кода"
        pendingMessage="Проверяем ссылку…"
        next={<a href="/home">Дальше</a>}
      />
    </StrictMode>,
  );
}

describe('EmailLinkScreen', () => {
  it('posts a token once per page, however often the screen mounts, and shows the answer', async () => {
    const follow = vi.fn((token: string) => Promise.resolve(`готово ${token}`));
    const first = renderScreen('once-1', follow);
    expect(screen.getByRole('status')).toHaveTextContent('Проверяем ссылку…');
    expect(await screen.findByText('готово once-1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Дальше' })).toBeInTheDocument();
    first.unmount();

    renderScreen('once-1', follow);
    expect(await screen.findByText('готово once-1')).toBeInTheDocument();
    expect(follow).toHaveBeenCalledTimes(1);
  });

  it('shows a spent or expired link as an error', async () => {
    const follow = vi.fn(() =>
      Promise.reject(ApiError.fromResponse(400, { detail: 'Ссылка недействительна или устарела' })),
    );
    renderScreen('spent-1', follow);
    expect(await screen.findByRole('alert')).toHaveTextContent('Ссылка недействительна или устарела');
  });

  it('calls nothing without a token', async () => {
    const follow = vi.fn(() => Promise.resolve('никогда'));
    renderScreen('', follow);
    expect(await screen.findByRole('alert')).toHaveTextContent('В ссылке нет кода');
    expect(follow).not.toHaveBeenCalled();
  });
});
