import { Badge, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { IconFileCheck } from '@tabler/icons-react';
import {
  reworkStateTitles,
  StaffReworkAnswerRequestSchema,
  type Rework,
  type ThreadPostRequest,
  type WorkspaceFile,
} from '@cabinet/contract';
import { formatDate } from '../../../shared/format';
import { lazySchema } from '../../../shared/lazy-schema';
import { notify } from '../../../shared/notify';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { useOrderActions, useOrderReworks, useRework } from '../api';
import { staffOrdersMessages as m } from '../messages';
import { formatDateTime } from '../model';
import { AnswerForm, RequestAccordion, RequestThread } from './request-accordion';

const answerSchema = lazySchema(() => Promise.resolve(StaffReworkAnswerRequestSchema));

/**
 * The order's reworks: each opens its thread; an open one takes the author's answer with the final
 * files uploaded since it opened — the server keeps them with the rework (ADR 015), so a reload
 * loses nothing.
 */
export function ReworksSection({ orderId, canAnswer }: { orderId: string; canAnswer: boolean }) {
  const reworks = useOrderReworks(orderId);
  return (
    <RequestAccordion
      query={reworks}
      emptyText={m.noReworks}
      control={(rework) => (
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
      )}
      detail={(rework) => (
        <ReworkDetail orderId={orderId} rework={rework} canAnswer={canAnswer && rework.state === 'open'} />
      )}
    />
  );
}

function ReworkDetail({
  orderId,
  rework,
  canAnswer,
}: {
  orderId: string;
  rework: Rework;
  canAnswer: boolean;
}) {
  const detail = useRework(orderId, rework.id);
  return (
    <Stack gap="sm">
      {rework.wished_date && (
        <Text size="sm">{m.wishedDate(formatDate(`${rework.wished_date}T12:00:00Z`))}</Text>
      )}
      <RequestThread query={detail} />
      {canAnswer && (
        <ReworkAnswerForm
          key={(rework.answer_files ?? []).map((f) => f.id).join('-')}
          orderId={orderId}
          reworkId={rework.id}
          finals={rework.answer_files ?? []}
        />
      )}
    </Stack>
  );
}

function ReworkAnswerForm({
  orderId,
  reworkId,
  finals,
}: {
  orderId: string;
  reworkId: number;
  /** The final files uploaded since the rework opened, as the server holds them: all go with the answer. */
  finals: WorkspaceFile[];
}) {
  const { answerRework } = useOrderActions(orderId);
  const { form, alert, submit } = useServerForm<{ text: string; files: number[] }, ThreadPostRequest>({
    schema: answerSchema,
    defaultValues: { text: '', files: finals.map((f) => f.id) },
    fields: ['text', 'files'],
    onSubmit: async (body) => {
      await answerRework.mutateAsync({ reworkId, body });
      notify.success(m.sent);
    },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <AnswerForm submit={submit} alert={alert} submitting={isSubmitting}>
      <Text fw={600}>{m.answerRework}</Text>
      <Textarea {...form.register('text')} label={m.answerText} rows={4} error={errors.text?.message} />
      <Stack gap={4} role="group" aria-label={m.answerFiles}>
        <Text size="sm" fw={500}>
          {m.answerFiles}
        </Text>
        {finals.length === 0 ? (
          <Text size="xs" c="dimmed">
            {m.answerFilesHint}
          </Text>
        ) : (
          <List size="sm" spacing={2} icon={<IconFileCheck size={16} aria-hidden />}>
            {finals.map((file) => (
              <List.Item key={file.id}>{file.name}</List.Item>
            ))}
          </List>
        )}
        {errors.files?.message && (
          <Text size="xs" c="red" role="alert">
            {errors.files.message}
          </Text>
        )}
      </Stack>
    </AnswerForm>
  );
}
