import { Accordion, Button, Group, Stack, Text } from '@mantine/core';
import type { ThreadMessage } from '@cabinet/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import type { LazySchema } from '../../../shared/lazy-schema';
import { notify } from '../../../shared/notify';
import { FormAlert } from '../../../shared/ui/form-alert';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { staffOrdersMessages as m } from '../messages';
import { LoadError, LoadingRows } from './query-states';
import { Thread } from './thread';

/**
 * The order's requests of one kind on the staff side (reworks and care requests, request-kinds.tsx):
 * an accordion (an item's detail is built only while it is open), each with its thread and, while
 * it takes one, an answer form.
 */

/** What one kind of order request brings to the staff's order page. */
export interface StaffRequestKind<Item extends { id: number }> {
  emptyText: string;
  useList: (orderId: string) => UseQueryResult<{ results: Item[] }>;
  useDetail: (orderId: string, requestId: number) => UseQueryResult<{ messages: ThreadMessage[] }>;
  /** The request's row in the accordion. */
  Control: ComponentType<{ request: Item }>;
  /** What stands above the thread, if anything. */
  Before?: ComponentType<{ request: Item }>;
  /** Whether the request still takes an answer (by its state). */
  takesAnswer: (request: Item) => boolean;
  Answer: ComponentType<{ orderId: string; request: Item }>;
}

/** The order's requests of `kind`; `canAnswer` says whether the staff member answers this kind. */
export function RequestSection<Item extends { id: number }>({
  orderId,
  canAnswer,
  kind,
}: {
  orderId: string;
  canAnswer: boolean;
  kind: StaffRequestKind<Item>;
}) {
  const list = kind.useList(orderId);
  const { Control } = kind;
  return (
    <RequestAccordion
      query={list}
      emptyText={kind.emptyText}
      control={(request) => <Control request={request} />}
      detail={(request) => (
        <RequestDetail
          kind={kind}
          orderId={orderId}
          request={request}
          canAnswer={canAnswer && kind.takesAnswer(request)}
        />
      )}
    />
  );
}

function RequestDetail<Item extends { id: number }>({
  kind,
  orderId,
  request,
  canAnswer,
}: {
  kind: StaffRequestKind<Item>;
  orderId: string;
  request: Item;
  canAnswer: boolean;
}) {
  const detail = kind.useDetail(orderId, request.id);
  const { Before, Answer } = kind;
  return (
    <Stack gap="sm">
      {Before && <Before request={request} />}
      <RequestThread query={detail} />
      {canAnswer && <Answer orderId={orderId} request={request} />}
    </Stack>
  );
}

function RequestAccordion<T extends { id: number }>({
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
function RequestThread({ query }: { query: UseQueryResult<{ messages: ThreadMessage[] }> }) {
  if (query.isPending) return <LoadingRows rows={2} />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <Thread messages={query.data.messages} />;
}

/** An answer's form on the one form system (ADR 012): sent by `send`, then «sent» is said. */
export function useAnswerForm<T extends object, Out>(opts: {
  schema: LazySchema<Out>;
  defaultValues: T;
  fields: readonly (keyof T & string)[];
  send: (body: Out) => Promise<unknown>;
}) {
  return useServerForm<T, Out>({
    schema: opts.schema,
    defaultValues: opts.defaultValues,
    fields: opts.fields,
    onSubmit: async (body) => {
      await opts.send(body);
      notify.success(m.sent);
    },
  });
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
