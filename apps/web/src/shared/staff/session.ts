import { useSyncExternalStore } from 'react';
import type { StaffMe } from '@cabinet/contract';

/**
 * The staff session, apart from the customer's (shared/auth/session.ts, localStorage 'key'): kept
 * for the tab in sessionStorage under keys of its own, so a customer and a staff member can be
 * signed in in one browser. A new tab renews it from the staff refresh cookie (see the staff guard).
 */
export const STAFF_TOKEN_KEY = 'staffKey';
export const STAFF_ME_KEY = 'staffMe';

type Listener = () => void;
const listeners = new Set<Listener>();

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key) || null;
  } catch {
    return null;
  }
}

export function getStaffToken(): string | null {
  return read(STAFF_TOKEN_KEY);
}

let parsed: { raw: string; me: StaffMe | null } | null = null;

/** Who is signed in (name and role for the header); null without a session. The same object while unchanged. */
export function getStaffMe(): StaffMe | null {
  const saved = read(STAFF_ME_KEY);
  if (!saved || !getStaffToken()) return null;
  if (parsed?.raw !== saved) {
    let me: StaffMe | null = null;
    try {
      me = JSON.parse(saved) as StaffMe;
    } catch {
      // A damaged entry: as good as none; the next sign-in or refresh writes it again.
    }
    parsed = { raw: saved, me };
  }
  return parsed.me;
}

export function storeStaffSession(token: string, me?: StaffMe): void {
  sessionStorage.setItem(STAFF_TOKEN_KEY, token);
  if (me) sessionStorage.setItem(STAFF_ME_KEY, JSON.stringify(me));
  notify();
}

export function endStaffSession(): void {
  try {
    sessionStorage.removeItem(STAFF_TOKEN_KEY);
    sessionStorage.removeItem(STAFF_ME_KEY);
  } finally {
    notify();
  }
}

/** The signed-in staff member for a component; follows sign-in, refresh and sign-out. */
export function useStaffMe(): StaffMe | null {
  return useSyncExternalStore(subscribeStaffSession, getStaffMe, () => null);
}

export function subscribeStaffSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function notify(): void {
  for (const listener of listeners) listener();
}
