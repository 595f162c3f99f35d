import { Paper, Stack, Text } from '@mantine/core';
import type { ThreadMessage } from '@cabinet/contract';
import { workspaceText as t } from '../messages';
import { formatDateTime } from '../model';
import { FileList } from './file-actions';

/** A rework's or a care request's messages, oldest first, each with its author, time and files. */
export function Thread({ orderId, messages }: { orderId: string; messages: readonly ThreadMessage[] }) {
  if (messages.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t.threadEmpty}
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.threadTitle}>
      {messages.map((message) => (
        <Paper
          key={message.id}
          component="li"
          withBorder
          p="sm"
          radius="md"
          // Staff messages stand out by an accent edge, not a tinted background: dimmed text on a
          // tint falls under 4.5:1 in the dark theme.
          style={
            message.author.role === 'customer'
              ? undefined
              : { borderLeft: '3px solid var(--mantine-primary-color-filled)' }
          }
        >
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {message.author.name}{' '}
              <Text span size="xs" c="dimmed" fw={400}>
                · <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
              </Text>
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.text}
            </Text>
            {message.files.length > 0 ? <FileList orderId={orderId} files={message.files} /> : null}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
