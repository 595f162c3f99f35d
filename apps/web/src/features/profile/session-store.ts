import { api, SessionStoreSchema, z } from '@cabinet/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { apiFetch } from '../../shared/api/client';

/**
 * The UI session store (spec §3 "Session"): small UI state kept on the server so that it follows
 * the customer across devices. Read once per page; a write merges its keys locally at once and
 * POSTs them (the server merges too). Used for the hints the customer dismissed (`dismissed_hints`).
 */
type Session = Record<string, unknown>;

const store = {
  data: undefined as Session | undefined,
  loading: undefined as Promise<void> | undefined,
  listeners: new Set<() => void>(),
  emit() {
    for (const listener of this.listeners) listener();
  },
  load() {
    if (this.data || this.loading) return;
    this.loading = apiFetch(api.profile.session)
      .then(
        (body) => {
          this.data = { ...SessionStoreSchema.parse(body), ...this.data };
        },
        // Without the store the hints simply show: nothing breaks.
        () => {
          this.data ??= {};
        },
      )
      .finally(() => {
        this.loading = undefined;
        this.emit();
      });
  },
};

export async function setSessionValues(values: Session): Promise<void> {
  store.data = { ...store.data, ...values };
  store.emit();
  await apiFetch(api.profile.session, { method: 'POST', body: values });
}

const subscribe = (listener: () => void) => {
  store.listeners.add(listener);
  return () => void store.listeners.delete(listener);
};

/** The session object, or undefined while it loads. */
export function useSession(): Session | undefined {
  const data = useSyncExternalStore(
    subscribe,
    () => store.data,
    () => undefined,
  );
  useEffect(() => store.load(), []);
  return data;
}

const DISMISSED = 'dismissed_hints';
const DismissedSchema = z.array(z.string()).catch([]);

/** Whether the customer closed the hint `id` (undefined while the store loads), and how to close it. */
export function useDismissedHint(id: string): [boolean | undefined, () => void] {
  const session = useSession();
  const dismissed = session ? DismissedSchema.parse(session[DISMISSED] ?? []) : undefined;
  const dismiss = () => {
    if (!dismissed || dismissed.includes(id)) return;
    void setSessionValues({ [DISMISSED]: [...dismissed, id] }).catch(() => undefined);
  };
  return [dismissed?.includes(id), dismiss];
}

/** Tests start from an unloaded store. */
export function resetSessionStore(): void {
  store.data = undefined;
  store.loading = undefined;
}
