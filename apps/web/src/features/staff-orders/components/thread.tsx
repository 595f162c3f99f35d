import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { ThreadMessage } from '@cabinet/contract';
import { formatDateTime } from '../model';
import { FileList } from './file-list';

/** A rework's or care request's messages, oldest first. */
export function Thread({ messages }: { messages: ThreadMessage[] }) {
  return (
    <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {messages.map((message) => (
        <Card key={message.id} component="li" withBorder padding="sm">
          <Stack gap={4}>
            <Group gap="xs" justify="space-between">
              <Badge variant="light" color={message.author.role === 'customer' ? 'gray' : 'brand'}>
                {message.author.name}
              </Badge>
              <Text size="xs" c="dimmed">
                {formatDateTime(message.created_at)}
              </Text>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.text}
            </Text>
            {message.files.length > 0 && <FileList files={message.files} />}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
