import { Button, Group, Paper, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  CARE_KINDS,
  CareCreateRequestSchema,
  careKindTitles,
  ThreadPostRequestSchema,
  type CareCreateRequest,
  type ThreadPostRequest,
} from '@cabinet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { lazySchema } from '../../../shared/lazy-schema';
import { uploadMessages } from '../../../shared/ui/upload-messages';
import { notify } from '../../../shared/notify';
import { FilesField } from '../../../shared/ui/files-field';
import { FormAlert } from '../../../shared/ui/form-alert';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { createCare, postCareMessage, refreshOrder } from '../api';
import { workspaceText as t } from '../messages';
import { usePendingUploads } from './pending-uploads';

const careSchema = lazySchema(() => Promise.resolve(CareCreateRequestSchema.omit({ files: true })));
const messageSchema = lazySchema(() => Promise.resolve(ThreadPostRequestSchema.omit({ files: true })));
const kindOptions = CARE_KINDS.map((kind) => ({ value: kind, label: careKindTitles[kind] }));

type CareValues = { kind: 'question' | 'complaint'; text: string };

/** A new care request: a question or a complaint, its text and files. */
export function CareForm({ orderId, onDone }: { orderId: string; onDone: () => void }) {
  const headingId = useId();
  const kindLabelId = useId();
  const uploads = usePendingUploads();
  const client = useQueryClient();
  const { form, alert, setAlert, submit } = useServerForm<CareValues, Omit<CareCreateRequest, 'files'>>({
    schema: careSchema,
    defaultValues: { kind: 'question', text: '' },
    fields: ['kind', 'text'],
    onSubmit: async (values): Promise<void> => {
      if (uploads.isUploading()) {
        setAlert(uploadMessages.filesUploading);
        return;
      }
      const files = uploads.pendingIds();
      await createCare(orderId, { ...values, files });
      uploads.attach(files, 'order');
      await refreshOrder(client, orderId);
      notify.success(t.careSent);
      onDone();
    },
  });
  const { errors, isSubmitting } = form.formState;
  const kind = form.control('kind');

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Title order={3} size="h4" id={headingId}>
            {t.careNew}
          </Title>
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
            error={errors.text?.message}
          />
          <FilesField list={uploads} label={t.careFiles} />
          <FormAlert message={alert} />
          <Group gap="sm">
            <Button type="submit" loading={isSubmitting}>
              {t.careSubmit}
            </Button>
            <Button variant="default" onClick={onDone}>
              {t.cancel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
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
  const uploads = usePendingUploads();
  const client = useQueryClient();
  const { form, alert, setAlert, submit } = useServerForm<{ text: string }, Omit<ThreadPostRequest, 'files'>>(
    {
      schema: messageSchema,
      defaultValues: { text: '' },
      fields: ['text'],
      onSubmit: async (values): Promise<void> => {
        if (uploads.isUploading()) {
          setAlert(uploadMessages.filesUploading);
          return;
        }
        const files = uploads.pendingIds();
        await postCareMessage(orderId, careId, { ...values, files });
        uploads.attach(files, 'order');
        await refreshOrder(client, orderId);
        notify.success(t.careReplySent);
        onSent();
      },
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
