/**
 * The certificates module's public face: what the demo seed writes its certificates with. Its
 * Fastify plugin (the routes, and the purpose it registers with payments) is `plugin.ts`, which
 * `app.ts` registers.
 */
export { certificateTitle, newCertificateCode } from './repo';
