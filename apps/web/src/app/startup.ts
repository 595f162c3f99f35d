import { autoLogin } from '../features/auth/api';
import { getAccessToken, scheduleRefresh, setAuthStatus } from '../shared/auth/session';
import { AUTO_LOGIN_PARAM } from '../shared/login-redirect';

type StartupResult = { ok: boolean };

let startup: Promise<StartupResult> | undefined;

/**
 * Start-up of spec §4, once per page load, awaited by every guard: auto-login first when the
 * address has `al`, then, with a stored token, the profile. `ok: false` means the store itself
 * failed (storage blocked) and the Error route must be shown.
 */
export function ensureStarted(url: URL): Promise<StartupResult> {
  startup ??= start(url);
  return startup;
}

async function start(url: URL): Promise<StartupResult> {
  try {
    const autoLoginToken = url.searchParams.get(AUTO_LOGIN_PARAM);
    if (autoLoginToken) {
      try {
        await autoLogin(autoLoginToken);
      } catch {
        // A used or expired link: the session is already ended, the visitor signs in by hand, and
        // /login says why the link did not work (lastAutoLoginFailure).
      }
    }
    if (!getAccessToken()) return { ok: true };
    scheduleRefresh();
    // Imported here: its schemas (and zod) and the query cache are only needed with a session.
    const [{ profileQueryOptions }, { queryClient }] = await Promise.all([
      import('../features/profile/api'),
      import('../shared/query-client'),
    ]);
    try {
      // No retries: the first screen waits for this, and spec §4 says a failure just stops start-up.
      await queryClient.fetchQuery({ ...profileQueryOptions(), retry: false });
      setAuthStatus('success');
    } catch {
      // Spec §4: a profile failure stops start-up quietly; a rejected token has already led to /login.
    }
    return { ok: true };
  } catch (error) {
    console.error('Не удалось запустить приложение', error);
    return { ok: false };
  }
}
