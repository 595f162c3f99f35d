import { Textarea, TextInput } from '@mantine/core';
import { earliestDeadline, type ReworkCreateRequest } from '@cabinet/contract';
import { useMemo, useState } from 'react';
import { eagerSchema } from '../../../shared/lazy-schema';
import { createRework } from '../api';
import { workspaceText as t } from '../messages';
import { reworkFormSchema, type ReworkFormValues } from '../model';
import { RequestFormCard, useRequestForm } from './request-form';

const FIELDS = ['comment', 'wished_date'] as const;

/**
 * Asking for a rework: what to change (required), a wished date (tomorrow in Moscow at the
 * earliest) and files. The fields keep what was typed when the server refuses.
 */
export function ReworkForm({ orderId, onDone }: { orderId: string; onDone: () => void }) {
  const [earliest] = useState(() => earliestDeadline(new Date()));
  const schema = useMemo(() => eagerSchema(reworkFormSchema(earliest)), [earliest]);
  const request = useRequestForm<ReworkFormValues, ReworkCreateRequest>({
    schema,
    defaultValues: { comment: '', wished_date: '' },
    fields: FIELDS,
    send: (values, files) => createRework(orderId, { ...values, files }),
    orderId,
    sent: t.reworkSent,
    onDone,
  });
  const { errors } = request.form.formState;

  return (
    <RequestFormCard
      title={t.reworkNew}
      filesLabel={t.reworkFiles}
      submitLabel={t.reworkSubmit}
      request={request}
      onCancel={onDone}
    >
      <Textarea
        {...request.form.register('comment')}
        label={t.reworkComment}
        required
        rows={4}
        error={errors.comment?.message}
      />
      <TextInput
        {...request.form.register('wished_date')}
        type="date"
        label={t.reworkWishedDate}
        description={t.reworkWishedDateHint}
        min={earliest}
        error={errors.wished_date?.message}
        maw={240}
      />
    </RequestFormCard>
  );
}
