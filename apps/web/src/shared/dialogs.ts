import { useEffect, useRef } from 'react';

/**
 * Dialogs close when another screen opens (spec §2). Each open dialog registers its close here;
 * the root layout calls `closeAllDialogs` on a new path. A tiny store instead of Mantine's
 * ModalsProvider keeps the modal machinery off the first visit.
 */
const closers = new Set<() => void>();

export function closeAllDialogs(): void {
  for (const close of [...closers]) close();
}

/** Registers `close` while `opened`, so a navigation to another screen closes the dialog. */
export function useClosedOnNewScreen(opened: boolean, close: () => void): void {
  const latest = useRef(close);
  useEffect(() => {
    latest.current = close;
  });
  useEffect(() => {
    if (!opened) return;
    const closer = () => latest.current();
    closers.add(closer);
    return () => {
      closers.delete(closer);
    };
  }, [opened]);
}
