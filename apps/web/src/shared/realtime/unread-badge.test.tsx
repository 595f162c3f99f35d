import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UnreadBadge } from './unread-badge';

function renderBadge(count: number) {
  return render(
    <MantineProvider>
      <UnreadBadge count={count} />
    </MantineProvider>,
  );
}

describe('UnreadBadge', () => {
  it.each([
    [1, '1 непрочитанное сообщение'],
    [3, '3 непрочитанных сообщения'],
    [5, '5 непрочитанных сообщений'],
    [11, '11 непрочитанных сообщений'],
    [21, '21 непрочитанное сообщение'],
    [24, '24 непрочитанных сообщения'],
  ])('reads %i out as «%s», the figure hidden from screen readers', (count, words) => {
    renderBadge(count);
    expect(screen.getByText(words)).toBeInTheDocument();
    expect(screen.getByText(String(count)).closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('shows 99+ for a large count, and nothing at 0', () => {
    const { rerender } = renderBadge(120);
    expect(screen.getByText('99+')).toBeInTheDocument();
    expect(screen.getByText('120 непрочитанных сообщений')).toBeInTheDocument();
    rerender(
      <MantineProvider>
        <UnreadBadge count={0} />
      </MantineProvider>,
    );
    expect(screen.queryByText(/непрочитан/)).not.toBeInTheDocument();
    expect(screen.queryByText('0')).not.toBeInTheDocument();
  });
});
