/**
 * The attribution module's public face: the campaign a visitor came from, read from the cookies and
 * kept with the account and the order. Its Fastify plugin (the counters and the staff report) is
 * `plugin.ts`, which `app.ts` registers.
 */
export {
  NO_ATTRIBUTION,
  attributionOf,
  orderAttribution,
  saveUserAttribution,
  type Attribution,
} from './cookies';
