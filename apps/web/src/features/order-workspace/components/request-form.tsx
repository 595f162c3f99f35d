import { Button, Group } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import type { LazySchema } from '../../../shared/lazy-schema';
import { notify } from '../../../shared/notify';
import { FilesField } from '../../../shared/ui/files-field';
import { FormAlert } from '../../../shared/ui/form-alert';
import { uploadMessages } from '../../../shared/ui/upload-messages';
import { useServerForm, type ServerForm } from '../../../shared/ui/use-server-form';
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

/** What one kind of request asks for in its «new» form, beside the fields it draws. */
export interface NewRequestSpec<T extends object, Out> {
  title: string;
  filesLabel: string;
  submitLabel: string;
  /** Said once the request is sent. */
  sent: string;
  defaultValues: T;
  fields: readonly (keyof T & string)[];
  send: (orderId: string, values: Out, files: number[]) => Promise<void>;
}

/**
 * A new request's card, whatever its kind: its heading, the kind's fields (`children`), the files,
 * the alert, «send» and «cancel».
 */
export function NewRequestForm<T extends object, Out>({
  spec,
  schema,
  orderId,
  onDone,
  children,
}: {
  spec: NewRequestSpec<T, Out>;
  schema: LazySchema<Out>;
  orderId: string;
  onDone: () => void;
  children: (form: ServerForm<T>) => ReactNode;
}) {
  const request = useRequestForm<T, Out>({
    schema,
    defaultValues: spec.defaultValues,
    fields: spec.fields,
    send: (values, files) => spec.send(orderId, values, files),
    orderId,
    sent: spec.sent,
    onDone,
  });
  return (
    <SectionCard
      title={spec.title}
      order={3}
      onSubmit={(event: FormEvent<HTMLFormElement>) => void request.submit(event)}
    >
      {children(request.form)}
      <FilesField list={request.uploads} label={spec.filesLabel} />
      <FormAlert message={request.alert} />
      <Group gap="sm">
        <Button type="submit" loading={request.form.formState.isSubmitting}>
          {spec.submitLabel}
        </Button>
        <Button variant="default" onClick={onDone}>
          {t.cancel}
        </Button>
      </Group>
    </SectionCard>
  );
}
