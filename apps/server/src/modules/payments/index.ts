/**
 * The payments module's public face. The owners of what is paid for register with it (ADR 032:
 * `registerPurposeOwner`, `onOrdersPaid`); certificates pay an order from the balance; referrals
 * send SMS invites and know the bonus rate; the demo seed titles its invoices. Its Fastify plugin
 * (paying, verification, refunds and payouts, the providers' notifications) is `plugin.ts`, which
 * `app.ts` registers.
 */
export { orderTitle } from './invoices';
export { pageLinks } from './lists';
export type { SmsSender } from './providers/types';
export { onOrdersPaid, registerPurposeOwner, type PurposeOwner } from './purposes';
export { payOrderFromBalanceInTrx } from './service';
export { BONUS_ACCRUAL_PERCENT } from './settle';
export { createSmsSender, maskPhone, smsPhone } from './sms';
