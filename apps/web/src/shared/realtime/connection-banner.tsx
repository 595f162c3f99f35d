import { Alert } from '@mantine/core';
import { chatMessages } from '@cabinet/contract';
import { IconInfoCircle, IconWifiOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { realtimeMessages } from './messages';
import { useBrowserOnline, useConnectionState, useHasRealtime } from './provider';

/** A blip (a reconnect, a server restart) shorter than this is not worth a banner. */
export const BANNER_DELAY_MS = 2_000;

/** Whether to say «Нет соединения»: the browser is offline, or the socket has been down over 2 s. */
export function useConnectionLost(): boolean {
  const present = useHasRealtime();
  const state = useConnectionState();
  const browserOnline = useBrowserOnline();
  // A displaced tab (close 4429) is not cut off: the other tabs are live; it says so apart.
  const down = present && state !== 'open' && state !== 'displaced';
  const [longDown, setLongDown] = useState(false);

  useEffect(() => {
    if (!down) return;
    const timer = setTimeout(() => setLongDown(true), BANNER_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setLongDown(false);
    };
  }, [down]);

  return present && (!browserOnline || (down && longDown));
}

/**
 * The offline notice of the signed-in layouts, or the quiet one of a tab displaced by the
 * customer's newer tabs. The live region is always there (a region that appears with its text is
 * often not announced); the notice inside it comes and goes.
 */
export function ConnectionBanner() {
  const lost = useConnectionLost();
  const displaced = useConnectionState() === 'displaced';
  return (
    <div role="status" aria-live="polite">
      {!lost && displaced && (
        <Alert
          role="none"
          color="gray"
          variant="light"
          radius="md"
          mb="md"
          icon={<IconInfoCircle size={18} aria-hidden />}
        >
          {realtimeMessages.tooManyTabs}
        </Alert>
      )}
      {lost && (
        <Alert
          role="none"
          color="yellow"
          variant="light"
          radius="md"
          mb="md"
          icon={<IconWifiOff size={18} aria-hidden />}
        >
          {chatMessages.offline}
        </Alert>
      )}
    </div>
  );
}
