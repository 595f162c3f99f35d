/**
 * The staff side's API (managers and authors); staff tokens only. A module of its own, apart from
 * `api` (paths.ts): a customer's first download carries none of it.
 */
export const staffApi = {
  /** GET (manager): phone callback requests; POST …/{id}/done/. */
  callbacks: '/api/staff/callbacks/',
  callbackDone: (id: number | string) => `/api/staff/callbacks/${encodeURIComponent(id)}/done/`,
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
  order: (id: number | string) => `/api/staff/orders/${encodeURIComponent(id)}/`,
  assign: (id: number | string) => `/api/staff/orders/${encodeURIComponent(id)}/assign/`,
  status: (id: number | string) => `/api/staff/orders/${encodeURIComponent(id)}/status/`,
  /** GET; POST (multipart, `?kind=intermediate|final`). */
  files: (id: number | string) => `/api/staff/orders/${encodeURIComponent(id)}/files/`,
  fileDownload: (id: number | string, fileId: number | string) =>
    `/api/staff/orders/${encodeURIComponent(id)}/files/${encodeURIComponent(fileId)}/download/`,
  reworks: (id: number | string) => `/api/staff/orders/${encodeURIComponent(id)}/reworks/`,
  rework: (id: number | string, reworkId: number | string) =>
    `/api/staff/orders/${encodeURIComponent(id)}/reworks/${encodeURIComponent(reworkId)}/`,
  reworkAnswer: (id: number | string, reworkId: number | string) =>
    `/api/staff/orders/${encodeURIComponent(id)}/reworks/${encodeURIComponent(reworkId)}/answer/`,
  care: (id: number | string) => `/api/staff/orders/${encodeURIComponent(id)}/care/`,
  careRequest: (id: number | string, careId: number | string) =>
    `/api/staff/orders/${encodeURIComponent(id)}/care/${encodeURIComponent(careId)}/`,
  careMessages: (id: number | string, careId: number | string) =>
    `/api/staff/orders/${encodeURIComponent(id)}/care/${encodeURIComponent(careId)}/messages/`,
  timeline: (id: number | string) => `/api/staff/orders/${encodeURIComponent(id)}/timeline/`,
  messages: (id: number | string) => `/api/staff/orders/${encodeURIComponent(id)}/messages/`,
  messagesRead: (id: number | string) => `/api/staff/orders/${encodeURIComponent(id)}/messages/read/`,
  /** GET: unread chat messages of the orders this staff member sees. */
  chatUnread: '/api/staff/chat/unread/',
  /** GET (manager): care requests of every order (`?state=open|answered|closed`). */
  careQueue: '/api/staff/care/',
  /** GET (manager): customers' refund claims, pending first. */
  refundClaims: '/api/staff/refund-claims/',
  /** A claim; POST `approve/` pays it out, POST `reject/` gives the held money back (manager). */
  refundClaim: (id: number | string) => `/api/staff/refund-claims/${encodeURIComponent(id)}/`,
  /** GET (manager) `?from=&to=`: which campaign and partner brought paid orders, and how much. */
  attributionReport: '/api/staff/reports/attribution/',
} as const;
