import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { WorkspaceFile } from '@cabinet/contract';
import { currentFinalId } from '../../../shared/current-final';
import { notify } from '../../../shared/notify';
import { staffDownload } from '../../../shared/staff/client';
import { staffOrdersMessages as m } from '../messages';
import { errorText } from '../model';

const sizeFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return m.sizeKb(sizeFormat.format(bytes / 1024));
  return m.sizeMb(sizeFormat.format(bytes / 1024 / 1024));
}

/**
 * Files with a download each (fetched with the staff token, see staffDownload); the final files'
 * list marks the newest of several as the current version.
 */
export function FileList({
  files,
  showAuthor = false,
  markCurrent = false,
}: {
  files: WorkspaceFile[];
  showAuthor?: boolean;
  markCurrent?: boolean;
}) {
  const current = markCurrent ? currentFinalId(files) : null;
  if (files.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {m.noFiles}
      </Text>
    );
  }
  const download = (file: WorkspaceFile) =>
    staffDownload(file.download_url, file.name).catch((error: unknown) =>
      notify.error(errorText(error, m.downloadFailed)),
    );
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {files.map((file) => (
        <Group key={file.id} component="li" gap="xs" wrap="nowrap">
          <IconDownload size={16} aria-hidden />
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => void download(file)}
            aria-label={m.download(file.name)}
            style={{ overflowWrap: 'anywhere', textAlign: 'left' }}
          >
            {file.name}
          </Anchor>
          {file.id === current ? (
            <Badge size="sm" color="teal" variant="light" tt="none" style={{ flexShrink: 0 }}>
              {m.currentVersion}
            </Badge>
          ) : null}
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {size(file.size)}
            {showAuthor ? ` · ${m.by(file.uploaded_by.name)}` : ''}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
