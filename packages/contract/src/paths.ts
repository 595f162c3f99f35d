import { companyApi } from './common/company-settings';
import { countersApi } from './promo/attribution-cookies';

/** Every API path of spec §7 that exists so far, trailing slashes included. */
export const api = {
  health: '/api/health/',
  /** The real-time socket (`?authorization=<access token>`); see `socketUrl`. */
  socket: '/channels/ws/',
  docs: '/api/docs',
  auth: {
    login: '/api/client/auth/login/',
    loginVerify: '/api/client/auth/login/verify/',
    logout: '/api/client/auth/logout/',
    passwordChange: '/api/client/auth/password_change/',
    passwordChangeById: (id: string) => `/api/client/auth/password_change/${encodeURIComponent(id)}/`,
    refresh: '/api/client/auth/token/refresh/',
    autoLogin: '/api/client/auth/al/',
    /** Not in spec §7: the e-mailed confirmation links (registration, social e-mail step) post here. */
    emailConfirm: '/api/client/auth/email_confirm/',
    socialLinks: '/client/api/socials/links/',
    /** Opened by the browser (a link, not a fetch): redirects to the provider. */
    socialStart: (network: string) => `/client/api/socials/start/${encodeURIComponent(network)}/`,
    /** The provider redirects the browser here; it redirects on to the web app. */
    socialCallback: (network: string) => `/client/api/socials/callback/${encodeURIComponent(network)}/`,
    socialProfile: '/client/api/socials/profile/',
    changeEmail: '/client/api/change-email/request-change/',
    /** Opened from the confirmation e-mail; redirects to /profile?msg=… */
    changeEmailConfirm: (token: string) => `/client/api/change-email/confirm/${encodeURIComponent(token)}/`,
    /** Not in spec §7: the link e-mailed to the old address stops the change. */
    changeEmailCancel: '/client/api/change-email/cancel/',
  },
  profile: {
    root: '/api/client/profile/',
    status: '/api/client/profile/status/',
    // Issue 12.
    /** GET the `avatars` map, POST (multipart) a new image, DELETE back to initials. */
    avatar: '/api/client/profile/avatar/',
    /** POST subscribes to the newsletter, DELETE unsubscribes. */
    subscribe: '/api/client/profile/subscribe/',
    /** GET `{ is_need_show }` for the diploma half-price popup. */
    profilePopup: '/client/api/profile/profile-popup/',
    /** PATCH: the popup was dismissed (never shown again). */
    popup: '/api/client/profile/popup/',
    /** GET / POST the UI session store (spec §3 "Session"). */
    session: '/client/api/profile/session/',
    /** DELETE unlinks a social network (refused when it is the only way to sign in). */
    socialLink: (network: string) => `/client/api/socials/links/${encodeURIComponent(network)}/`,
    /** POST a phone callback request `{ phone, time }`. */
    callbacks: '/api/client/callbacks/',
  },
  /** Content (issue 12). */
  content: {
    /** GET `?answer=`: FAQ search. */
    faq: '/client/api/main/faq/',
    banners: '/client/api/main/banners/',
    space: (x: number | string) => `/client/api/landings/space/${encodeURIComponent(x)}/`,
    /** POST the title page's fields → a DOCX or a PDF (`format`). */
    titlePage: '/client/api/main/title_page/',
  },
  orders: {
    /** GET the list (`?tab=&page=&page_size=`); POST an order, or a draft with `is_fake: true`. */
    root: '/api/client/orders/',
    /** GET, PATCH (while editable), DELETE (to the trash). */
    byId: (id: number | string) => `/api/client/orders/${encodeURIComponent(id)}/`,
    restore: (id: number | string) => `/api/client/orders/${encodeURIComponent(id)}/restore/`,
    notEditable: (id: number | string) => `/api/client/orders/${encodeURIComponent(id)}/not-editable-order/`,
    /** GET one file of an order or a draft, always as an attachment. */
    fileDownload: (id: number | string, fileId: number | string) =>
      `/api/client/orders/${encodeURIComponent(id)}/files/${encodeURIComponent(fileId)}/download/`,
    /** The latest draft, or `?id=` a given one. */
    continue: '/api/client/orders/continue/',
    fake: (id: number | string) => `/api/client/orders/fake/${encodeURIComponent(id)}/`,
    fakeFiles: (id: number | string) => `/api/client/orders/fake/${encodeURIComponent(id)}/fake-files/`,
    deleteFakeFile: (id: number | string, fileId: number | string) =>
      `/api/client/orders/fake/${encodeURIComponent(id)}/delete-fake-file/${encodeURIComponent(fileId)}/`,
    ajaxFiles: '/api/client/orders/ajax-files/',
    deleteAjaxFile: (id: number | string) => `/api/client/orders/delete-ajax-file/${encodeURIComponent(id)}/`,
    calculateCost: '/api/client/orders/calculate-cost/',
    calculateDiscount: '/api/client/orders/calculate-discount/',
    /** `?id=`: data of the success and welcome screens. */
    success: '/api/client/orders/success/',
    welcome: '/api/client/orders/welcome/',
    // The order workspace (issue 9).
    /** GET the order's files (every group); POST (multipart) the customer's own. */
    files: (id: number | string) => `/api/client/orders/${encodeURIComponent(id)}/files/`,
    /** PATCH `{ is_reviewed: true }`. */
    file: (id: number | string, fileId: number | string) =>
      `/api/client/orders/${encodeURIComponent(id)}/files/${encodeURIComponent(fileId)}/`,
    /** GET an image or PDF inline, sandboxed (never HTML or SVG). */
    filePreview: (id: number | string, fileId: number | string) =>
      `/api/client/orders/${encodeURIComponent(id)}/files/${encodeURIComponent(fileId)}/preview/`,
    /** POST: the order's files as one zip, streamed. */
    downloadZip: (id: number | string) => `/api/client/orders/${encodeURIComponent(id)}/files/download-zip/`,
    reworks: (id: number | string) => `/api/client/orders/${encodeURIComponent(id)}/reworks/`,
    rework: (id: number | string, reworkId: number | string) =>
      `/api/client/orders/${encodeURIComponent(id)}/reworks/${encodeURIComponent(reworkId)}/`,
    /** GET the care requests; POST a new one. */
    care: (id: number | string) => `/api/client/orders/${encodeURIComponent(id)}/care/`,
    careRequest: (id: number | string, careId: number | string) =>
      `/api/client/orders/${encodeURIComponent(id)}/care/${encodeURIComponent(careId)}/`,
    careMessages: (id: number | string, careId: number | string) =>
      `/api/client/orders/${encodeURIComponent(id)}/care/${encodeURIComponent(careId)}/messages/`,
    timeline: (id: number | string) => `/api/client/orders/${encodeURIComponent(id)}/timeline/`,
    /** POST: the customer accepts the delivered work («Проверьте работу» → «Выполнен»). */
    accept: (id: number | string) => `/api/client/orders/${encodeURIComponent(id)}/accept/`,
    // The order chat (issue 10).
    /** GET the history (`ChatPageQuery`); POST a message (`ChatPostRequest`, idempotent on client_id). */
    messages: (id: number | string) => `/api/client/orders/${encodeURIComponent(id)}/messages/`,
    /** POST `{ up_to_id }`. */
    messagesRead: (id: number | string) => `/api/client/orders/${encodeURIComponent(id)}/messages/read/`,
  },
  /** Payments and money (issue 11, spec §7 "Payments"); every amount in kopecks. */
  payments: {
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
    verificateCode: (type: string) => `/api/client/payments/verificate-code/${encodeURIComponent(type)}/`,
    verificationStatus: (type: string) =>
      `/api/client/payments/verification-status/${encodeURIComponent(type)}/`,
    repayment: '/api/client/payments/repayment/',
    refundClaim: '/api/client/payments/refund-claim/',
    /** GET `?refund_sum=` (the plan), POST `{ refund_sum }` (execute). */
    refundStorno: '/api/client/payments/refund-storno/',
    refundRecipientCountries: '/api/client/payments/refund-recipient-countries/',
    refundExtra: '/api/client/payments/refund-extra/',
    packetWaiting: (id: number | string) =>
      `/api/client/payments/orders-packet-waiting/${encodeURIComponent(id)}/`,
    /** The provider's notifications (webhook); for `yookassa`, only from its published ranges. */
    notifications: (provider: string) => `/api/payments/notifications/${encodeURIComponent(provider)}/`,
    /** The test provider's bank page (`PAYMENTS_PROVIDER=test`): opened by the browser. */
    testBank: (payId: number | string) => `/test-bank/pay/${encodeURIComponent(payId)}/`,
  },
  /** GET: unread chat messages per order and in all (`ChatUnread`). */
  chatUnread: '/api/client/chat/unread/',
  /** Gift certificates (issue 13, spec §7 "Certificates"). */
  certificates: {
    /** GET `?status=active|trash&page=&page_size=` (`results, next, previous, count` + counters); POST buys one. */
    root: '/client/api/certificate/',
    one: (id: number | string) => `/client/api/certificate/${encodeURIComponent(id)}/`,
    /** GET: the certificate as a PDF with its code and value. */
    download: (id: number | string) => `/client/api/certificate/${encodeURIComponent(id)}/download/`,
    /** POST `{code, order_id?}`: redeem a code into the balance, or onto an order's payment. */
    redeem: '/client/api/certificate/redeem/',
  },
  /** Bonuses and friends (issue 13). */
  bonus: {
    /** GET: the bonus balance, the rules, the history and what expires when. */
    root: '/client/api/bonus/',
  },
  friends: {
    /** GET: the personal referral code and link, the invited friends and what they brought. */
    root: '/client/api/add-friend/',
    sendSms: '/client/api/add-friend/send-sms/',
    sendEmail: '/client/api/add-friend/send-email/',
  },
  /** The staff side (managers and authors); staff tokens only. */
  staff: {
    /** GET (manager): phone callback requests (issue 12); POST …/{id}/done/. */
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
    /** GET (manager) `?from=&to=`: which campaign and partner brought paid orders, and how much (issue 13). */
    attributionReport: '/api/staff/reports/attribution/',
  },
} as const;

