import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { ApiError } from '../../../shared/api/errors';
import { workspaceText as t } from '../messages';

/** Rows of grey while a list loads. */
export function LoadingRows({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={56} radius="md" />
      ))}
    </Stack>
  );
}

/** A failed load says so, with the server's reason when there is one, and offers to try again. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        {error instanceof ApiError ? <Text size="sm">{error.message}</Text> : null}
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t.retry}
        </Button>
      </Stack>
    </Alert>
  );
}

export function EmptyState({ text, children }: { text: string; children?: React.ReactNode }) {
  return (
    <Stack gap="sm" align="flex-start" py="md">
      <Text c="dimmed">{text}</Text>
      {children}
    </Stack>
  );
}
