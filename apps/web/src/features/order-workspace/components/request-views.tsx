import { Badge, Button, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { EmptyState, LoadError, LoadingRows } from '../../../shared/ui/query-states';
import { refreshAfterSeen } from '../api';
import { workspaceText as t } from '../messages';
import { formatDateTime } from '../model';

/**
 * What the reworks and care tabs share: an order request is a thread about the order (a rework, a
 * question or a complaint), listed as cards and opened on its own with a way back.
 */

/** «Новый ответ» on a request the customer has not opened since it was answered. */
export function NewAnswerBadge({ shown }: { shown: boolean }) {
  return shown ? (
    <Badge variant="light" color="red" tt="none">
      {t.answerNew}
    </Badge>
  ) : null;
}

/** The requests as a list of cards, or their loading, failure or empty state. */
export function RequestList<T extends { id: number }>({
  query,
  label,
  failedTitle,
  emptyText,
  card,
}: {
  query: UseQueryResult<{ results: T[] }>;
  label: string;
  failedTitle: string;
  emptyText: string;
  card: (item: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingRows rows={2} label={label} />;
  if (query.isError)
    return <LoadError title={failedTitle} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.results.length === 0) return <EmptyState text={emptyText} />;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {query.data.results.map((item) => (
        <Paper key={item.id} withBorder radius="md" p="md" component="li">
          {card(item)}
        </Paper>
      ))}
    </Stack>
  );
}

/** A card's last line: when the request was written or last answered. */
export function RequestTime({ at }: { at: string }) {
  return (
    <Text size="xs" c="dimmed">
      <time dateTime={at}>{formatDateTime(at)}</time>
    </Text>
  );
}

/**
 * One request opened: «back», then its loading, failure or `children`. The server marked the
 * answer seen when it served the request, so the order's counts are refreshed once it is here.
 */
export function RequestDetail<T>({
  query,
  orderId,
  part,
  onBack,
  children,
}: {
  query: UseQueryResult<T>;
  orderId: string;
  part: 'reworks' | 'care';
  onBack: () => void;
  children: (data: T) => ReactNode;
}) {
  const client = useQueryClient();
  const loaded = query.isSuccess;
  useEffect(() => {
    if (loaded) void refreshAfterSeen(client, orderId, part);
  }, [loaded, client, orderId, part]);
  return (
    <Stack gap="md">
      <Button
        variant="subtle"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
        onClick={onBack}
        style={{ alignSelf: 'flex-start' }}
      >
        {t.back}
      </Button>
      {query.isPending ? (
        <LoadingRows rows={3} label={t.threadTitle} />
      ) : query.isError ? (
        <LoadError title={t.detailFailed} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        children(query.data)
      )}
    </Stack>
  );
}
