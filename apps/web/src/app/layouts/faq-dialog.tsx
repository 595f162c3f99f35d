import { Anchor, Modal, Stack, Text } from '@mantine/core';
import { LazyFaqSearch } from '../../features/content/components/lazy';
import { layoutMessages as m } from './messages';

/**
 * «Частые вопросы»: the FAQ's search and the support phone, in a dialog (loaded apart from the
 * cabinet layout that opens it).
 */
export function FaqDialog({
  opened,
  onClose,
  phone,
}: {
  opened: boolean;
  onClose: () => void;
  phone: { label: string; href: string } | null;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={m.faq} size="lg">
      <Stack gap="md">
        <LazyFaqSearch />
        {phone && (
          <Stack gap={4}>
            <Text size="sm">{m.faqText}</Text>
            <Anchor href={phone.href} fw={600}>
              {phone.label}
            </Anchor>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
