import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CARE_KINDS,
  CareCreateRequestSchema,
  careKindTitles,
  careStateTitles,
  earliestDeadline,
  reworkStateTitles,
  ThreadPostRequestSchema,
  type CareCreateRequest,
  type CareDetail,
  type CareList,
  type CareRequest,
  type Rework,
  type ReworkCreateRequest,
  type ReworkDetail,
  type ReworkList,
  type ThreadPostRequest,
} from '@cabinet/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { eagerSchema, lazySchema } from '../../../shared/lazy-schema';
import { FilesField } from '../../../shared/ui/files-field';
import { FormAlert } from '../../../shared/ui/form-alert';
import {
  careListQuery,
  careQuery,
  createCare,
  createRework,
  postCareMessage,
  reworkQuery,
  reworksQuery,
  workspaceOrderQuery,
} from '../api';
import { workspaceText as t } from '../messages';
import { formatMoscowDate, reworkAction, reworkFormSchema, type ReworkFormValues } from '../model';
import { FileList } from './file-actions';
import { NewRequestForm, useRequestForm, type NewRequestSpec } from './request-form';
import { NewAnswerBadge, RequestTime, type RequestAvailability, type RequestKind } from './request-views';
import { Thread } from './thread';

/**
 * What differs between the two kinds of order request the customer writes: a rework (while the
 * guarantee runs, with a wished date, answered with final files) and a care request (a question
 * or a complaint, a thread the customer keeps writing in until it is closed).
 */

// --- reworks ---------------------------------------------------------------------------------

const reworkStateColor = { open: 'orange', answered: 'teal' } as const;

const newRework: NewRequestSpec<ReworkFormValues, ReworkCreateRequest> = {
  title: t.reworkNew,
  filesLabel: t.reworkFiles,
  submitLabel: t.reworkSubmit,
  sent: t.reworkSent,
  defaultValues: { comment: '', wished_date: '' },
  fields: ['comment', 'wished_date'],
  send: (orderId, values, files) => createRework(orderId, { ...values, files }),
};

/**
 * Asking for a rework: what to change (required), a wished date (tomorrow in Moscow at the
 * earliest) and files. The fields keep what was typed when the server refuses.
 */
function ReworkForm({ orderId, onDone }: { orderId: string; onDone: () => void }) {
  const [earliest] = useState(() => earliestDeadline(new Date()));
  const schema = useMemo(() => eagerSchema(reworkFormSchema(earliest)), [earliest]);
  return (
    <NewRequestForm spec={newRework} schema={schema} orderId={orderId} onDone={onDone}>
      {(form) => (
        <>
          <Textarea
            {...form.register('comment')}
            label={t.reworkComment}
            required
            rows={4}
            error={form.formState.errors.comment?.message}
          />
          <TextInput
            {...form.register('wished_date')}
            type="date"
            label={t.reworkWishedDate}
            description={t.reworkWishedDateHint}
            min={earliest}
            error={form.formState.errors.wished_date?.message}
            maw={240}
          />
        </>
      )}
    </NewRequestForm>
  );
}

function ReworkCard({ request: rework }: { request: Rework }) {
  return (
    <Stack gap={6}>
      <Group gap="xs">
        <Anchor component={Link} to={`?open=${rework.id}`} fw={600}>
          {t.reworkNumber(rework.number)}
        </Anchor>
        <Badge variant="light" color={reworkStateColor[rework.state]} tt="none">
          {reworkStateTitles[rework.state]}
        </Badge>
        <NewAnswerBadge shown={rework.is_new} />
      </Group>
      <Text size="sm" lineClamp={2}>
        {rework.comment}
      </Text>
      <RequestTime at={rework.created_at} />
    </Stack>
  );
}

function ReworkDetailBody({ orderId, request: rework }: { orderId: string; request: ReworkDetail }) {
  return (
    <>
      <Group gap="xs">
        <Title order={2} size="h3">
          {t.reworkNumber(rework.number)}
        </Title>
        <Badge variant="light" color={reworkStateColor[rework.state]} tt="none">
          {reworkStateTitles[rework.state]}
        </Badge>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {rework.comment}
      </Text>
      {rework.wished_date ? (
        <Text size="sm" c="dimmed">
          {t.reworkWished(formatMoscowDate(`${rework.wished_date}T12:00:00Z`))}
        </Text>
      ) : null}
      {rework.files.length > 0 ? <FileList orderId={orderId} files={rework.files} /> : null}
      <Title order={3} size="h4">
        {t.threadTitle}
      </Title>
      <Thread orderId={orderId} messages={rework.messages} />
    </>
  );
}

/** Reworks: asked for while the guarantee runs, as the server's check (on the list, else the order) says. */
export const reworkRequests: RequestKind<ReworkList, ReworkDetail> = {
  part: 'reworks',
  title: t.reworksTitle,
  newLabel: t.reworkNew,
  failedTitle: t.reworksFailed,
  emptyText: t.reworksEmpty,
  useList: (orderId) => useQuery(reworksQuery(orderId)),
  useDetail: (orderId, requestId) => useQuery(reworkQuery(orderId, requestId)),
  useAvailability: (orderId, list) => {
    const order = useQuery(workspaceOrderQuery(orderId));
    const eligibility = list?.eligibility ?? order.data?.rework;
    return eligibility ? reworkAction(eligibility) : { enabled: false, reason: null };
  },
  NewForm: ReworkForm,
  Card: ReworkCard,
  Detail: ReworkDetailBody,
};

