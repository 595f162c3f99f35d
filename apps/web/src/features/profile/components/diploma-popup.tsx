import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { dismissProfilePopup, profilePopupQueryOptions } from '../popup-api';
import { profileMessages as m } from '../messages';

/** The landing page of the offer (seeded as a space). */
const OFFER_SPACE = 'diplom-half-price';

/**
 * Spec §4: the diploma half-price popup, when the server says it is due (`is_need_show`).
 * Closing it in any way — the cross, Esc, the link — tells the server, so it never shows again.
 */
export function DiplomaPopup() {
  const queryClient = useQueryClient();
  const popup = useQuery(profilePopupQueryOptions());
  const dismiss = () => void dismissProfilePopup(queryClient).catch(() => undefined);
  return (
    <Modal
      opened={popup.data === true}
      onClose={dismiss}
      title={m.popupTitle}
      closeButtonProps={{ 'aria-label': m.popupClose }}
      centered
    >
      <Stack gap="md">
        <Text>{m.popupText}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={dismiss}>
            {m.popupClose}
          </Button>
          <Button component={Link} to={paths.space.getHref(OFFER_SPACE)} onClick={dismiss}>
            {m.popupMore}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
