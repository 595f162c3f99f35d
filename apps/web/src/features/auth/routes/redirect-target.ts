import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';

/**
 * Where to go after signing in: the `redirect` query value when it is a same-site path
 * (starts with '/' but not '//' or '/\', which browsers treat as another host), else Home.
 */
export function redirectTarget(redirect: string | null | undefined): string {
  if (redirect && /^\/(?![/\\])/.test(redirect)) return redirect;
  return paths.home.getHref('active');
}

/** Navigates to the page the visitor was sent away from, or Home. */
export function useAfterSignIn(): () => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  return useCallback(() => {
    void navigate(redirectTarget(redirect), { replace: true });
  }, [navigate, redirect]);
}
