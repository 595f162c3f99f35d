import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  Outlet,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigation,
  useSearchParams,
} from 'react-router';
import { goal, hit, ORDER_CONFIRMED_MESSAGE, WELCOME_GOAL } from '../shared/analytics';
import { CHUNK_LOAD_FAILED_MESSAGE, useChunkLoadFailed } from '../shared/chunk-load';
import { closeAllDialogs } from '../shared/dialogs';
import { MESSAGE_PARAM } from '../shared/login-redirect';
import { commonMessages } from '../shared/messages';
import { titleWithUnread } from '../shared/realtime/title';
import { useUnreadTotal } from '../shared/realtime/unread-store';
import { deepestHandle } from '../shared/route-handle';
import { rootMessages } from './messages';
import { PlainDialog } from './plain-dialog';
import { RouteLoadingOverlay } from './route-loading-overlay';

/**
 * The frame of every screen (spec §2 "General navigation behaviour"): loading overlay while the
 * router loads, scroll restoration, dialogs closed on a new screen, the `msg` info modal, the page
 * title announced to screen readers, a page hit per navigation and the chunk-failure modal.
 */
export function RootLayout() {
  const navigation = useNavigation();
  const location = useLocation();
  const title = deepestHandle(useMatches())?.title;
  const url = location.pathname + location.search;
  // Unread chat messages in front of the title, «(3) Заказы — Кабинет студента» (0 outside the cabinet).
  const unread = useUnreadTotal();

  useEffect(() => {
    closeAllDialogs();
  }, [location.pathname]);

  useEffect(() => {
    hit(url);
  }, [url]);

  useEffect(() => {
    const base = title ? `${title} — ${commonMessages.serviceName}` : commonMessages.serviceName;
    document.title = titleWithUnread(base, unread);
  }, [title, unread]);

  return (
    <>
      <ScrollRestoration />
      <RouteLoadingOverlay visible={navigation.state === 'loading'} label={rootMessages.loading} />
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {title}
      </VisuallyHidden>
      <Outlet />
      <MessageModal />
      <ChunkLoadFailedModal />
    </>
  );
}

/** Spec §2: `?msg=` opens an info modal; the order-confirmed thank-you records the welcome goal. */
function MessageModal() {
  const [searchParams, setSearchParams] = useSearchParams();
  const message = searchParams.get(MESSAGE_PARAM);

  useEffect(() => {
    if (message === ORDER_CONFIRMED_MESSAGE) goal(WELCOME_GOAL);
  }, [message]);

  const close = () =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(MESSAGE_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <PlainDialog
      opened={!!message}
      onClose={close}
      title={rootMessages.infoTitle}
      text={message ?? ''}
      action={rootMessages.ok}
      onAction={close}
    />
  );
}

/** Spec §4/§8: a script chunk failed to load; only a reload helps. */
function ChunkLoadFailedModal() {
  const failed = useChunkLoadFailed();
  const [dismissed, setDismissed] = useState(false);
  return (
    <PlainDialog
      opened={failed && !dismissed}
      onClose={() => setDismissed(true)}
      title={rootMessages.chunkTitle}
      text={CHUNK_LOAD_FAILED_MESSAGE}
      action={rootMessages.reload}
      onAction={() => window.location.reload()}
    />
  );
}

/** Shown while the first screen's guards run. */
export function BootFallback() {
  return (
    <Center mih="100dvh">
      <Loader role="progressbar" aria-label={rootMessages.loading} />
    </Center>
  );
}
