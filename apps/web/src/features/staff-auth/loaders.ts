import type { LoaderFunctionArgs } from 'react-router';
import { replace } from 'react-router';
import { ensureStaffMe, restoreStaffSession } from '../../shared/staff/client';
import { getStaffMe } from '../../shared/staff/session';
import { paths } from '../../shared/paths';
import { staffLogout } from './api';
import {
  decideManagerRoute,
  decideStaffIndex,
  decideStaffLogin,
  decideStaffRoute,
  type StaffGuardDecision,
} from './guards';
import { staffAuthMessages as m } from './messages';

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

/** Not guarded, like the customer's /logout: signs out and goes to the staff sign-in. */
export async function staffLogoutLoader(): Promise<never> {
  try {
    await staffLogout();
  } catch (error) {
    console.error(m.logoutFailed, error);
  }
  throw replace(paths.staff.login.getHref());
}
