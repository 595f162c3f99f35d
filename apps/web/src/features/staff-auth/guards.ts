import type { StaffRole } from '@cabinet/contract';
import { REDIRECT_PARAM } from '../../shared/login-redirect';
import { paths } from '../../shared/paths';

/**
 * The staff section's guards as plain decisions (the loaders in loaders.ts follow them): the same
 * shape as app/guards.ts, with the staff session instead of the customer's.
 */
export type StaffGuardDecision = { kind: 'continue' } | { kind: 'redirect'; to: string };

const CONTINUE: StaffGuardDecision = { kind: 'continue' };
const redirectTo = (to: string): StaffGuardDecision => ({ kind: 'redirect', to });

const SAME_SITE = 'https://cabinet.invalid';
const STAFF_PREFIX = `${paths.staff.root.path}/`;
/** Addresses a sign-in must not lead back to: they would sign out or ask to sign in again. */
const NOT_A_WAY_BACK: readonly string[] = [paths.staff.login.path, paths.staff.logout.path];

/**
 * Where a sign-in leads: the `redirect` of the query when it is a staff screen of this site
 * (never another origin, never the customer's cabinet), else the queue.
 */
export function staffRedirectTarget(search: string): string {
  const target = new URLSearchParams(search).get(REDIRECT_PARAM);
  if (target?.startsWith('/')) {
    try {
      // Read by the parser the browser will use: `/\\evil.example` is another host to it.
      const url = new URL(target, SAME_SITE);
      const path = url.pathname.replace(/\/+$/, '');
      if (url.origin === SAME_SITE && path.startsWith(STAFF_PREFIX) && !NOT_A_WAY_BACK.includes(path)) {
        return url.pathname + url.search + url.hash;
      }
    } catch {
      // Not a URL at all: the queue, like any other bad value.
    }
  }
  return paths.staff.orders.getHref();
}

/** /staff/* without a staff session → the staff sign-in, carrying the address as the way back. */
export function decideStaffRoute(path: string, search: string, signedIn: boolean): StaffGuardDecision {
  return signedIn ? CONTINUE : redirectTo(paths.staff.login.getHref(path + search));
}

/** A signed-in staff member on /staff/login goes where the sign-in would have led. */
export function decideStaffLogin(search: string, signedIn: boolean): StaffGuardDecision {
  return signedIn ? redirectTo(staffRedirectTarget(search)) : CONTINUE;
}

/** /staff itself: the queue, or the sign-in first. */
export function decideStaffIndex(signedIn: boolean): StaffGuardDecision {
  const queue = paths.staff.orders.getHref();
  return signedIn ? redirectTo(queue) : redirectTo(paths.staff.login.getHref(queue));
}

/** Managers' screens (the care queue): an author lands on their queue instead. */
export function decideManagerRoute(role: StaffRole | undefined): StaffGuardDecision {
  return role === 'manager' ? CONTINUE : redirectTo(paths.staff.orders.getHref());
}
