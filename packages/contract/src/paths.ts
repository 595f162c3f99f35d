import { route } from './common/route';

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
    passwordChangeById: route('/api/client/auth/password_change/:id/'),
    refresh: '/api/client/auth/token/refresh/',
    autoLogin: '/api/client/auth/al/',
    /** Not in spec §7: the e-mailed confirmation links (registration, social e-mail step) post here. */
    emailConfirm: '/api/client/auth/email_confirm/',
    /** Not in spec §7: the registration mail's «not me» link deletes an account whose address nobody proved. */
    registrationCancel: '/api/client/auth/registration_cancel/',
    socialLinks: '/client/api/socials/links/',
    /** Opened by the browser (a link, not a fetch): redirects to the provider. */
    socialStart: route('/client/api/socials/start/:network/'),
    /** The provider redirects the browser here; it redirects on to the web app. */
    socialCallback: route('/client/api/socials/callback/:network/'),
    socialProfile: '/client/api/socials/profile/',
    changeEmail: '/client/api/change-email/request-change/',
    /** Opened from the confirmation e-mail; redirects to /profile?msg=… */
    changeEmailConfirm: route('/client/api/change-email/confirm/:token/'),
    /** Not in spec §7: the link e-mailed to the old address stops the change. */
    changeEmailCancel: '/client/api/change-email/cancel/',
  },
  profile: {
    root: '/api/client/profile/',
    status: '/api/client/profile/status/',
    /** GET the `avatars` map, POST (multipart) a new image, DELETE back to initials. */
    avatar: '/api/client/profile/avatar/',
    /** POST subscribes to the newsletter, DELETE unsubscribes. */
    subscribe: '/api/client/profile/subscribe/',
    /** Not in spec §7: GET / PATCH the channels per event kind (ADR 044). */
    notifications: '/api/client/profile/notifications/',
    /** GET `{ is_need_show }` for the diploma half-price popup. */
    profilePopup: '/client/api/profile/profile-popup/',
    /** PATCH: the popup was dismissed (never shown again). */
    popup: '/api/client/profile/popup/',
    /** GET / POST the UI session store (spec §3 "Session"). */
    session: '/client/api/profile/session/',
    /** DELETE unlinks a social network (refused when it is the only way to sign in). */
    socialLink: route('/client/api/socials/links/:network/'),
    /** POST a phone callback request `{ phone, time }`. */
    callbacks: '/api/client/callbacks/',
  },
  /** Not in spec §7: Telegram notifications (ADR 046). */
  telegram: {
    /** GET the state, POST a new deep link (`{ url, expires_at }`), DELETE unlinks. */
    link: '/api/client/profile/telegram/',
    /** POST: the bot's webhook, called by Telegram with its secret-token header. */
    webhook: '/api/telegram/webhook/',
  },
  /** Not in spec §7: web push (ADR 044). */
  push: {
    /** GET `{ key }`: the VAPID public key the browser subscribes with. */
    vapidPublicKey: '/api/client/push/vapid-public-key/',
    /** POST a subscription, DELETE one by `{ endpoint }`. */
    subscriptions: '/api/client/push/subscriptions/',
  },
  /** Content. */
  content: {
    /** GET `?answer=`: FAQ search. */
    faq: '/client/api/main/faq/',
    banners: '/client/api/main/banners/',
    space: route('/client/api/landings/space/:x/'),
    /** POST the title page's fields → a DOCX or a PDF (`format`). */
    titlePage: '/client/api/main/title_page/',
  },
  orders: {
    /** GET the list (`?tab=&page=&page_size=`); POST an order, or a draft with `is_fake: true`. */
    root: '/api/client/orders/',
    /** GET, PATCH (while editable), DELETE (to the trash). */
    byId: route('/api/client/orders/:id/'),
    restore: route('/api/client/orders/:id/restore/'),
    notEditable: route('/api/client/orders/:id/not-editable-order/'),
    /** GET one file of an order or a draft, always as an attachment. */
    fileDownload: route('/api/client/orders/:id/files/:fileId/download/'),
    /** The latest draft, or `?id=` a given one. */
    continue: '/api/client/orders/continue/',
    /** GET the customer's drafts (an empty list when there is none). */
    drafts: '/api/client/orders/fake/',
    /** GET, PATCH (saved as the form is filled) and DELETE a draft. */
    fake: route('/api/client/orders/fake/:id/'),
    fakeFiles: route('/api/client/orders/fake/:id/fake-files/'),
    deleteFakeFile: route('/api/client/orders/fake/:id/delete-fake-file/:fileId/'),
    ajaxFiles: '/api/client/orders/ajax-files/',
    deleteAjaxFile: route('/api/client/orders/delete-ajax-file/:fileId/'),
    calculateCost: '/api/client/orders/calculate-cost/',
    calculateDiscount: '/api/client/orders/calculate-discount/',
    /** `?id=`: data of the success and welcome screens. */
    success: '/api/client/orders/success/',
    welcome: '/api/client/orders/welcome/',
    // The order workspace.
    /** GET the order's files (every group); POST (multipart) the customer's own. */
    files: route('/api/client/orders/:id/files/'),
    /** PATCH `{ is_reviewed: true }`. */
    file: route('/api/client/orders/:id/files/:fileId/'),
    /** GET an image or PDF inline, sandboxed (never HTML or SVG). */
    filePreview: route('/api/client/orders/:id/files/:fileId/preview/'),
    /** POST: the order's files as one zip, streamed. */
    downloadZip: route('/api/client/orders/:id/files/download-zip/'),
    reworks: route('/api/client/orders/:id/reworks/'),
    rework: route('/api/client/orders/:id/reworks/:request/'),
    /** GET the care requests; POST a new one. */
    care: route('/api/client/orders/:id/care/'),
    careRequest: route('/api/client/orders/:id/care/:request/'),
    careMessages: route('/api/client/orders/:id/care/:request/messages/'),
    timeline: route('/api/client/orders/:id/timeline/'),
    /** POST: the customer accepts the delivered work («Проверьте работу» → «Выполнен»). */
    accept: route('/api/client/orders/:id/accept/'),
    // The order chat.
    /** GET the history (`ChatPageQuery`); POST a message (`ChatPostRequest`, idempotent on client_id). */
    messages: route('/api/client/orders/:id/messages/'),
    /** POST `{ up_to_id }`. */
    messagesRead: route('/api/client/orders/:id/messages/read/'),
    /** GET the customer's review of the order's author (`OrderReviewState`); POST writes or edits it. */
    review: route('/api/client/orders/:id/review/'),
  },
  /** GET `?page=`: an author's profile and reviews (`AuthorProfile`), for a customer they worked for. */
  authors: { byId: route('/api/client/authors/:id/') },
  /** GET: unread chat messages per order and in all (`ChatUnread`). */
  chatUnread: '/api/client/chat/unread/',
  /** Gift certificates (spec §7 "Certificates"). */
  certificates: {
    /** GET `?status=active|trash&page=&page_size=` (`results, next, previous, count` + counters); POST buys one. */
    root: '/client/api/certificate/',
    one: route('/client/api/certificate/:id/'),
    /** GET: the certificate as a PDF with its code and value. */
    download: route('/client/api/certificate/:id/download/'),
    /** POST `{code, order_id?}`: redeem a code into the balance, or onto an order's payment. */
    redeem: '/client/api/certificate/redeem/',
  },
  /** Bonuses and friends. */
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
} as const;

/** The refresh-token cookie is sent only to these paths (refresh and logout). */
export const REFRESH_COOKIE_NAME = 'refresh_token';
export const REFRESH_COOKIE_PATH = '/api/client/auth/';
/** The staff refresh cookie: another name and path, so the two sessions never mix. */
export const STAFF_REFRESH_COOKIE_NAME = 'staff_refresh_token';
export const STAFF_REFRESH_COOKIE_PATH = '/api/staff/auth/';
