import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { dismissProfilePopup, profilePopupQueryOptions } from '../popup-api';

const DiplomaDialog = lazy(() =>
  import('./diploma-dialog').then((module) => ({ default: module.DiplomaDialog })),
);

/**
 * Spec §4: the diploma half-price popup, when the server says it is due (`is_need_show`).
 * Closing it in any way — the cross, Esc, the link — tells the server, so it never shows again.
 * Its dialog's code is asked for only then.
 */
export function DiplomaPopup() {
  const queryClient = useQueryClient();
  const popup = useQuery(profilePopupQueryOptions());
  const due = popup.data === true;
  // Mounted from its first showing on, so that it can play its closing transition.
  const [shown, setShown] = useState(false);
  if (due && !shown) setShown(true);
  if (!shown) return null;
  const dismiss = () => void dismissProfilePopup(queryClient).catch(() => undefined);
  return (
    <Suspense fallback={null}>
      <DiplomaDialog opened={due} onDismiss={dismiss} />
    </Suspense>
  );
}
