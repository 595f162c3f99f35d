import { Button } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ActionMenu } from './action-menu';
import { renderRoute } from './test-utils';
// The menu's code, loaded before the tests as pointing at the button loads it: a press opens it at once.
import './action-menu-dropdown';

function renderMenu(onArchive = vi.fn()) {
  renderRoute(
    <ActionMenu
      target={(props) => <Button {...props}>Действия</Button>}
      header={<p>anna@example.com</p>}
      items={[
        { label: 'Открыть', to: '/order/7' },
        { label: 'В архив', onClick: onArchive },
      ]}
    />,
    { otherPaths: ['/order/:id'] },
  );
  return onArchive;
}

describe('ActionMenu', () => {
  it('draws only its button, announced as opening a menu, until it is pressed', () => {
    renderMenu();
    const button = screen.getByRole('button', { name: 'Действия' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.queryByText('anna@example.com')).toBeNull();
  });

  it('opens at the first press with its header, links and actions, and runs an action', async () => {
    const user = userEvent.setup();
    const onArchive = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Действия' }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(screen.getByText('anna@example.com')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Открыть' })).toHaveAttribute('href', '/order/7');
    await user.click(screen.getByRole('menuitem', { name: 'В архив' }));
    expect(onArchive).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    // Once in place, the button opens and closes the menu as Mantine's does.
    const button = screen.getByRole('button', { name: 'Действия' });
    await user.click(button);
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens from the keyboard with the focus in the menu, its items reached by the arrows', async () => {
    const user = userEvent.setup();
    renderMenu();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Действия' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    // Mantine's menu takes the focus into its dropdown; the arrows walk its items.
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Открыть' })).toHaveFocus();
  });
});
