/**
 * The referrals module's public face: auth records who invited a new customer. Its Fastify plugin
 * (the routes, the bonus sweep, the reward it registers with payments) is `plugin.ts`, which
 * `app.ts` registers.
 */
export { recordReferral } from './codes';
