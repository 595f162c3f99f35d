import { route } from './common/route';

/**
 * The staff side's API (managers and authors); staff tokens only. A module of its own, apart from
 * `api` (paths.ts): a customer's first download carries none of it.
 */
export const staffApi = {
  /** GET (manager): phone callback requests; POST …/{id}/done/. */
  callbacks: '/api/staff/callbacks/',
  callbackDone: route('/api/staff/callbacks/:id/done/'),
  login: '/api/staff/auth/login/',
  refresh: '/api/staff/auth/token/refresh/',
  logout: '/api/staff/auth/logout/',
  me: '/api/staff/me/',
  /** GET (manager): authors to assign. */
  performers: '/api/staff/performers/',
  /** GET: the work types (the queue's filter); the customer's reference route refuses staff tokens. */
  workTypes: '/api/staff/work-types/',
  /** GET the queue (`StaffOrderListQuery`): a performer sees only their own orders. */
  orders: '/api/staff/orders/',
  /** GET; PATCH (manager) price and deadline. */
  order: route('/api/staff/orders/:id/'),
  assign: route('/api/staff/orders/:id/assign/'),
  status: route('/api/staff/orders/:id/status/'),
  /** GET; POST (multipart, `?kind=intermediate|final`). */
  files: route('/api/staff/orders/:id/files/'),
  fileDownload: route('/api/staff/orders/:id/files/:fileId/download/'),
  reworks: route('/api/staff/orders/:id/reworks/'),
  rework: route('/api/staff/orders/:id/reworks/:request/'),
  reworkAnswer: route('/api/staff/orders/:id/reworks/:request/answer/'),
  care: route('/api/staff/orders/:id/care/'),
  careRequest: route('/api/staff/orders/:id/care/:request/'),
  careMessages: route('/api/staff/orders/:id/care/:request/messages/'),
  timeline: route('/api/staff/orders/:id/timeline/'),
  messages: route('/api/staff/orders/:id/messages/'),
  messagesRead: route('/api/staff/orders/:id/messages/read/'),
  /** GET: unread chat messages of the orders this staff member sees. */
  chatUnread: '/api/staff/chat/unread/',
  /** GET (manager): care requests of every order (`?state=open|answered|closed`). */
  careQueue: '/api/staff/care/',
  /** GET (manager): customers' refund claims, pending first. */
  refundClaims: '/api/staff/refund-claims/',
  /** POST (manager): a claim paid out through the provider, or its held money given back to the balance. */
  refundClaimApprove: route('/api/staff/refund-claims/:id/approve/'),
  refundClaimReject: route('/api/staff/refund-claims/:id/reject/'),
  /** GET; PUT: the signed-in staff member's «О себе» and subjects (`StaffProfile`). */
  profile: '/api/staff/profile/',
  /** GET: the reference subjects a staff member picks from (`StaffSubjectList`). */
  subjects: '/api/staff/subjects/',
  /** GET: an author's profile with every review (a manager: any author; an author: themselves). */
  author: route('/api/staff/authors/:id/'),
  /** POST (manager) `{ reason }`: hide a review; the author is told by e-mail. */
  reviewHide: route('/api/staff/reviews/:id/hide/'),
  /** GET (manager) `?from=&to=`: which campaign and partner brought paid orders, and how much. */
  attributionReport: '/api/staff/reports/attribution/',
} as const;
