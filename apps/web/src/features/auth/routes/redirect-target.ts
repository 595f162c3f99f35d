import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { MESSAGE_PARAM } from '../../../shared/login-redirect';
import { paths } from '../../../shared/paths';

/** Any origin of ours: only the path, query and hash of a parsed value are kept. */
const SAME_SITE = 'https://cabinet.invalid';

/**
 * Where to go after signing in: the `redirect` query value when it is a path of this site, else
 * Home. The value is read by the URL parser the browser will use, not by a pattern: the parser
 * drops tabs and newlines and reads '\\' as '/', so `/<tab>/evil.example` is another host to it,
 * and navigating there would throw and leave the customer on /login.
 */
export function redirectTarget(redirect: string | null | undefined): string {
  if (redirect?.startsWith('/')) {
    try {
      const url = new URL(redirect, SAME_SITE);
      if (url.origin === SAME_SITE) return url.pathname + url.search + url.hash;
    } catch {
      // Not a URL at all (`//` with no host): Home, like any other bad value.
    }
  }
  return paths.home.getHref('active');
}

/** `target` (a path of this site) with spec §2's `msg`, which opens an info modal there. */
export function withMessage(target: string, message: string): string {
  const url = new URL(target, SAME_SITE);
  url.searchParams.set(MESSAGE_PARAM, message);
  return url.pathname + url.search + url.hash;
}

/** Navigates to the page the visitor was sent away from, or Home; `message` is shown there. */
export function useAfterSignIn(): (message?: string) => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  return useCallback(
    (message?: string) => {
      const target = redirectTarget(redirect);
      void navigate(message ? withMessage(target, message) : target, { replace: true });
    },
    [navigate, redirect],
  );
}
