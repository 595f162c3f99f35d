/**
 * The title-page module's public face: the line wrapping its PDF lays text out with, which the
 * certificates' PDF uses too (in the document threads, so nothing of the routes comes with it). Its
 * Fastify plugin (the title-page routes) is `plugin.ts`, which `app.ts` registers.
 */
export { wrap } from './pdf';
