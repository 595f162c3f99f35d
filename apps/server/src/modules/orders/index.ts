/**
 * The orders module's public face: what chat, payments and referrals do with an order (lock it,
 * move its status, name its people, fit a chat message's uploads in the order's room) and the
 * pricing rules the demo seed writes its orders with. Its Fastify plugins (the customers' routes
 * and the upload sweep, the staff's routes) are in `plugin.ts`, which `app.ts` registers.
 */
export { fileNotFound, notFound } from './context';
export { keepDiscounts } from './discounts';
export { bytesHeld, pendingUploads } from './files-repo';
export { guaranteeUntil } from './guarantee';
export { moveStatus, recordEvent, systemActor } from './lifecycle';
export { lockOrder, lockOrderWithCustomerName } from './repo-lifecycle';
export { calculateCost, deadlineEndOfDay, discountRules, priceWithDiscounts } from './pricing';
export type { FileRow, OrderRow } from './repo';
export { isEditable, requireAction } from './statuses';
export { toWorkspaceFile } from './workspace/files';
export { CUSTOMER_FALLBACK_NAME, firstName, namerFor, type Face, type Namer } from './workspace/people';
