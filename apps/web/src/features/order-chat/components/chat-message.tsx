import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import type { ChatDeliveryState, ChatMessage, WorkspaceFile } from '@cabinet/contract';
import { notify } from '../../../shared/notify';
import type { PendingMessage } from '../chat-store';
import { chatText as t } from '../messages';
import { formatTime } from '../model';
import classes from './chat.module.css';
import { MessageText } from './message-text';

const stateText: Record<ChatDeliveryState, string> = {
  sending: t.sending,
  not_sent: t.notSent,
  sent: t.sent,
  read: t.read,
};

function Files({
  files,
  onDownload,
}: {
  files: WorkspaceFile[];
  onDownload: (file: WorkspaceFile) => Promise<void>;
}) {
  return (
    <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {files.map((file) => (
        <Group key={file.id} component="li" gap={4} wrap="nowrap">
          <IconPaperclip size={14} aria-hidden style={{ flexShrink: 0 }} />
          <Anchor
            component="button"
            type="button"
            size="sm"
            aria-label={t.download(file.name)}
            style={{ overflowWrap: 'anywhere', textAlign: 'left' }}
            onClick={() => void onDownload(file).catch(() => notify.error(t.downloadFailed))}
          >
            {file.name}
          </Anchor>
        </Group>
      ))}
    </Stack>
  );
}

/** One message of the history: who, the text and files, when, and (own ones) how far it got. */
export function MessageBubble({
  message,
  name,
  own,
  state,
  onDownload,
}: {
  message: ChatMessage;
  name: string;
  own: boolean;
  state: ChatDeliveryState | null;
  onDownload: (file: WorkspaceFile) => Promise<void>;
}) {
  const time = formatTime(message.created_at);
  const staff = message.author.role !== 'customer';
  return (
    <article
      className={`${classes.message} ${own ? classes.own : classes.others} ${!own && staff ? classes.staff : ''}`}
      aria-label={`${name}, ${time}`}
      data-message-id={message.id}
    >
      <Stack gap={2}>
        <Text size="xs" fw={700} component="p" m={0}>
          {name}
        </Text>
        {message.text ? <MessageText text={message.text} className={classes.text} /> : null}
        {message.files.length > 0 ? <Files files={message.files} onDownload={onDownload} /> : null}
        <div className={classes.meta}>
          <time dateTime={message.created_at}>{time}</time>
          {state ? <span>{stateText[state]}</span> : null}
        </div>
      </Stack>
    </article>
  );
}

/** A message written here that the server has not confirmed yet. */
export function PendingBubble({
  entry,
  onRetry,
  onDiscard,
}: {
  entry: PendingMessage;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const time = formatTime(entry.created_at);
  return (
    <article className={`${classes.message} ${classes.own}`} aria-label={`${t.you}, ${time}`}>
      <Stack gap={2}>
        <Text size="xs" fw={700} component="p" m={0}>
          {t.you}
        </Text>
        {entry.text ? <MessageText text={entry.text} className={classes.text} /> : null}
        {entry.file_ids.length > 0 ? (
          <Text size="xs" c="dimmed">
            <IconPaperclip size={12} aria-hidden /> {t.files(entry.file_ids.length)}
          </Text>
        ) : null}
        {entry.error ? (
          <Text size="xs" c="var(--mantine-color-error)" role="alert">
            {entry.error}
          </Text>
        ) : null}
        <div className={classes.meta}>
          <time dateTime={entry.created_at}>{time}</time>
          <span>{stateText[entry.state]}</span>
          {entry.state === 'not_sent' ? (
            <Button size="compact-xs" variant="subtle" onClick={onRetry}>
              {t.retry}
            </Button>
          ) : null}
          {entry.rejected ? (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              aria-label={t.removeUnsent}
              onClick={onDiscard}
            >
              {t.remove}
            </Button>
          ) : null}
        </div>
      </Stack>
    </article>
  );
}
