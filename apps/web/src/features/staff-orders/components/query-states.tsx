import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { ApiError } from '../../../shared/api/errors';
import { staffOrdersMessages as m } from '../messages';

export function LoadingRows({ rows = 5 }: { rows?: number }) {
  return (
    <Stack gap="xs" aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={36} />
      ))}
    </Stack>
  );
}

/** A failed load: the server's Russian reason when it gave one, and a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" role="alert" title={m.loadFailed}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{error instanceof ApiError ? error.message : null}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          {m.retry}
        </Button>
      </Group>
    </Alert>
  );
}
