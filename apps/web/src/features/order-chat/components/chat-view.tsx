import { Alert, Button, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ChatFace } from '../api';
import { loadErrorText } from '../chat-store';
import { chatText as t } from '../messages';
import { byDay, deliveryOf, isOwn, shownName, type ChatViewer } from '../model';
import { useChat } from '../use-chat';
import classes from './chat.module.css';
import { MessageBubble, PendingBubble } from './chat-message';
import { Composer } from './composer';

/** Within this many px of the bottom counts as «at the bottom»: new messages scroll into view. */
const BOTTOM_SLACK_PX = 48;

function isAtBottom(log: HTMLElement): boolean {
  return log.scrollHeight - log.scrollTop - log.clientHeight <= BOTTOM_SLACK_PX;
}

/**
 * The order chat, one component for both faces: the history (newest at the bottom, older pages
 * on scrolling up), the typing line and the composer pinned below it.
 */
export function ChatView({
  orderId,
  face,
  viewer,
  emptyText,
}: {
  orderId: number;
  face: ChatFace;
  viewer: ChatViewer;
  emptyText: string;
}) {
  const { store, snapshot, typing, onType } = useChat(orderId, face, viewer);
  const { status, messages, pending, read, hasOlder, older } = snapshot;
  const logRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  /** Set before an older page loads: the distance from the bottom to keep once it is in. */
  const keepFromBottom = useRef<number | null>(null);
  const [unseenBelow, setUnseenBelow] = useState(false);

  const oldestId = messages[0]?.id ?? 0;
  const newestId = messages[messages.length - 1]?.id ?? 0;
  const bottomKey = `${newestId}:${pending.length}:${status}`;

  const scrollToBottom = useCallback(() => {
    const log = logRef.current;
    if (!log) return;
    log.scrollTop = log.scrollHeight;
    stickToBottom.current = true;
    setUnseenBelow(false);
  }, []);

  // An older page came in above: the same messages stay under the reader's eyes.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log || keepFromBottom.current === null) return;
    log.scrollTop = log.scrollHeight - keepFromBottom.current;
    keepFromBottom.current = null;
  }, [oldestId]);

  // Something new at the bottom: follow it when the reader is there, else offer to jump.
  useLayoutEffect(() => {
    if (status !== 'ready') return;
    if (stickToBottom.current) scrollToBottom();
    else setUnseenBelow(true);
  }, [bottomKey, status, scrollToBottom]);

  const loadOlder = useCallback(() => {
    const log = logRef.current;
    if (log) keepFromBottom.current = log.scrollHeight - log.scrollTop;
    void store.loadOlder();
  }, [store]);

  // Paging back when the top of the history comes into view (browsers without the observer use the button).
  useEffect(() => {
    const sentinel = sentinelRef.current;
    const log = logRef.current;
    if (!sentinel || !log || !hasOlder || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (records) => {
        if (records.some((r) => r.isIntersecting)) loadOlder();
      },
      { root: log, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasOlder, loadOlder, oldestId]);

  const onScroll = () => {
    const log = logRef.current;
    if (!log) return;
    stickToBottom.current = isAtBottom(log);
    if (stickToBottom.current) setUnseenBelow(false);
  };

  const send = (text: string, fileIds: number[]) => {
    stickToBottom.current = true;
    store.send(text, fileIds);
  };

  return (
    <div className={classes.chat} ref={fitToViewport}>
      {status === 'error' ? (
        <Alert color="red" title={t.loadFailed} role="alert" m="sm">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{loadErrorText(snapshot.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void store.load()}>
              {t.retry}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <div
        ref={logRef}
        className={classes.log}
        role="log"
        aria-label={t.log}
        aria-busy={status === 'loading'}
        // The history scrolls: the keyboard must be able to reach it (and scroll it with arrows).
        tabIndex={0}
        onScroll={onScroll}
      >
        {status === 'loading' && messages.length === 0 ? (
          <Stack gap="sm">
            {[60, 40, 70].map((width, i) => (
              <Skeleton key={i} height={48} width={`${width}%`} radius="md" ml={i % 2 ? 'auto' : 0} />
            ))}
          </Stack>
        ) : null}
        {hasOlder ? (
          <div ref={sentinelRef} style={{ alignSelf: 'center' }}>
            {older === 'loading' ? (
              <Loader size="sm" aria-label={t.loadingOlder} />
            ) : (
              <Button size="xs" variant="subtle" onClick={loadOlder}>
                {t.showOlder}
              </Button>
            )}
          </div>
        ) : null}
        {older === 'error' ? (
          <Text size="xs" c="var(--mantine-color-error)" ta="center">
            {t.olderFailed}
          </Text>
        ) : null}
        {status === 'ready' && messages.length === 0 && pending.length === 0 ? (
          <Text c="dimmed" ta="center" my="auto" size="sm">
            {emptyText}
          </Text>
        ) : null}
        {byDay(messages).map((day) => (
          <Stack key={day.day} gap="xs">
            <div className={classes.day}>{day.label}</div>
            {day.items.map((message) => {
              const own = isOwn(message, viewer);
              return (
                <MessageBubble
                  key={message.id}
                  message={message}
                  name={shownName(message, viewer)}
                  own={own}
                  state={own ? deliveryOf(message, viewer, read) : null}
                  onDownload={face.download}
                />
              );
            })}
          </Stack>
        ))}
        {pending.map((entry) => (
          <PendingBubble
            key={entry.client_id}
            entry={entry}
            onRetry={() => store.retry(entry.client_id)}
            onDiscard={() => store.discard(entry.client_id)}
          />
        ))}
        {unseenBelow ? (
          <Button size="xs" radius="xl" className={classes.newButton} onClick={scrollToBottom}>
            {t.newMessages}
          </Button>
        ) : null}
      </div>
      <div role="status" className={classes.typing}>
        {typing ? t.typingOf(typing.name) : ''}
      </div>
      <Composer face={face} onSend={send} onType={onType} />
    </div>
  );
}

/**
 * Sizes the chat to the viewport below where it starts, so that the composer is on screen when the
 * chat opens (the order's header above it is of any height): its page offset goes to `--chat-top`,
 * which chat.module.css subtracts from the viewport's height; kept in step as the page resizes.
 */
function fitToViewport(node: HTMLDivElement | null): (() => void) | undefined {
  if (!node) return undefined;
  const measure = () => {
    const top = node.getBoundingClientRect().top + window.scrollY;
    node.style.setProperty('--chat-top', `${Math.round(top)}px`);
  };
  measure();
  // What is above it may still be loading: the page's own size changing moves the chat.
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
  observer?.observe(document.body);
  window.addEventListener('resize', measure);
  return () => {
    observer?.disconnect();
    window.removeEventListener('resize', measure);
  };
}
