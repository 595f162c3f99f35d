import { Button, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import {
  CARE_KINDS,
  CareCreateRequestSchema,
  careKindTitles,
  ThreadPostRequestSchema,
  type CareCreateRequest,
  type ThreadPostRequest,
} from '@cabinet/contract';
import { useId, useState } from 'react';
import { lazySchema } from '../../../shared/lazy-schema';
import { FilesField } from '../../../shared/ui/files-field';
import { FormAlert } from '../../../shared/ui/form-alert';
import { createCare, postCareMessage } from '../api';
import { workspaceText as t } from '../messages';
import { RequestFormCard, useRequestForm } from './request-form';

const careSchema = lazySchema(() => Promise.resolve(CareCreateRequestSchema.omit({ files: true })));
const messageSchema = lazySchema(() => Promise.resolve(ThreadPostRequestSchema.omit({ files: true })));
const kindOptions = CARE_KINDS.map((kind) => ({ value: kind, label: careKindTitles[kind] }));

type CareValues = { kind: 'question' | 'complaint'; text: string };

/** A new care request: a question or a complaint, its text and files. */
export function CareForm({ orderId, onDone }: { orderId: string; onDone: () => void }) {
  const kindLabelId = useId();
  const request = useRequestForm<CareValues, Omit<CareCreateRequest, 'files'>>({
    schema: careSchema,
    defaultValues: { kind: 'question', text: '' },
    fields: ['kind', 'text'],
    send: (values, files) => createCare(orderId, { ...values, files }),
    orderId,
    sent: t.careSent,
    onDone,
  });
  const { form } = request;
  const kind = form.control('kind');

  return (
    <RequestFormCard
      title={t.careNew}
      filesLabel={t.careFiles}
      submitLabel={t.careSubmit}
      request={request}
      onCancel={onDone}
    >
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
    </RequestFormCard>
  );
}

/** A follow-up message in an open or answered request; a sent one leaves an empty form. */
export function CareReply({ orderId, careId }: { orderId: string; careId: number }) {
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
