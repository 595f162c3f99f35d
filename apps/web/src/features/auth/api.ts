import {
  api,
  type LoginVerifyRequest,
  type RegistrationRequestBody,
  type SocialLink,
  type SocialProfileRequest,
} from '@cabinet/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { acceptTokens, apiFetch } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import { endSession, setAuthStatus } from '../../shared/auth/session';
import { forgetDraft } from './sign-in-draft';
import { parseSocialLinks } from './social-links';

/**
 * Runs a sign-in call and stores its tokens. Spec §4: a failed sign-in ends the session
 * (status error, token cleared, refresh timer cancelled).
 */
async function signIn(path: string, body: unknown): Promise<void> {
  setAuthStatus('loading');
  try {
    acceptTokens(await apiFetch<unknown>(path, { method: 'POST', body, auth: false }));
  } catch (error) {
    endSession();
    throw error;
  }
  forgetDraft();
}

/**
 * Failures of a sign-in the server counts (SignInFailureBodySchema): how many more it allows
 * before the lockout; null when the answer does not say.
 */
export function attemptsLeft(error: unknown): number | null {
  const body = error instanceof ApiError ? (error.body as { attempts_left?: unknown } | null) : null;
  return typeof body?.attempts_left === 'number' ? body.attempts_left : null;
}

export function login(credentials: { email: string; password: string }): Promise<void> {
  return signIn(api.auth.login, credentials);
}

/** `{email}` without a password makes the server e-mail a one-time code. */
export async function requestLoginCode(email: string): Promise<void> {
  await apiFetch(api.auth.login, { method: 'POST', body: { email }, auth: false });
}

export function verifyLoginCode(body: LoginVerifyRequest): Promise<void> {
  return signIn(api.auth.loginVerify, body);
}

/** Registration signs the new customer in. */
export function register(body: RegistrationRequestBody): Promise<void> {
  return signIn(api.profile.root, body);
}

/** Why the last `al` link did not sign in: spent or expired, or no answer; null when it did. */
export type AutoLoginFailure = 'used' | 'failed';
let autoLoginFailure: AutoLoginFailure | null = null;

/** The `al` one-time token of an e-mailed or social sign-in link. */
export async function autoLogin(token: string): Promise<void> {
  autoLoginFailure = null;
  try {
    await signIn(api.auth.autoLogin, { token });
  } catch (error) {
    // A 429 has its own screen; a 400 is a link already used or past its 7 days.
    if (!(error instanceof ApiError && error.status === 429)) {
      autoLoginFailure = error instanceof ApiError && error.status === 400 ? 'used' : 'failed';
    }
    throw error;
  }
}

/** For /login to say why the link did not sign the visitor in (read until `forgetAutoLoginFailure`). */
export function lastAutoLoginFailure(): AutoLoginFailure | null {
  return autoLoginFailure;
}

export function forgetAutoLoginFailure(): void {
  autoLoginFailure = null;
}

/** The e-mail step of a social sign-in: the server e-mails a link to the address; nothing signs in yet. */
export async function requestSocialEmailProof(body: SocialProfileRequest): Promise<void> {
  await apiFetch(api.auth.socialProfile, { method: 'POST', body, auth: false });
}

/**
 * Follows an e-mailed confirmation link; resolves to the server's message. The link of a social
 * sign-in's e-mail step also signs in: its answer carries tokens, which are stored.
 */
export async function confirmEmail(token: string): Promise<string> {
  const body = await apiFetch<{ detail?: unknown; tokens?: unknown }>(api.auth.emailConfirm, {
    method: 'POST',
    body: { token },
    auth: false,
  });
  if (body.tokens) acceptTokens(body);
  return typeof body.detail === 'string' ? body.detail : '';
}

export async function requestPasswordRestore(email: string): Promise<void> {
  await apiFetch(api.auth.passwordChange, { method: 'POST', body: { email }, auth: false });
}

export async function setNewPassword(id: string, password: string): Promise<void> {
  await apiFetch(api.auth.passwordChangeById(id), { method: 'PATCH', body: { password }, auth: false });
}

/**
 * Signs out on the server (revokes the refresh cookie) and always ends the local session,
 * so that a failed call still leaves no token behind; the failure is passed on.
 */
export async function logout(): Promise<void> {
  try {
    await apiFetch(api.auth.logout, { method: 'POST', auth: false });
  } finally {
    endSession();
  }
}

interface SocialLinksState {
  data?: SocialLink[];
  error?: unknown;
}

/**
 * The sign-in links, fetched once per page (they stay valid for the visit). Kept outside
 * react-query so that the first screen a visitor sees does not download it.
 */
const socialLinks = {
  state: {} as SocialLinksState,
  loading: undefined as Promise<void> | undefined,
  listeners: new Set<() => void>(),
  set(state: SocialLinksState) {
    this.state = state;
    for (const listener of this.listeners) listener();
  },
  load() {
    if (this.loading || this.state.data) return;
    if (this.state.error) this.set({});
    this.loading = apiFetch(api.auth.socialLinks, { auth: false })
      .then(
        (body) => this.set({ data: parseSocialLinks(body) }),
        // A later visit to the screen tries again.
        (error: unknown) => this.set({ error }),
      )
      .finally(() => (this.loading = undefined));
  },
};

const subscribeSocialLinks = (listener: () => void) => {
  socialLinks.listeners.add(listener);
  return () => socialLinks.listeners.delete(listener);
};
const pendingSocialLinks: SocialLinksState = {};

export function useSocialLinks(): { data?: SocialLink[]; isPending: boolean; isError: boolean } {
  const state = useSyncExternalStore(
    subscribeSocialLinks,
    () => socialLinks.state,
    () => pendingSocialLinks,
  );
  useEffect(() => socialLinks.load(), []);
  return { data: state.data, isPending: !state.data && !state.error, isError: !!state.error };
}
