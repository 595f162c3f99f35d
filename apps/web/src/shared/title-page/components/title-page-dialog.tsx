import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { titlePageFileName, type TitlePageFormat, type TitlePageRequest } from '@cabinet/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/errors';
import { saveBlob } from '../../api/blob';
import { profileQueryOptions } from '../../api/profile';
import { eagerSchema } from '../../lazy-schema';
import { applyServerErrors } from '../../ui/form-errors';
import { useServerForm } from '../../ui/use-server-form';
import { createTitlePage } from '../api';
import { titlePageText as t } from '../messages';
import { FORM_FIELDS, prefill, toRequest, type TitlePageForm, type TitlePageOrder } from '../model';

/** What the customer asked for: to see the PDF, or to download it in a format. */
type Action = 'preview' | TitlePageFormat;
type Values = TitlePageForm & { action: Action };

/** The contract's check (`toRequest`) in the shape the form system takes, for the format asked for. */
const requestSchema = eagerSchema<TitlePageRequest>({
  safeParse(values) {
    const { action, ...form } = values as Values;
    const request = toRequest(form, action === 'docx' ? 'docx' : 'pdf');
    if (request.ok) return { success: true, data: request.body };
    const issues = Object.entries(request.errors).map(([key, message]) => ({
      path: [key],
      message: message ?? '',
    }));
    return { success: false, error: { issues } };
  },
});

const REQUIRED: ReadonlySet<keyof TitlePageForm> = new Set([
  'university',
  'work_type',
  'topic',
  'student_name',
  'city',
  'year',
]);

/**
 * The title page generator: the fields pre-filled from the profile and the order, a PDF preview in
 * the page (a blob: frame, which the CSP's frame-src allows), and the DOCX and PDF downloads.
 */
export function TitlePageDialog({
  opened,
  onClose,
  order,
}: {
  opened: boolean;
  onClose: () => void;
  order?: TitlePageOrder;
}) {
  const profile = useQuery({ ...profileQueryOptions(), enabled: opened });
  const [preview, setPreview] = useState<string | null>(null);
  const edited = useRef(new Set<keyof TitlePageForm>());
  const generate = useMutation({ mutationFn: (body: TitlePageRequest) => createTitlePage(body) });
  const { form, alert, submit } = useServerForm<Values, TitlePageRequest>({
    schema: requestSchema,
    defaultValues: { ...prefill(profile.data, order, new Date()), action: 'pdf' },
    fields: FORM_FIELDS,
    onSubmit: async (body) => {
      const blob = await generate.mutateAsync(body);
      if (form.getValues().action === 'preview') {
        setPreview(URL.createObjectURL(new Blob([blob], { type: 'application/pdf' })));
      } else {
        saveBlob(blob, titlePageFileName(body.topic, body.format));
      }
    },
    // The server's field errors on their fields; a failure without them in the alert.
    toAlert: (error): string | null =>
      error instanceof ApiError ? applyServerErrors(error, form.setError, FORM_FIELDS) : t.failed,
  });
  const { errors, isSubmitting } = form.formState;
  const action = form.control('action').value;

  // The profile may arrive after the dialog opened: it fills what the customer has not typed yet.
  useEffect(() => {
    if (!profile.data) return;
    const filled = prefill(profile.data, order, new Date());
    for (const key of FORM_FIELDS) {
      if (!edited.current.has(key)) form.setValue(key, filled[key]);
    }
    // `form`'s functions change every render; the profile and the order are what the fill follows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [profile.data, order]);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const run = (next: Action) => {
    form.setValue('action', next);
    void submit();
  };

  const field = (key: keyof TitlePageForm, opts: { multiline?: boolean; placeholder?: string } = {}) => {
    const { value, name, onBlur } = form.control(key);
    const common = {
      name,
      label: t.fields[key],
      value,
      error: errors[key]?.message,
      ref: form.elementRef(key),
      onBlur,
      // Required for assistive technology; the intro names them instead of an asterisk in each label.
      required: REQUIRED.has(key),
      withAsterisk: false,
      placeholder: opts.placeholder,
    };
    const set = (typed: string) => {
      edited.current.add(key);
      form.setValue(key, typed);
    };
    return opts.multiline ? (
      <Textarea {...common} rows={2} onChange={(e) => set(e.currentTarget.value)} />
    ) : (
      <TextInput
        {...common}
        inputMode={key === 'year' ? 'numeric' : undefined}
        onChange={(e) => set(e.currentTarget.value)}
      />
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t.title}
      size="xl"
      closeButtonProps={{ 'aria-label': t.close }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t.intro}
        </Text>
        {alert ? (
          <Alert color="red" role="alert">
            {alert}
          </Alert>
        ) : null}
        {field('university', { multiline: true })}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {field('faculty')}
          {field('department', { placeholder: t.placeholders.department })}
          {field('work_type', { placeholder: t.placeholders.work_type })}
          {field('subject')}
        </SimpleGrid>
        {field('topic', { multiline: true })}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {field('student_name')}
          {field('group')}
          {field('supervisor')}
          {field('supervisor_title', { placeholder: t.placeholders.supervisor_title })}
          {field('city')}
          {field('year')}
        </SimpleGrid>
        <Group gap="sm" justify="flex-end">
          <Button
            variant="default"
            loading={isSubmitting && action === 'preview'}
            disabled={isSubmitting}
            onClick={() => run('preview')}
          >
            {t.preview}
          </Button>
          <Button
            variant="light"
            loading={isSubmitting && action === 'docx'}
            disabled={isSubmitting}
            onClick={() => run('docx')}
          >
            {t.downloadDocx}
          </Button>
          <Button
            loading={isSubmitting && action === 'pdf'}
            disabled={isSubmitting}
            onClick={() => run('pdf')}
          >
            {t.downloadPdf}
          </Button>
        </Group>
        {preview ? (
          <Stack gap={4}>
            <iframe
              src={preview}
              title={t.previewTitle}
              style={{
                width: '100%',
                height: '70vh',
                border: '1px solid var(--mantine-color-default-border)',
              }}
            />
            <Text size="xs" c="dimmed">
              {t.previewHint}
            </Text>
          </Stack>
        ) : null}
      </Stack>
    </Modal>
  );
}