// --- care ------------------------------------------------------------------------------------

const careStateColor = { open: 'orange', answered: 'teal', closed: 'gray' } as const;
const careSchema = lazySchema(() => Promise.resolve(CareCreateRequestSchema.omit({ files: true })));
const messageSchema = lazySchema(() => Promise.resolve(ThreadPostRequestSchema.omit({ files: true })));
const kindOptions = CARE_KINDS.map((kind) => ({ value: kind, label: careKindTitles[kind] }));

type CareValues = { kind: 'question' | 'complaint'; text: string };

const newCare: NewRequestSpec<CareValues, Omit<CareCreateRequest, 'files'>> = {
  title: t.careNew,
  filesLabel: t.careFiles,
  submitLabel: t.careSubmit,
  sent: t.careSent,
  defaultValues: { kind: 'question', text: '' },
  fields: ['kind', 'text'],
  send: (orderId, values, files) => createCare(orderId, { ...values, files }),
};

/** A new care request: a question or a complaint, its text and files. */
function CareForm({ orderId, onDone }: { orderId: string; onDone: () => void }) {
  const kindLabelId = useId();
  return (
    <NewRequestForm spec={newCare} schema={careSchema} orderId={orderId} onDone={onDone}>
      {(form) => {
        const kind = form.control('kind');
        return (
          <>
            <Stack gap={4}>
              <Text size="sm" fw={500} id={kindLabelId}>
                {t.careKind}
              </Text>
              <SegmentedControl
                data={kindOptions}
                value={kind.value}
                onChange={(value) => kind.onChange(value as CareValues['kind'])}
                aria-labelledby={kindLabelId}
                style={{ alignSelf: 'flex-start' }}
              />
            </Stack>
            <Textarea
              {...form.register('text')}
              label={t.careText}
              required
              rows={4}
              error={form.formState.errors.text?.message}
            />
          </>
        );
      }}
    </NewRequestForm>
  );
}

/** A follow-up message in an open or answered request; a sent one leaves an empty form. */
function CareReply({ orderId, careId }: { orderId: string; careId: number }) {
  const [round, setRound] = useState(0);
  return (
    <CareReplyForm key={round} orderId={orderId} careId={careId} onSent={() => setRound((n) => n + 1)} />
  );
}

function CareReplyForm({ orderId, careId, onSent }: { orderId: string; careId: number; onSent: () => void }) {
  const { form, alert, submit, uploads } = useRequestForm<{ text: string }, Omit<ThreadPostRequest, 'files'>>(
    {
      schema: messageSchema,
      defaultValues: { text: '' },
      fields: ['text'],
      send: (values, files) => postCareMessage(orderId, careId, { ...values, files }),
      orderId,
      sent: t.careReplySent,
      onDone: onSent,
    },
  );
  const { errors, isSubmitting } = form.formState;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Textarea
          {...form.register('text')}
          label={t.careReply}
          required
          rows={3}
          error={errors.text?.message}
        />
        <FilesField list={uploads} label={t.careFiles} />
        <FormAlert message={alert} />
        <Button type="submit" loading={isSubmitting} style={{ alignSelf: 'flex-start' }}>
          {t.careReplySubmit}
        </Button>
      </Stack>
    </form>
  );
}

function CareBadges({ request }: { request: CareRequest }) {
  return (
    <>
      <Badge variant="light" color="grape" tt="none">
        {careKindTitles[request.kind]}
      </Badge>
      <Badge variant="light" color={careStateColor[request.state]} tt="none">
        {careStateTitles[request.state]}
      </Badge>
      <NewAnswerBadge shown={request.is_new} />
    </>
  );
}

function CareCard({ request }: { request: CareRequest }) {
  return (
    <Stack gap={6}>
      <Anchor
        component={Link}
        to={`?open=${request.id}`}
        fw={600}
        lineClamp={2}
        aria-label={t.careOpen(request.subject)}
      >
        {request.subject}
      </Anchor>
      <Group gap="xs">
        <CareBadges request={request} />
      </Group>
      <RequestTime at={request.updated_at} />
    </Stack>
  );
}

function CareDetailBody({ orderId, request }: { orderId: string; request: CareDetail }) {
  return (
    <>
      <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
        {request.subject}
      </Title>
      <Group gap="xs">
        <CareBadges request={{ ...request, is_new: false }} />
      </Group>
      <Thread orderId={orderId} messages={request.messages} />
      {request.state === 'closed' ? (
        <Alert color="gray" role="status">
          {t.careClosedNote}
        </Alert>
      ) : (
        <CareReply orderId={orderId} careId={request.id} />
      )}
    </>
  );
}

const anyTime: RequestAvailability = { enabled: true, reason: null };

/** Care requests: questions and complaints to the quality-care service, asked at any time. */
export const careRequests: RequestKind<CareList, CareDetail> = {
  part: 'care',
  title: t.careTitle,
  intro: t.careIntro,
  newLabel: t.careNew,
  failedTitle: t.careFailed,
  emptyText: t.careEmpty,
  useList: (orderId) => useQuery(careListQuery(orderId)),
  useDetail: (orderId, requestId) => useQuery(careQuery(orderId, requestId)),
  useAvailability: () => anyTime,
  NewForm: CareForm,
  Card: CareCard,
  Detail: CareDetailBody,
};
