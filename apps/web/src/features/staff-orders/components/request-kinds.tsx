import { Badge, Checkbox, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { IconFileCheck } from '@tabler/icons-react';
import {
  careKindTitles,
  careStateTitles,
  reworkStateTitles,
  StaffCareAnswerRequestSchema,
  StaffReworkAnswerRequestSchema,
  type CareRequest,
  type Rework,
  type StaffCareAnswerRequest,
  type ThreadPostRequest,
  type WorkspaceFile,
} from '@cabinet/contract';
import { formatDate } from '../../../shared/format';
import { lazySchema } from '../../../shared/lazy-schema';
import { useCareRequest, useOrderActions, useOrderCare, useOrderReworks, useRework } from '../api';
import { staffOrdersMessages as m } from '../messages';
import { formatDateTime } from '../model';
import { AnswerForm, useAnswerForm, type StaffRequestKind } from './request-section';

/**
 * What differs between the two kinds of order request on the staff's order page: a rework (the
 * author answers an open one with the final files) and a care request (a manager answers, optionally
 * closing it).
 */

// --- reworks ---------------------------------------------------------------------------------

const reworkAnswerSchema = lazySchema(() => Promise.resolve(StaffReworkAnswerRequestSchema));

function ReworkControl({ request: rework }: { request: Rework }) {
  return (
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
  );
}

function ReworkWishedDate({ request: rework }: { request: Rework }) {
  return rework.wished_date ? (
    <Text size="sm">{m.wishedDate(formatDate(`${rework.wished_date}T12:00:00Z`))}</Text>
  ) : null;
}

/**
 * The answer to an open rework with the final files uploaded since it opened — the server keeps
 * them with the rework (ADR 015), so a reload loses nothing; new ones start the form afresh.
 */
function ReworkAnswer({ orderId, request: rework }: { orderId: string; request: Rework }) {
  const finals = rework.answer_files ?? [];
  return (
    <ReworkAnswerForm
      key={finals.map((f) => f.id).join('-')}
      orderId={orderId}
      reworkId={rework.id}
      finals={finals}
    />
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
  const { form, alert, submit } = useAnswerForm<{ text: string; files: number[] }, ThreadPostRequest>({
    schema: reworkAnswerSchema,
    defaultValues: { text: '', files: finals.map((f) => f.id) },
    fields: ['text', 'files'],
    send: (body) => answerRework.mutateAsync({ reworkId, body }),
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

/** The order's reworks: each opens its thread; an open one takes the author's answer. */
export const reworkRequests: StaffRequestKind<Rework> = {
  emptyText: m.noReworks,
  useList: useOrderReworks,
  useDetail: useRework,
  Control: ReworkControl,
  Before: ReworkWishedDate,
  takesAnswer: (rework) => rework.state === 'open',
  Answer: ReworkAnswer,
};

// --- care ------------------------------------------------------------------------------------

const careAnswerSchema = lazySchema(() => Promise.resolve(StaffCareAnswerRequestSchema));
const careStateColor = { open: 'orange', answered: 'teal', closed: 'gray' } as const;

function CareControl({ request }: { request: CareRequest }) {
  return (
    <Stack gap={2}>
      <Group gap="xs">
        <Badge variant="light" color="grape">
          {careKindTitles[request.kind]}
        </Badge>
        <Badge variant="light" color={careStateColor[request.state]}>
          {careStateTitles[request.state]}
        </Badge>
        <Text size="xs" c="dimmed">
          {formatDateTime(request.updated_at)}
        </Text>
      </Group>
      <Text size="sm" lineClamp={1}>
        {request.subject}
      </Text>
    </Stack>
  );
}

function CareAnswerForm({ orderId, request }: { orderId: string; request: CareRequest }) {
  const { answerCare } = useOrderActions(orderId);
  const { form, alert, submit } = useAnswerForm<{ text: string; close: boolean }, StaffCareAnswerRequest>({
    schema: careAnswerSchema,
    defaultValues: { text: '', close: false },
    fields: ['text', 'close'],
    send: (body) => answerCare.mutateAsync({ careId: request.id, body }),
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <AnswerForm submit={submit} alert={alert} submitting={isSubmitting}>
      <Textarea {...form.register('text')} label={m.careAnswer} rows={4} error={errors.text?.message} />
      <Checkbox {...form.register('close')} label={m.careClose} />
    </AnswerForm>
  );
}

/** The order's care requests; a manager answers, optionally closing the request. */
export const careRequests: StaffRequestKind<CareRequest> = {
  emptyText: m.noCare,
  useList: useOrderCare,
  useDetail: useCareRequest,
  Control: CareControl,
  takesAnswer: (request) => request.state !== 'closed',
  Answer: CareAnswerForm,
};
