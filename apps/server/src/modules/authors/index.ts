/**
 * The authors module's public face: an author as an order's customer sees them (name and rating),
 * which the orders module puts into every order answer. Its Fastify plugin (the author's page, the
 * reviews, the staff's profile and moderation routes) is `plugin.ts`, which `app.ts` registers.
 */
export { authorRating, orderAuthor } from './rating';
