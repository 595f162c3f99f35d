import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { workspaceText as t } from '../messages';

/** «Принять работу?»: the customer confirms the work is accepted (workspace-header.tsx). */
export function AcceptDialog({
  opened,
  accepting,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  accepting: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t.acceptTitle}
      closeButtonProps={{ 'aria-label': t.close }}
    >
      <Stack gap="md">
        <Text size="sm">{t.acceptText}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t.acceptCancel}
          </Button>
          <Button loading={accepting} onClick={onConfirm}>
            {t.acceptConfirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
