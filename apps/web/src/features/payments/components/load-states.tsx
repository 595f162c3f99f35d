import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { ApiError } from '../../../shared/api/errors';
import { payMessages as m } from '../messages';

/** Grey blocks while a pay screen's data loads. */
export function LoadingBlocks({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={48} radius="md" />
      ))}
    </Stack>
  );
}

/** A failed load: the server's reason when there is one, and a retry. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        {error instanceof ApiError ? <Text size="sm">{error.message}</Text> : null}
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {m.retry}
        </Button>
      </Stack>
    </Alert>
  );
}
