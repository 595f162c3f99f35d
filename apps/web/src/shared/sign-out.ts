/**
 * Router state the app's own «Выйти» links carry (the cabinet's and the staff frame's). /logout and
 * /staff/logout sign out at once only with it: a link from another site, a typed address or a
 * bookmark carries none, and the page asks first, so that no other site can sign anyone out by
 * linking there.
 */
export const IN_APP_SIGN_OUT = { signOut: true } as const;

export function isInAppSignOut(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { signOut?: unknown }).signOut === true;
}
