import { Group, Paper, Stack, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { uploadMessages } from '../../../shared/ui/upload-messages';
import { FilesField } from '../../../shared/ui/files-field';
import { UploadList } from '../../../shared/ui/upload-list';
import { deletePendingFile, filesQuery, refreshOrder, uploadOrderFile } from '../api';
import { FileList } from '../components/file-actions';
import { EmptyState, LoadError, LoadingRows } from '../../../shared/ui/query-states';
import { ZipDownload } from '../components/zip-download';
import { workspaceText as t } from '../messages';
import { groupFiles } from '../model';

/** `/order/{id}/files`: the order's files by group, the zip of them all, and the customer's own uploads. */
export default function FilesTab() {
  const { id = '' } = useParams();
  const files = useQuery(filesQuery(id));
  const client = useQueryClient();
  const [uploads] = useState(() => {
    const list: UploadList = new UploadList({
      target: () => 'pending',
      // Each file goes straight to the order (its own request: its own progress, cancel and refusal).
      upload: (_target, file, options) => uploadOrderFile(id, file, options),
      remove: (_target, fileId) => deletePendingFile(fileId),
      onUploaded: () => {
        list.attach(list.pendingIds(), 'order');
        void refreshOrder(client, id);
      },
      cancelReason: uploadMessages.uploadCancelled,
    });
    return list;
  });

  const groups = files.data ? groupFiles(files.data) : [];

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h3">
          {t.filesTitle}
        </Title>
        <ZipDownload orderId={id} disabled={groups.length === 0} />
      </Group>
      {files.isPending ? (
        <LoadingRows rows={3} label={t.filesTitle} />
      ) : files.isError ? (
        <LoadError title={t.filesFailed} error={files.error} onRetry={() => void files.refetch()} />
      ) : groups.length === 0 ? (
        <EmptyState text={t.filesEmpty} />
      ) : (
        groups.map((group) => (
          <Paper key={group.group} withBorder radius="md" p="md" component="section" aria-label={group.title}>
            <Title order={3} size="h5" mb="xs">
              {group.title}
            </Title>
            <FileList
              orderId={id}
              files={group.files}
              reviewable={group.group === 'intermediate' || group.group === 'final'}
              markCurrent={group.group === 'final'}
            />
          </Paper>
        ))
      )}
      <Paper withBorder radius="md" p="md">
        <FilesField list={uploads} label={t.addFiles} hint={t.addFilesHint} />
      </Paper>
    </Stack>
  );
}
