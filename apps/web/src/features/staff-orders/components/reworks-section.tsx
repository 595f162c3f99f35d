import { Accordion, Badge, Button, Checkbox, Group, Stack, Text, Textarea } from '@mantine/core';
import {
  reworkStateTitles,
  StaffReworkAnswerRequestSchema,
  type Rework,
  type ThreadPostRequest,
  type WorkspaceFile,
} from '@cabinet/contract';
import { useState } from 'react';
import { formatDate } from '../../../shared/format';
import { lazySchema } from '../../../shared/lazy-schema';
import { notify } from '../../../shared/notify';
import { FormAlert } from '../../../shared/ui/form-alert';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { useOrderActions, useOrderReworks, useRework } from '../api';
import { staffOrdersMessages as m } from '../messages';
import { formatDateTime } from '../model';
import { LoadError, LoadingRows } from './query-states';
import { Thread } from './thread';

const answerSchema = lazySchema(() => Promise.resolve(StaffReworkAnswerRequestSchema));

/** The order's reworks: each opens its thread; an open one takes the author's answer with final files. */
export function ReworksSection({
  orderId,
  canAnswer,
  pendingFinals,
  onAnswered,
}: {
  orderId: string;
  canAnswer: boolean;
  /** Final files uploaded here and not yet sent with an answer. */
  pendingFinals: WorkspaceFile[];
  onAnswered: (fileIds: number[]) => void;
}) {
  const reworks = useOrderReworks(orderId);
  const [opened, setOpened] = useState<string | null>(null);
  if (reworks.isPending) return <LoadingRows rows={2} />;
  if (reworks.isError) return <LoadError error={reworks.error} onRetry={() => void reworks.refetch()} />;
  if (reworks.data.results.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {m.noReworks}
      </Text>
    );
  }
  return (
    <Accordion value={opened} onChange={setOpened} variant="separated">
      {reworks.data.results.map((rework) => (
        <Accordion.Item key={rework.id} value={String(rework.id)}>
          <Accordion.Control>
            <Group gap="xs" justify="space-between" wrap="wrap">
              <Text fw={600}>{m.reworkTitle(rework.number)}</Text>
              <Group gap="xs">
                <Badge color={rework.state === 'open' ? 'orange' : 'teal'} variant="light">
                  {reworkStateTitles[rework.state]}
                </Badge>
                <Text size="xs" c="dimmed">
                  {formatDateTime(rework.created_at)}
                </Text>
              </Group>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            {opened === String(rework.id) && (
              <ReworkDetail
                orderId={orderId}
                rework={rework}
                canAnswer={canAnswer && rework.state === 'open'}
                pendingFinals={pendingFinals}
                onAnswered={onAnswered}
              />
            )}
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

function ReworkDetail({
  orderId,
  rework,
  canAnswer,
  pendingFinals,
  onAnswered,
}: {
  orderId: string;
  rework: Rework;
  canAnswer: boolean;
  pendingFinals: WorkspaceFile[];
  onAnswered: (fileIds: number[]) => void;
}) {
  const detail = useRework(orderId, rework.id);
  return (
    <Stack gap="sm">
      {rework.wished_date && (
        <Text size="sm">{m.wishedDate(formatDate(`${rework.wished_date}T12:00:00Z`))}</Text>
      )}
      {detail.isPending ? (
        <LoadingRows rows={2} />
      ) : detail.isError ? (
        <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <Thread messages={detail.data.messages} />
      )}
      {canAnswer && (
        <ReworkAnswerForm
          orderId={orderId}
          reworkId={rework.id}
          pendingFinals={pendingFinals}
          onAnswered={onAnswered}
        />
      )}
    </Stack>
  );
}

function ReworkAnswerForm({
  orderId,
  reworkId,
  pendingFinals,
  onAnswered,
}: {
  orderId: string;
  reworkId: number;
  pendingFinals: WorkspaceFile[];
  onAnswered: (fileIds: number[]) => void;
}) {
  const { answerRework } = useOrderActions(orderId);
  const { form, alert, submit } = useServerForm<{ text: string; files: number[] }, ThreadPostRequest>({
    schema: answerSchema,
    defaultValues: { text: '', files: pendingFinals.map((f) => f.id) },
    fields: ['text', 'files'],
    onSubmit: async (body) => {
      await answerRework.mutateAsync({ reworkId, body });
      onAnswered(body.files ?? []);
      notify.success(m.sent);
    },
  });
  const { errors, isSubmitting } = form.formState;
  const files = form.control('files');

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text fw={600}>{m.answerRework}</Text>
        <Textarea {...form.register('text')} label={m.answerText} rows={4} error={errors.text?.message} />
        <Checkbox.Group
          label={m.answerFiles}
          description={pendingFinals.length === 0 ? m.answerFilesHint : undefined}
          value={files.value.map(String)}
          onChange={(ids) => files.onChange(ids.map(Number))}
          error={errors.files?.message}
        >
          <Stack gap={4} mt={4}>
            {pendingFinals.map((file) => (
              <Checkbox key={file.id} value={String(file.id)} label={file.name} />
            ))}
          </Stack>
        </Checkbox.Group>
        <FormAlert message={alert} />
        <Group>
          <Button type="submit" loading={isSubmitting}>
            {m.send}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
