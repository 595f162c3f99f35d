import { notifications } from '@mantine/notifications';

/** Spec §9: a snackbar stays 5000 ms; a new one replaces a visible one after 1000 ms. */
export const SNACKBAR_DELAY_MS = 5000;
const SNACKBAR_REPLACE_AFTER_MS = 1000;

type Kind = 'success' | 'error' | 'info';

/** The close button has only an icon: it needs a name for screen readers. */
const CLOSE_LABEL = 'Закрыть уведомление';

const colors: Record<Kind, string> = { success: 'green', error: 'red', info: 'blue' };

let sequence = 0;
let visible: { id: string; until: number } | null = null;
const queue: Array<{ kind: Kind; message: string }> = [];
let replaceTimer: ReturnType<typeof setTimeout> | undefined;

function isVisible(): boolean {
  return visible !== null && Date.now() < visible.until;
}

function display(kind: Kind, message: string): void {
  const id = `snackbar-${++sequence}`;
  visible = { id, until: Date.now() + SNACKBAR_DELAY_MS };
  notifications.show({
    id,
    message,
    color: colors[kind],
    autoClose: SNACKBAR_DELAY_MS,
    closeButtonProps: { 'aria-label': CLOSE_LABEL },
    onClose: () => {
      if (visible?.id === id) visible = null;
    },
  });
}

/** Shows the next queued snackbar in place of the visible one, keeping each on screen at least 1000 ms. */
function replaceNext(): void {
  replaceTimer = undefined;
  const next = queue.shift();
  if (!next) return;
  if (visible) notifications.hide(visible.id);
  display(next.kind, next.message);
  if (queue.length > 0) replaceTimer = setTimeout(replaceNext, SNACKBAR_REPLACE_AFTER_MS);
}

function show(kind: Kind, message: string): void {
  if (!isVisible() && replaceTimer === undefined) {
    display(kind, message);
    return;
  }
  queue.push({ kind, message });
  replaceTimer ??= setTimeout(replaceNext, SNACKBAR_REPLACE_AFTER_MS);
}

/** The snackbars of spec §2: success, error, info — one at a time. */
export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};

/**
 * Forgets the visible snackbar and the queue, for tests: its state lives in this module, so one
 * test's snackbar would otherwise hold the next test's back for a second, or show up in it.
 */
export function resetSnackbars(): void {
  clearTimeout(replaceTimer);
  replaceTimer = undefined;
  queue.length = 0;
  visible = null;
  notifications.clean();
}
