import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SNACKBAR_DELAY_MS } from '../../../shared/notify';
import { ordersMessages as m } from '../messages';

let sequence = 0;

/**
 * A success snackbar with «Отменить» (DESIGN.md: destructive actions act at once and offer an
 * undo). The shared `notify` carries plain text only, so this one is shown here, with the same
 * 5000 ms of spec §9.
 */
export function showUndoSnackbar(message: string, onUndo: () => void): void {
  const id = `orders-undo-${++sequence}`;
  notifications.show({
    id,
    color: 'green',
    autoClose: SNACKBAR_DELAY_MS,
    closeButtonProps: { 'aria-label': m.closeSnackbar },
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() => {
            notifications.hide(id);
            onUndo();
          }}
        >
          {m.undo}
        </Button>
      </Group>
    ),
  });
}
