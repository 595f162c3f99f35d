import { ActionIcon, Anchor, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { WorkspaceFile } from '@cabinet/contract';
import { IconDownload, IconEye, IconFile } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { ApiError } from '../../../shared/api/errors';
import { currentFinalId } from '../../../shared/current-final';
import { notify } from '../../../shared/notify';
import { markFileReviewed, refreshOrder } from '../api';
import { downloadFile } from '../download';
import { formatSize, workspaceText as t } from '../messages';
import { formatDateTime, isNewFile, previewKind } from '../model';

// The viewer (a dialog with the PDF or image) loads when a file is first previewed.
const PreviewModal = lazy(() =>
  import('./preview-modal').then((module) => ({ default: module.PreviewModal })),
);

const reasonOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.kind !== 'cancelled' ? error.message : fallback;

/** One file: its name, who sent it and when, the «новый» mark, and what can be done with it. */
export function FileItem({
  orderId,
  file,
  reviewable = false,
  current = false,
}: {
  orderId: string;
  file: WorkspaceFile;
  /** Received files of the files tab can be marked reviewed. */
  reviewable?: boolean;
  /** The newest of several final files: «Текущая версия» beside its name. */
  current?: boolean;
}) {
  const client = useQueryClient();
  const [previewing, setPreviewing] = useState(false);
  const [marking, setMarking] = useState(false);
  const isNew = isNewFile(file);
  const canPreview = previewKind(file) !== null;

  const download = () => {
    downloadFile(file).catch((error: unknown) => notify.error(reasonOf(error, t.downloadFailed)));
  };
  const markReviewed = async () => {
    setMarking(true);
    try {
      await markFileReviewed(orderId, file.id);
      await refreshOrder(client, orderId);
    } catch (error) {
      notify.error(reasonOf(error, t.markReviewedFailed));
    } finally {
      setMarking(false);
    }
  };

  return (
    <Stack gap={6} component="li" py="xs">
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }} align="flex-start">
          <IconFile size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="nowrap">
              {/* The name opens the preview (a download where there is none): the eye is only its shortcut. */}
              <Anchor
                component="button"
                type="button"
                size="sm"
                fw={500}
                c="var(--mantine-color-text)"
                truncate
                onClick={canPreview ? () => setPreviewing(true) : download}
                title={canPreview ? t.preview : t.download}
                style={{ textAlign: 'left', minWidth: 0 }}
              >
                {file.name}
              </Anchor>
              {current ? (
                <Badge size="sm" color="teal" variant="light" tt="none" style={{ flexShrink: 0 }}>
                  {t.currentVersion}
                </Badge>
              ) : null}
              {isNew && reviewable ? (
                <Badge size="sm" color="red" variant="light" tt="none" style={{ flexShrink: 0 }}>
                  {t.fileNew}
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed">
              {formatSize(file.size)} · {formatDateTime(file.created_at)} ·{' '}
              {t.fileFrom(file.uploaded_by.name)}
            </Text>
          </Stack>
        </Group>
        <Group gap={4} wrap="nowrap">
          {canPreview ? (
            <Tooltip label={t.preview}>
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label={t.previewFile(file.name)}
                onClick={() => setPreviewing(true)}
              >
                <IconEye size={20} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : null}
          <Tooltip label={t.download}>
            <ActionIcon variant="subtle" size="lg" aria-label={t.downloadFile(file.name)} onClick={download}>
              <IconDownload size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {isNew && reviewable ? (
        <Button
          size="xs"
          variant="light"
          loading={marking}
          onClick={() => void markReviewed()}
          aria-label={t.markReviewedFile(file.name)}
          style={{ alignSelf: 'flex-start' }}
        >
          {t.markReviewed}
        </Button>
      ) : null}
      {previewing ? (
        <Suspense fallback={null}>
          <PreviewModal file={file} onClose={() => setPreviewing(false)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

/** A list of files (a group, a message's attachments). */
export function FileList({
  orderId,
  files,
  reviewable,
  markCurrent = false,
}: {
  orderId: string;
  files: readonly WorkspaceFile[];
  reviewable?: boolean;
  /** The final files' list: the newest of several is marked as the current version. */
  markCurrent?: boolean;
}) {
  const current = markCurrent ? currentFinalId(files) : null;
  return (
    <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {files.map((file) => (
        <FileItem
          key={file.id}
          orderId={orderId}
          file={file}
          reviewable={reviewable}
          current={file.id === current}
        />
      ))}
    </Stack>
  );
}
