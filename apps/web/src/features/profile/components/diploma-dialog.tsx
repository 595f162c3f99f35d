import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { profileMessages as m } from '../messages';

/** The landing page of the offer (seeded as a space). */
const OFFER_SPACE = 'diplom-half-price';

/** The diploma offer's dialog (diploma-popup.tsx decides when; loaded apart, as few see it). */
export function DiplomaDialog({ opened, onDismiss }: { opened: boolean; onDismiss: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onDismiss}
      title={m.popupTitle}
      closeButtonProps={{ 'aria-label': m.popupClose }}
      centered
    >
      <Stack gap="md">
        <Text>{m.popupText}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDismiss}>
            {m.popupClose}
          </Button>
          <Button component={Link} to={paths.space.getHref(OFFER_SPACE)} onClick={onDismiss}>
            {m.popupMore}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
