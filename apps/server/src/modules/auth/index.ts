/**
 * The auth module's public face: what other modules use to sign people in and to speak for their
 * sessions. Its Fastify plugin (the routes and `app.authService`) is `plugin.ts`, which `app.ts`
 * registers.
 */
export { EmailConfirmation } from './email-confirmation';
export { STAFF_DEVICE, refuseCrossSite, rememberDevice, signInClient, signedIn } from './http';
export { insertOneTimeToken, revokeAllRefreshTokens } from './repo';
export type { AuthService, Session } from './service';
