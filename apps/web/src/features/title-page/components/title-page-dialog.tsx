import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { titlePageFileName, type TitlePageFormat } from '@cabinet/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../shared/api/errors';
import { saveBlob } from '../../../shared/api/blob';
import { profileQueryOptions } from '../../../shared/api/profile';
import { createTitlePage } from '../api';
import { titlePageText as t } from '../messages';
import {
  prefill,
  serverErrors,
  toRequest,
  type FormErrors,
  type TitlePageForm,
  type TitlePageOrder,
} from '../model';

type Busy = 'preview' | TitlePageFormat | null;

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
  const [form, setForm] = useState<TitlePageForm>(() => prefill(profile.data, order, new Date()));
  const [errors, setErrors] = useState<FormErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const edited = useRef(new Set<keyof TitlePageForm>());

  // The profile may arrive after the dialog opened: it fills what the customer has not typed yet.
  useEffect(() => {
    if (!profile.data) return;
    const filled = prefill(profile.data, order, new Date());
    setForm((current) => {
      const next = { ...current };
      for (const key of Object.keys(filled) as Array<keyof TitlePageForm>) {
        if (!edited.current.has(key)) next[key] = filled[key];
      }
      return next;
    });
  }, [profile.data, order]);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const set = (key: keyof TitlePageForm) => (value: string) => {
    edited.current.add(key);
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const run = async (action: Exclude<Busy, null>) => {
    const format: TitlePageFormat = action === 'docx' ? 'docx' : 'pdf';
    const request = toRequest(form, format);
    if (!request.ok) {
      setErrors(request.errors);
      setAlert(t.checkFields);
      return;
    }
    setErrors({});
    setAlert(null);
    setBusy(action);
    try {
      const blob = await createTitlePage(request.body);
      if (action === 'preview') {
        setPreview(URL.createObjectURL(new Blob([blob], { type: 'application/pdf' })));
      } else {
        saveBlob(blob, titlePageFileName(request.body.topic, format));
      }
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        setErrors(serverErrors(error.fieldErrors));
        setAlert(error.message);
      } else {
        setAlert(error instanceof ApiError ? error.message : t.failed);
      }
    } finally {
      setBusy(null);
    }
  };

  const field = (key: keyof TitlePageForm, opts: { multiline?: boolean; placeholder?: string } = {}) => {
    const common = {
      label: t.fields[key],
      value: form[key],
      error: errors[key],
      // Required for assistive technology; the intro names them instead of an asterisk in each label.
      required: REQUIRED.has(key),
      withAsterisk: false,
      placeholder: opts.placeholder,
    };
    return opts.multiline ? (
      <Textarea {...common} rows={2} onChange={(e) => set(key)(e.currentTarget.value)} />
    ) : (
      <TextInput
        {...common}
        inputMode={key === 'year' ? 'numeric' : undefined}
        onChange={(e) => set(key)(e.currentTarget.value)}
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
            loading={busy === 'preview'}
            disabled={busy !== null}
            onClick={() => void run('preview')}
          >
            {t.preview}
          </Button>
          <Button
            variant="light"
            loading={busy === 'docx'}
            disabled={busy !== null}
            onClick={() => void run('docx')}
          >
            {t.downloadDocx}
          </Button>
          <Button loading={busy === 'pdf'} disabled={busy !== null} onClick={() => void run('pdf')}>
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
