import type { LoaderFunctionArgs } from 'react-router';
import { replace } from 'react-router';
import { ensureStaffMe, restoreStaffSession } from '../../shared/staff/client';
import { getStaffMe } from '../../shared/staff/session';
import {
  decideManagerRoute,
  decideStaffIndex,
  decideStaffLogin,
  decideStaffRoute,
  type StaffGuardDecision,
} from './guards';

// Loaders of the staff routes (app/staff-routes.tsx loads this module on demand): the session
// first (a new tab renews it from the cookie), then the decisions of guards.ts.

function follow(decision: StaffGuardDecision): void {
  if (decision.kind === 'redirect') throw replace(decision.to);
}

/** Every staff screen's loader runs this first: the layout's and the screen's run in parallel. */
async function requireStaff(request: Request): Promise<void> {
  const url = new URL(request.url);
  follow(decideStaffRoute(url.pathname, url.search, await restoreStaffSession()));
  try {
    await ensureStaffMe();
  } catch {
    // The screen still opens; the header goes without the name and its own calls report the problem.
  }
}

export async function staffLayoutLoader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireStaff(request);
  return null;
}

export async function staffLoginLoader({ request }: LoaderFunctionArgs): Promise<null> {
  follow(decideStaffLogin(new URL(request.url).search, await restoreStaffSession()));
  return null;
}

export async function staffIndexLoader(): Promise<null> {
  follow(decideStaffIndex(await restoreStaffSession()));
  return null;
}

export async function managerLoader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireStaff(request);
  follow(decideManagerRoute(getStaffMe()?.role));
  return null;
}

/**
 * /staff/logout: a new tab renews the session from its cookie first, so that the page tells a
 * signed-in manager or author (asked, or signed out at once from the frame's «Выйти») from a
 * visitor (sent to the sign-in). The sign-out itself is the route's action (staff-logout-page.tsx).
 */
export async function staffLogoutLoader(): Promise<null> {
  await restoreStaffSession();
  return null;
}
