import { route } from './common/route';

/**
 * Payments and money (spec §7 "Payments"); every amount in kopecks. A module of its own,
 * apart from `api` (paths.ts): the visitor screens' first download carries none of it.
 */
export const paymentsApi = {
  /** GET `?page=&page_size=`: payments awaiting payment. */
  waiting: '/api/client/payments/waiting/',
  /** GET `?page=&page_size=&from=&to=&purpose=`: past payments. */
  history: '/api/client/payments/history/',
  /** GET `?purpose=&amount=`: `{ payment_methods }`. */
  methods: '/api/client/payments/methods/',
  /** POST `PayRequest` with an `Idempotency-Key` header → `PayResult`. */
  pay: '/api/client/payments/pay/',
  /** Not in spec §7: POST `PayManyRequest` (selected waiting rows), with an `Idempotency-Key`. */
  payMany: '/api/client/payments/pay-many/',
  /** Not in spec §7: GET `?page=`: money, bonus and the movements that made them. */
  balance: '/api/client/payments/balance/',
  /** POST sends the SMS code, PATCH `{ code }` confirms it. */
  verificateCode: route('/api/client/payments/verificate-code/:type/'),
  verificationStatus: route('/api/client/payments/verification-status/:type/'),
  repayment: '/api/client/payments/repayment/',
  refundClaim: '/api/client/payments/refund-claim/',
  /** GET `?refund_sum=` (the plan), POST `{ refund_sum }` (execute). */
  refundStorno: '/api/client/payments/refund-storno/',
  refundRecipientCountries: '/api/client/payments/refund-recipient-countries/',
  refundExtra: '/api/client/payments/refund-extra/',
  /** Not in spec §7: GET one payment of the customer's — what the /payment result screen names. */
  result: route('/api/client/payments/result/:id/'),
  packetWaiting: route('/api/client/payments/orders-packet-waiting/:id/'),
  /** The provider's notifications (webhook); for `yookassa`, only from its published ranges. */
  notifications: route('/api/payments/notifications/:provider/'),
  /** The test provider's bank page (`PAYMENTS_PROVIDER=test`): opened by the browser. */
  testBank: route('/test-bank/pay/:id/'),
} as const;
