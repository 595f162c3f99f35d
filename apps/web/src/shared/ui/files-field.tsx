import { ActionIcon, Group, Progress, Stack, Text } from '@mantine/core';
import { IconFile, IconTrash, IconX } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { uploadMessages as m } from './upload-messages';
import { notify } from '../notify';
import { FileDropZone } from './file-drop-zone';
import type { UploadEntry, UploadList } from './upload-list';

function FileRow({ entry, list, removable }: { entry: UploadEntry; list: UploadList; removable: boolean }) {
  const remove = () => {
    list.remove(entry.key).catch(() => notify.error(m.removeFailed));
  };
  return (
    <Stack gap={4} component="li">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconFile size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" truncate>
            {entry.name}
          </Text>
        </Group>
        {entry.status === 'uploading' ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={m.cancelUpload(entry.name)}
            onClick={() => list.cancel(entry.key)}
          >
            <IconX size={18} aria-hidden />
          </ActionIcon>
        ) : removable && entry.place !== 'order' ? (
          <ActionIcon variant="subtle" color="red" aria-label={m.removeFile(entry.name)} onClick={remove}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        ) : null}
      </Group>
      {entry.status === 'uploading' ? (
        <>
          <Progress value={entry.progress} size="sm" aria-label={m.uploading(entry.progress)} />
          <Text size="xs" c="dimmed">
            {m.uploading(entry.progress)}
          </Text>
        </>
      ) : entry.status === 'failed' ? (
        <Text size="xs" c="red.8" role="alert">
          {m.uploadFailed(entry.error ?? '')}
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          {m.uploaded}
        </Text>
      )}
    </Stack>
  );
}

/** The drop zone and the list of the form's files with per-file progress, cancel and remove. */
export function FilesField({
  list,
  label = m.filesLabel,
  hint = m.filesHint,
}: {
  list: UploadList;
  label?: string;
  hint?: string;
}) {
  const entries = useSyncExternalStore(list.subscribe, list.snapshot);
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} component="h3" m={0}>
        {label}
      </Text>
      <FileDropZone
        onFiles={(files) => list.add(files)}
        dropLabel={m.dropHint}
        pickLabel={m.pickFiles}
        hint={hint}
        inputLabel={label}
      />
      {entries.length > 0 ? (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {entries.map((entry) => (
            <FileRow key={entry.key} entry={entry} list={list} removable />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
