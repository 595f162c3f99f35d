/**
 * The chat module's public face: what orders and payments are given to tell an order's people that
 * it changed (ADR 026). Its Fastify plugins (the chat and the bus the order events ride on) are in
 * `plugin.ts`, which `app.ts` registers.
 */
export { changesLoggedTo, type OrderChanges } from './order-events';
