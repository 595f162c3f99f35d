import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  NumberInput,
  Progress,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { IconUpload, IconX } from '@tabler/icons-react';
import { OriginalityPercentSchema, type StaffFileKind, type WorkspaceFile } from '@cabinet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '../../../shared/api/errors';
import { uploadStaffFile } from '../../../shared/staff/client';
import { staffKeys } from '../api';
import { staffOrdersMessages as m } from '../messages';
import { errorText } from '../model';

export type { StaffFileKind };

interface Entry {
  key: string;
  name: string;
  /** 0…100 */
  progress: number;
  error: string | null;
}

/**
 * The author's deliveries: each file on its own request, with its progress and a cancel, so one
 * refused file (size, type) says why and leaves the others going. An originality report is one
 * PDF with the percentage the checking system measured, asked for before the file.
 */
export function UploadPanel({
  orderId,
  onUploaded,
}: {
  orderId: string;
  onUploaded: (files: WorkspaceFile[], kind: StaffFileKind) => void;
}) {
  const [kind, setKind] = useState<StaffFileKind>('final');
  const [percent, setPercent] = useState<number | string>('');
  const percentValid = OriginalityPercentSchema.safeParse(percent === '' ? undefined : percent);
  const reportPercent = percentValid.success ? percentValid.data : undefined;
  const [entries, setEntries] = useState<Entry[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const sequence = useRef(0);
  const client = useQueryClient();

  const patch = (key: string, change: Partial<Entry> | null) =>
    setEntries((list) =>
      change === null
        ? list.filter((e) => e.key !== key)
        : list.map((e) => (e.key === key ? { ...e, ...change } : e)),
    );

  const start = (file: File) => {
    const key = `upload-${++sequence.current}`;
    const controller = new AbortController();
    controllers.current.set(key, controller);
    setEntries((list) => [...list, { key, name: file.name, progress: 0, error: null }]);
    const kindNow = kind;
    uploadStaffFile(
      orderId,
      kindNow,
      file,
      {
        signal: controller.signal,
        onProgress: (fraction) => patch(key, { progress: Math.round(fraction * 100) }),
      },
      kindNow === 'report' ? reportPercent : undefined,
    )
      .then((files) => {
        patch(key, null);
        onUploaded(files, kindNow);
        // The order now lists the file, and a final one may have moved it on: read it again.
        void client.invalidateQueries({ queryKey: staffKeys.order(orderId) });
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.kind === 'cancelled') return;
        patch(key, { error: errorText(error, m.loadFailed), progress: 0 });
      })
      .finally(() => controllers.current.delete(key));
  };

  const cancel = (key: string) => {
    controllers.current.get(key)?.abort(m.uploadCancelled);
    patch(key, null);
  };

  return (
    <Stack gap="sm">
      <Text fw={600}>{m.uploadTitle}</Text>
      <SegmentedControl
        aria-label={m.uploadKindLabel}
        value={kind}
        onChange={(value) => setKind(value === 'intermediate' || value === 'report' ? value : 'final')}
        data={[
          { value: 'final', label: m.kindFinal },
          { value: 'intermediate', label: m.kindIntermediate },
          { value: 'report', label: m.kindReport },
        ]}
      />
      {kind === 'report' && (
        <NumberInput
          label={m.reportPercent}
          description={m.reportPercentHint}
          value={percent}
          onChange={setPercent}
          min={0}
          max={100}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          suffix=" %"
          required
          error={percent !== '' && !percentValid.success ? m.reportPercentInvalid : undefined}
          w={{ base: '100%', xs: 280 }}
        />
      )}
      {kind === 'final' && (
        <Text size="xs" c="dimmed">
          {m.uploadFinalHint}
        </Text>
      )}
      {kind === 'report' ? (
        <FileButton accept="application/pdf" onChange={(file) => file && start(file)}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              disabled={reportPercent === undefined}
              leftSection={<IconUpload size={16} aria-hidden />}
            >
              {m.reportPick}
            </Button>
          )}
        </FileButton>
      ) : (
        <FileButton multiple onChange={(files) => files.forEach(start)}>
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconUpload size={16} aria-hidden />}>
              {m.uploadPick}
            </Button>
          )}
        </FileButton>
      )}
      {entries.length > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {entries.map((entry) => (
            <Stack key={entry.key} component="li" gap={4}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text
                  size="sm"
                  style={{ overflowWrap: 'anywhere' }}
                  c={entry.error ? 'red.8' : undefined}
                  role={entry.error ? 'alert' : undefined}
                >
                  {entry.error ? m.uploadFailed(entry.name, entry.error) : entry.name}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={m.cancelUpload(entry.name)}
                  onClick={() => cancel(entry.key)}
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              </Group>
              {!entry.error && (
                <Progress value={entry.progress} aria-label={m.uploading(entry.name)} size="sm" />
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
