import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../api/errors';

// Kept here, not in shared/messages.ts: that module is in the first visit's bundle whole.
const text = {
  retry: 'Повторить',
  unexpected: 'Что-то пошло не так. Попробуйте ещё раз.',
} as const;

/** What a failure says: the server's Russian reason, or a general one. */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : text.unexpected;
}

/** Rows of grey while a list or a screen's data loads. */
export function LoadingRows({
  rows = 3,
  label,
  height = 56,
}: {
  rows?: number;
  label?: string;
  height?: number;
}) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={height} radius="md" />
      ))}
    </Stack>
  );
}

/** A failed load says so, with the server's reason when there is one, and offers to try again. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorText(error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {text.retry}
        </Button>
      </Stack>
    </Alert>
  );
}

/** An empty list says what to do next. */
export function EmptyState({ text: message, children }: { text: string; children?: ReactNode }) {
  return (
    <Stack gap="sm" align="flex-start" py="md">
      <Text c="dimmed">{message}</Text>
      {children}
    </Stack>
  );
}

/** A query's data drawn by `children` once loaded; its loading rows and its failure (with a retry) before. */
export function Loaded<T>({
  query,
  label,
  failedTitle,
  rows = 3,
  children,
}: {
  query: UseQueryResult<T>;
  label?: string;
  failedTitle: string;
  rows?: number;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingRows label={label} rows={rows} />;
  if (query.isError)
    return <LoadError title={failedTitle} error={query.error} onRetry={() => void query.refetch()} />;
  return children(query.data);
}
