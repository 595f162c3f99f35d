import { companyApi } from './common/company-settings';
import { api } from './paths';
import { countersApi } from './attribution/cookies';
import { staffApi } from './staff-paths';
import { paymentsApi } from './payments-paths';

// The server's list, apart from paths.ts: the web app never reads it, and its staff entries would
// otherwise bring the staff side's paths into a customer's first download.

/**
 * The one list of endpoints a visitor may call without an access token (route patterns as
 * the server registers them). Anything else under /api/ and /client/api/ requires a valid
 * bearer token: the server applies that rule to every route it registers.
 */
export const PUBLIC_ENDPOINTS: ReadonlyArray<{ method: string; path: string }> = [
  { method: 'GET', path: api.health },
  { method: 'GET', path: api.docs },
  { method: 'POST', path: api.auth.login },
  { method: 'POST', path: api.auth.loginVerify },
  { method: 'POST', path: api.auth.logout },
  { method: 'POST', path: api.auth.passwordChange },
  { method: 'PATCH', path: api.auth.passwordChangeById.pattern },
  { method: 'POST', path: api.auth.refresh },
  { method: 'POST', path: api.auth.autoLogin },
  { method: 'POST', path: api.auth.emailConfirm },
  { method: 'POST', path: api.auth.registrationCancel },
  { method: 'GET', path: api.auth.socialLinks },
  { method: 'GET', path: api.auth.socialStart.pattern },
  { method: 'GET', path: api.auth.socialCallback.pattern },
  { method: 'POST', path: api.auth.socialProfile },
  { method: 'GET', path: api.auth.changeEmailConfirm.pattern },
  { method: 'POST', path: api.auth.changeEmailCancel },
  { method: 'POST', path: api.profile.root },
  // An avatar's image: an <img> sends no token; the name is random and new with every upload.
  { method: 'GET', path: `${api.profile.avatar}:file` },
  { method: 'GET', path: companyApi },
  { method: 'GET', path: countersApi },
  { method: 'POST', path: staffApi.login },
  { method: 'POST', path: staffApi.refresh },
  { method: 'POST', path: staffApi.logout },
  // The payment provider has no token: the route takes only its addresses and re-fetches what it says.
  { method: 'POST', path: paymentsApi.notifications('yookassa') },
  // Telegram has no token of ours: grammY's webhook handler checks its secret-token header (ADR 046).
  { method: 'POST', path: api.telegram.webhook },
];

export function isPublicEndpoint(method: string, path: string): boolean {
  const m = method === 'HEAD' ? 'GET' : method;
  return PUBLIC_ENDPOINTS.some((e) => e.method === m && e.path === path);
}