/** The refresh-token cookie is sent only to these paths (refresh and logout). */
export const REFRESH_COOKIE_NAME = 'refresh_token';
export const REFRESH_COOKIE_PATH = '/api/client/auth/';
/** The staff refresh cookie: another name and path, so the two sessions never mix. */
export const STAFF_REFRESH_COOKIE_NAME = 'staff_refresh_token';
export const STAFF_REFRESH_COOKIE_PATH = '/api/staff/auth/';

/**
 * The one list of endpoints a visitor may call without an access token (route patterns as
 * the server registers them). Anything else under /api/ and /client/api/ requires a valid
 * bearer token: the server applies that rule to every route it registers.
 */
export const PUBLIC_ENDPOINTS: ReadonlyArray<{ method: string; path: string }> = [
  { method: 'GET', path: api.health },
  { method: 'GET', path: api.docs },
  { method: 'POST', path: api.auth.login },
  { method: 'POST', path: api.auth.loginVerify },
  { method: 'POST', path: api.auth.logout },
  { method: 'POST', path: api.auth.passwordChange },
  { method: 'PATCH', path: '/api/client/auth/password_change/:id/' },
  { method: 'POST', path: api.auth.refresh },
  { method: 'POST', path: api.auth.autoLogin },
  { method: 'POST', path: api.auth.emailConfirm },
  { method: 'GET', path: api.auth.socialLinks },
  { method: 'GET', path: '/client/api/socials/start/:network/' },
  { method: 'GET', path: '/client/api/socials/callback/:network/' },
  { method: 'POST', path: api.auth.socialProfile },
  { method: 'GET', path: '/client/api/change-email/confirm/:token/' },
  { method: 'POST', path: api.auth.changeEmailCancel },
  { method: 'POST', path: api.profile.root },
  // An avatar's image: an <img> sends no token; the name is random and new with every upload.
  { method: 'GET', path: `${api.profile.avatar}:file` },
  { method: 'GET', path: companyApi },
  { method: 'GET', path: countersApi },
  { method: 'POST', path: api.staff.login },
  { method: 'POST', path: api.staff.refresh },
  { method: 'POST', path: api.staff.logout },
  // The payment provider has no token: the route takes only its addresses and re-fetches what it says.
  { method: 'POST', path: api.payments.notifications('yookassa') },
];

export function isPublicEndpoint(method: string, path: string): boolean {
  const m = method === 'HEAD' ? 'GET' : method;
  return PUBLIC_ENDPOINTS.some((e) => e.method === m && e.path === path);
}
