/**
 * The staff module's public face: the guards other modules' staff routes use. Its Fastify plugin
 * (sign-in, sessions, `me`, the authors list) is `plugin.ts`, which `app.ts` registers.
 */
export { requireManager, staffOf } from './guards';
