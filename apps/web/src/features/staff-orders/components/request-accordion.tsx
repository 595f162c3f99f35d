import { Accordion, Button, Group, Stack, Text } from '@mantine/core';
import type { ThreadMessage } from '@cabinet/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormAlert } from '../../../shared/ui/form-alert';
import { staffOrdersMessages as m } from '../messages';
import { LoadError, LoadingRows } from './query-states';
import { Thread } from './thread';

/**
 * What the order's reworks and care requests share on the staff side: the requests as an
 * accordion (an item's detail is built only while it is open), each with its thread and, while it
 * takes one, an answer form.
 */
export function RequestAccordion<T extends { id: number }>({
  query,
  emptyText,
  control,
  detail,
}: {
  query: UseQueryResult<{ results: T[] }>;
  emptyText: string;
  control: (item: T) => ReactNode;
  detail: (item: T) => ReactNode;
}) {
  const [opened, setOpened] = useState<string | null>(null);
  if (query.isPending) return <LoadingRows rows={2} />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.results.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  }
  return (
    <Accordion value={opened} onChange={setOpened} variant="separated">
      {query.data.results.map((item) => (
        <Accordion.Item key={item.id} value={String(item.id)}>
          <Accordion.Control>{control(item)}</Accordion.Control>
          <Accordion.Panel>{opened === String(item.id) && detail(item)}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/** A request's thread as it loads. */
export function RequestThread({ query }: { query: UseQueryResult<{ messages: ThreadMessage[] }> }) {
  if (query.isPending) return <LoadingRows rows={2} />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <Thread messages={query.data.messages} />;
}

/** An answer's form: its fields, the alert and «send». */
export function AnswerForm({
  submit,
  alert,
  submitting,
  children,
}: {
  submit: (event?: FormEvent) => Promise<void>;
  alert: string | null;
  submitting: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        {children}
        <FormAlert message={alert} />
        <Group>
          <Button type="submit" loading={submitting}>
            {m.send}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
