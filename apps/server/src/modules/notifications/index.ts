/**
 * The notifications module's public face (ADR 044): what producers (the chat, the orders'
 * lifecycle, payments) call inside their transactions to tell a customer something, and whether
 * the customer takes e-mail about a kind of event. Its Fastify plugin (the push routes, the
 * settings' routes, the push queue) is in `plugin.ts`, which `app.ts` registers.
 */
export {
  emailAllowed,
  notify,
  notifyCareAnswered,
  notifyOrderMoved,
  notifyPayment,
  type CustomerNotice,
} from './notify';
export { chatMessagePush } from './messages';
