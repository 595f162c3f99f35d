import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconBrandTelegram } from '@tabler/icons-react';
import { formatDate } from '../../../shared/format';
import { notify } from '../../../shared/notify';
import { errorText } from '../../../shared/ui/query-states';
import { useTelegramLink, useTelegramState, useTelegramUnlink } from '../telegram-api';
import { telegramMessages as m } from './telegram-messages';
import { ProfileSection } from './profile-form';

/**
 * Telegram notifications: a deep link to the bot with a one-time code, or the linked chat and
 * «Отключить». Hidden when the server has no bot.
 */
export function TelegramSection() {
  const state = useTelegramState();
  const link = useTelegramLink();
  const unlink = useTelegramUnlink();
  if (!state.data?.available) return null;
  const linkedAt = state.data.linked_at;

  return (
    <ProfileSection title={m.title}>
      <Text size="sm">{m.hint}</Text>
      {state.data.linked && linkedAt ? (
        <Group justify="space-between" gap="sm">
          <Text size="sm" role="status">
            {m.on(formatDate(linkedAt))}
          </Text>
          <Button
            variant="default"
            loading={unlink.isPending}
            onClick={() =>
              unlink.mutate(undefined, {
                onSuccess: () => {
                  link.reset();
                  notify.success(m.disconnected);
                },
                onError: (error) => notify.error(errorText(error)),
              })
            }
          >
            {m.disconnect}
          </Button>
        </Group>
      ) : (
        <Stack gap="xs">
          <Group justify="space-between" gap="sm">
            <Text size="sm" role="status">
              {m.off}
            </Text>
            <Button
              leftSection={<IconBrandTelegram size={16} aria-hidden />}
              loading={link.isPending}
              onClick={() => link.mutate(undefined, { onError: (error) => notify.error(errorText(error)) })}
            >
              {m.connect}
            </Button>
          </Group>
          {link.data ? (
            <Stack gap={4}>
              <Anchor href={link.data.url} target="_blank" rel="noopener noreferrer" fw={600}>
                {m.open}
              </Anchor>
              <Text size="sm" c="dimmed">
                {m.linkHint}
              </Text>
              <Group>
                <Button variant="subtle" size="compact-sm" onClick={() => void state.refetch()}>
                  {m.check}
                </Button>
              </Group>
            </Stack>
          ) : null}
        </Stack>
      )}
    </ProfileSection>
  );
}
