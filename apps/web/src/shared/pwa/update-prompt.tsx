import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { pwaMessages as m } from './messages';

export const UPDATE_PROMPT_ID = 'app-update';

function UpdatePrompt({ onUpdate }: { onUpdate: () => void }) {
  const [updating, setUpdating] = useState(false);
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm">{m.updateAvailable}</Text>
      <Button
        size="xs"
        leftSection={<IconRefresh size={16} aria-hidden />}
        loading={updating}
        onClick={() => {
          setUpdating(true);
          onUpdate();
        }}
      >
        {updating ? m.updating : m.update}
      </Button>
    </Group>
  );
}

/**
 * «Доступна новая версия — Обновить»: stays until the customer updates or closes it (closed, the
 * new version takes over once every tab of the app is closed). One at a time.
 */
export function showUpdatePrompt(onUpdate: () => void): void {
  notifications.hide(UPDATE_PROMPT_ID);
  notifications.show({
    id: UPDATE_PROMPT_ID,
    message: <UpdatePrompt onUpdate={onUpdate} />,
    color: 'brand',
    autoClose: false,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': m.close },
  });
}
