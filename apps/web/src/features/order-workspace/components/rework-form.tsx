import { Button, Group, Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { earliestDeadline, type ReworkCreateRequest } from '@cabinet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { eagerSchema } from '../../../shared/lazy-schema';
import { uploadMessages } from '../../../shared/ui/upload-messages';
import { notify } from '../../../shared/notify';
import { FilesField } from '../../../shared/ui/files-field';
import { FormAlert } from '../../../shared/ui/form-alert';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { createRework, refreshOrder } from '../api';
import { workspaceText as t } from '../messages';
import { reworkFormSchema, type ReworkFormValues } from '../model';
import { usePendingUploads } from './pending-uploads';

const FIELDS = ['comment', 'wished_date'] as const;

/**
 * Asking for a rework: what to change (required), a wished date (tomorrow in Moscow at the
 * earliest) and files. The fields keep what was typed when the server refuses.
 */
export function ReworkForm({ orderId, onDone }: { orderId: string; onDone: () => void }) {
  const headingId = useId();
  const [earliest] = useState(() => earliestDeadline(new Date()));
  const uploads = usePendingUploads();
  const client = useQueryClient();
  const schema = useMemo(() => eagerSchema(reworkFormSchema(earliest)), [earliest]);
  const { form, alert, setAlert, submit } = useServerForm<ReworkFormValues, ReworkCreateRequest>({
    schema,
    defaultValues: { comment: '', wished_date: '' },
    fields: FIELDS,
    onSubmit: async (values) => {
      if (uploads.isUploading()) {
        setAlert(uploadMessages.filesUploading);
        return;
      }
      const files = uploads.pendingIds();
      await createRework(orderId, { ...values, files });
      uploads.attach(files, 'order');
      await refreshOrder(client, orderId);
      notify.success(t.reworkSent);
      onDone();
    },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Title order={3} size="h4" id={headingId}>
            {t.reworkNew}
          </Title>
          <Textarea
            {...form.register('comment')}
            label={t.reworkComment}
            required
            rows={4}
            error={errors.comment?.message}
          />
          <TextInput
            {...form.register('wished_date')}
            type="date"
            label={t.reworkWishedDate}
            description={t.reworkWishedDateHint}
            min={earliest}
            error={errors.wished_date?.message}
            maw={240}
          />
          <FilesField list={uploads} label={t.reworkFiles} />
          <FormAlert message={alert} />
          <Group gap="sm">
            <Button type="submit" loading={isSubmitting}>
              {t.reworkSubmit}
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
