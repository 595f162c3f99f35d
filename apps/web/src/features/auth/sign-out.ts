/**
 * Router state the app's own «Выйти» links carry. /logout signs out at once only with it: a link
 * from another site, a typed address or a bookmark carries none, and the page asks first, so that
 * no other site can sign a customer out by linking here.
 */
export const IN_APP_SIGN_OUT = { signOut: true } as const;

export function isInAppSignOut(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { signOut?: unknown }).signOut === true;
}
