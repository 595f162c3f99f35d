import { ActionIcon, Button, FileButton, Group, Progress, Stack, Text, Textarea } from '@mantine/core';
import { IconFile, IconPaperclip, IconSend, IconTrash, IconX } from '@tabler/icons-react';
import { useId, useLayoutEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { notify } from '../../../shared/notify';
import { uploadMessages } from '../../../shared/ui/upload-messages';
import { UploadList, type UploadEntry } from '../../../shared/ui/upload-list';
import type { ChatFace } from '../api';
import { chatText as t } from '../messages';
import { postError } from '../model';
import classes from './chat.module.css';

/** About six lines of the composer's text; more scrolls inside the field. */
const MAX_HEIGHT = 'calc(6 * 1.55em + 18px)';

function newUploads(face: ChatFace): UploadList {
  return new UploadList({
    target: () => 'pending',
    upload: (_target, file, options) => face.upload(file, options),
    remove: (_target, fileId) => face.removeUpload(fileId),
    cancelReason: uploadMessages.uploadCancelled,
  });
}

function Attachment({ entry, list }: { entry: UploadEntry; list: UploadList }) {
  return (
    <Stack gap={2} component="li">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
          <IconFile size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="xs" truncate>
            {entry.name}
          </Text>
        </Group>
        {entry.status === 'uploading' ? (
          <ActionIcon
            size="sm"
            variant="subtle"
            color="gray"
            aria-label={uploadMessages.cancelUpload(entry.name)}
            onClick={() => list.cancel(entry.key)}
          >
            <IconX size={16} aria-hidden />
          </ActionIcon>
        ) : (
          <ActionIcon
            size="sm"
            variant="subtle"
            color="gray"
            aria-label={uploadMessages.removeFile(entry.name)}
            onClick={() => void list.remove(entry.key).catch(() => notify.error(uploadMessages.removeFailed))}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        )}
      </Group>
      {entry.status === 'uploading' ? (
        <Progress value={entry.progress} size="xs" aria-label={uploadMessages.uploading(entry.progress)} />
      ) : entry.status === 'failed' ? (
        <Text size="xs" c="var(--mantine-color-error)" role="alert">
          {uploadMessages.uploadFailed(entry.error ?? '')}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The composer at the bottom of the chat: Enter sends (not while an IME is composing), Shift+Enter
 * breaks the line; files upload as they are picked, each with its progress and cancel, and the
 * message names them. Focus stays in the text field after sending.
 */
export function Composer({
  face,
  onSend,
  onType,
}: {
  face: ChatFace;
  onSend: (text: string, fileIds: number[]) => void;
  onType: () => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [uploads, setUploads] = useState(() => newUploads(face));
  const entries = useSyncExternalStore(uploads.subscribe, uploads.snapshot, uploads.snapshot);
  const field = useRef<HTMLTextAreaElement>(null);
  const errorId = useId();

  // Grows with the text up to about six lines, then scrolls (Mantine's autosize needs document.fonts).
  useLayoutEffect(() => {
    const node = field.current;
    if (!node) return;
    node.style.height = 'auto';
    if (node.scrollHeight > 0) node.style.height = `${node.scrollHeight + 2}px`;
  }, [text]);

  const submit = () => {
    if (uploads.isUploading()) {
      setError(t.uploadsPending);
      return;
    }
    const body = text.trim();
    const fileIds = uploads.pendingIds();
    const problem = postError(body, fileIds);
    if (problem) {
      setError(problem);
      field.current?.focus();
      return;
    }
    onSend(body, fileIds);
    setText('');
    setError(null);
    setUploads(newUploads(face));
    field.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey) return;
    // An IME (Japanese, Chinese…) confirms its candidate with Enter: that is not «send».
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    submit();
  };

  return (
    <div className={classes.composer}>
      <Stack gap={6}>
        {entries.length > 0 ? (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.attachments}>
            {entries.map((entry) => (
              <Attachment key={entry.key} entry={entry} list={uploads} />
            ))}
          </Stack>
        ) : null}
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <FileButton multiple onChange={(files) => uploads.add(files)}>
            {(props) => (
              <ActionIcon {...props} size="lg" variant="default" aria-label={t.attach}>
                <IconPaperclip size={18} aria-hidden />
              </ActionIcon>
            )}
          </FileButton>
          <Textarea
            ref={field}
            aria-label={t.composer}
            placeholder={t.placeholder}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              if (error) setError(null);
              onType();
            }}
            onKeyDown={onKeyDown}
            rows={1}
            styles={{ input: { resize: 'none', maxHeight: MAX_HEIGHT, overflowY: 'auto' } }}
            error={error !== null}
            aria-describedby={error ? errorId : undefined}
            style={{ flex: 1, minWidth: 0 }}
          />
          <Button onClick={submit} px="sm" aria-label={t.send}>
            <IconSend size={16} aria-hidden />
            {/* On a phone the icon alone, so the text field keeps the width. */}
            <span className={classes.sendLabel}>{t.send}</span>
          </Button>
        </Group>
        {error ? (
          <Text id={errorId} size="xs" c="var(--mantine-color-error)" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </div>
  );
}
