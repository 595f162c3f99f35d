import { Button, Group } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import type { LazySchema } from '../../../shared/lazy-schema';
import { notify } from '../../../shared/notify';
import { FilesField } from '../../../shared/ui/files-field';
import { FormAlert } from '../../../shared/ui/form-alert';
import type { UploadList } from '../../../shared/ui/upload-list';
import { uploadMessages } from '../../../shared/ui/upload-messages';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { refreshOrder } from '../api';
import { workspaceText as t } from '../messages';
import { usePendingUploads } from './pending-uploads';
import { SectionCard } from '../../../shared/ui/section-card';

/**
 * The form of an order request (a rework or a care request, and a message in one): its fields on
 * the one form system (ADR 012) and the customer's pending uploads. Sending waits for no upload in
 * flight, names the uploaded files, then refreshes the order and says `sent`.
 */
export function useRequestForm<T extends object, Out>(opts: {
  schema: LazySchema<Out>;
  defaultValues: T;
  fields: readonly (keyof T & string)[];
  send: (values: Out, files: number[]) => Promise<void>;
  orderId: string;
  sent: string;
  onDone: () => void;
}) {
  const uploads = usePendingUploads();
  const client = useQueryClient();
  const server = useServerForm<T, Out>({
    schema: opts.schema,
    defaultValues: opts.defaultValues,
    fields: opts.fields,
    onSubmit: async (values) => {
      if (uploads.isUploading()) {
        server.setAlert(uploadMessages.filesUploading);
        return;
      }
      const files = uploads.pendingIds();
      await opts.send(values, files);
      uploads.attach(files, 'order');
      await refreshOrder(client, opts.orderId);
      notify.success(opts.sent);
      opts.onDone();
    },
  });
  return { ...server, uploads };
}

/** What the card needs of `useRequestForm`'s answer. */
interface RequestForm {
  submit: (event?: FormEvent) => Promise<void>;
  alert: string | null;
  uploads: UploadList;
  form: { formState: { isSubmitting: boolean } };
}

/** A new request's card: its heading, its fields, the files, the alert, «send» and «cancel». */
export function RequestFormCard({
  title,
  filesLabel,
  submitLabel,
  request,
  onCancel,
  children,
}: {
  title: string;
  filesLabel: string;
  submitLabel: string;
  request: RequestForm;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <SectionCard
      title={title}
      order={3}
      onSubmit={(event: FormEvent<HTMLFormElement>) => void request.submit(event)}
    >
      {children}
      <FilesField list={request.uploads} label={filesLabel} />
      <FormAlert message={request.alert} />
      <Group gap="sm">
        <Button type="submit" loading={request.form.formState.isSubmitting}>
          {submitLabel}
        </Button>
        <Button variant="default" onClick={onCancel}>
          {t.cancel}
        </Button>
      </Group>
    </SectionCard>
  );
}
