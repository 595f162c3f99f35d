/**
 * What the visitor typed on the sign-in screens, kept for the tab (sessionStorage): coming back
 * from /429, or going on to «Забыли пароль?», finds the e-mail and the sign-in method again.
 * Never the password. A successful sign-in forgets it.
 */
export type SignInMethod = 'password' | 'code';
export interface SignInDraft {
  email: string;
  method: SignInMethod;
}

const KEY = 'sign_in_draft';
const EMPTY: SignInDraft = { email: '', method: 'password' };

export function readDraft(): SignInDraft {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<SignInDraft> | null;
    return {
      email: typeof saved?.email === 'string' ? saved.email : '',
      method: saved?.method === 'code' ? 'code' : 'password',
    };
  } catch {
    // No storage (prerendering, blocked storage) or a damaged value: start empty.
    return EMPTY;
  }
}

export function saveDraft(change: Partial<SignInDraft>): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...readDraft(), ...change }));
  } catch {
    // Storage blocked: the screen simply starts empty next time.
  }
}

export function forgetDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
