import { Alert, Box, Button, Pagination, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '../../../shared/api/errors';
import { moneyMessages as m } from '../messages-money';

/** What a failure says: the server's Russian reason, or a general one. */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : m.unexpectedError;
}

/** Rows of grey while a list loads. */
export function LoadingRows({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label} role="status">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={56} radius="md" />
      ))}
    </Stack>
  );
}

/** A failed load says why and offers to try again. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorText(error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {m.retry}
        </Button>
      </Stack>
    </Alert>
  );
}

/** An empty list says what to do next. */
export function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <Stack gap="sm" align="flex-start" py="md">
      <Text c="dimmed">{text}</Text>
      {children}
    </Stack>
  );
}

const controlLabels = {
  first: m.firstPage,
  previous: m.previousPage,
  next: m.nextPage,
  last: m.lastPage,
} as const;

/** Page links of a list, the current one `aria-current="page"`; nothing when there is one page. */
export function Pager({
  page,
  total,
  onChange,
}: {
  page: number;
  total: number;
  onChange: (p: number) => void;
}) {
  if (total <= 1) return null;
  return (
    <Box component="nav" aria-label={m.pagesLabel}>
      <Pagination
        total={total}
        value={Math.min(page, total)}
        onChange={onChange}
        siblings={1}
        boundaries={1}
        getItemProps={(p) => ({
          'aria-label': m.pageNumber(p),
          'aria-current': p === page ? 'page' : undefined,
        })}
        getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
      />
    </Box>
  );
}
