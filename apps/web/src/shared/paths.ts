import { LOGIN_PATH, MESSAGE_PARAM, REDIRECT_PARAM } from './login-redirect';

/** Orders-list tabs: the counters of spec §2 (default active). */
export const HOME_TABS = ['active', 'archive', 'done'] as const;
export type HomeTab = (typeof HOME_TABS)[number];

/** Tabs of the order workspace (spec §2). */
export const ORDER_TABS = ['chat', 'files', 'care', 'reworks'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

/** Tabs of the payments section (spec §2; `/payments` opens `pay`). */
export const PAYMENTS_TABS = ['balance', 'pay', 'replenish', 'history'] as const;
export type PaymentsTab = (typeof PAYMENTS_TABS)[number];

/** Payment result statuses the /payment screen accepts (spec §9). */
export const PAYMENT_RESULT_STATUSES = ['success', 'fail'] as const;
export type PaymentResultStatus = (typeof PAYMENT_RESULT_STATUSES)[number];

const enc = encodeURIComponent;

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Every screen address of spec §2, so that no component spells a URL. */
export const paths = {
  root: { path: '/', getHref: () => '/' },
  notFound: { path: '/404', getHref: () => '/404' },
  tooManyRequests: { path: '/429', getHref: () => '/429' },
  error: { path: '/error', getHref: () => '/error' },

  login: {
    path: LOGIN_PATH,
    getHref: (redirect?: string) => withQuery(LOGIN_PATH, { [REDIRECT_PARAM]: redirect }),
  },
  registration: { path: '/registration', getHref: () => '/registration' },
  restore: { path: '/restore', getHref: () => '/restore' },
  changePassword: { path: '/change-password/:id', getHref: (id: string) => `/change-password/${enc(id)}/` },
  socialsEmailAuth: {
    path: '/socials-email-auth',
    getHref: (token: string) => withQuery('/socials-email-auth', { token }),
  },
  logout: { path: '/logout', getHref: () => '/logout' },
  /** Not in spec §2: e-mailed links land here (the server builds the same addresses). */
  emailConfirm: { path: '/email-confirm' },
  emailChangeCancel: { path: '/email-change-cancel' },
  registrationCancel: { path: '/registration-cancel' },

  home: {
    path: '/home',
    tabPath: '/home/:tab',
    getHref: (tab: HomeTab = 'active', msg?: string) => withQuery(`/home/${tab}`, { [MESSAGE_PARAM]: msg }),
  },
  space: { path: '/space/:id', getHref: (id: string | number) => `/space/${enc(id)}` },
  order: {
    path: '/order/:id',
    getHref: (id: string | number, tab: OrderTab = 'chat') => `/order/${enc(id)}/${tab}`,
    pay: { path: 'pay', getHref: (id: string | number) => `/order/${enc(id)}/pay` },
    tip: {
      path: 'tip',
      getHref: (id: string | number, tip?: number | string) => withQuery(`/order/${enc(id)}/tip`, { tip }),
    },
    edit: { path: 'edit', getHref: (id: string | number) => `/order/${enc(id)}/edit` },
    welcome: {
      path: 'welcome',
      getHref: (id: string | number, source?: string) => withQuery(`/order/${enc(id)}/welcome`, { source }),
    },
    success: {
      path: 'success',
      getHref: (id: string | number, source?: string) => withQuery(`/order/${enc(id)}/success`, { source }),
    },
  },
  payPacket: { path: '/pay-packet/:id', getHref: (id: string | number) => `/pay-packet/${enc(id)}` },
  /** Not in spec §2: an order's author, their rating and reviews (linked from the order's header). */
  author: { path: '/author/:id', getHref: (id: string | number) => `/author/${enc(id)}` },
  orderNew: { path: '/order-new', getHref: () => '/order-new' },
  orderContinue: {
    path: '/order-continue',
    byIdPath: '/order-continue/:id',
    getHref: (id?: string | number) => (id === undefined ? '/order-continue' : `/order-continue/${enc(id)}`),
  },
  payments: {
    path: '/payments',
    getHref: (tab: PaymentsTab = 'pay') => `/payments/${tab}`,
  },
  profile: { path: '/profile', getHref: () => '/profile' },
  emailEdit: { path: '/email-edit', getHref: () => '/email-edit' },
  friend: { path: '/friend', getHref: () => '/friend' },
  bonus: { path: '/bonus', getHref: () => '/bonus' },
  withdraw: {
    path: '/withdraw',
    getHref: (amountInit?: number | string) => withQuery('/withdraw', { amountInit }),
  },
  /** The certificates list (spec §2 names no route for it: docs/decisions/020-certificates-route.md). */
  certificates: { path: '/certificates', getHref: () => '/certificates' },
  certificatesTerms: {
    path: '/certificates-terms-of-composable',
    getHref: () => '/certificates-terms-of-composable',
  },
  certificate: {
    path: '/certificate/:id',
    getHref: (id: string | number) => `/certificate/${enc(id)}`,
    pay: { path: 'pay', getHref: (id: string | number) => `/certificate/${enc(id)}/pay` },
    success: {
      path: 'success',
      getHref: (id: string | number, source?: string) =>
        withQuery(`/certificate/${enc(id)}/success`, { source }),
    },
  },
  payment: {
    path: '/payment',
    /** `payId`: the payment the screen names (its lookup, `paymentsApi.result`). */
    getHref: (status: PaymentResultStatus, payId?: number) =>
      withQuery('/payment', { status, pay_id: payId }),
  },

  /** The staff section (managers and authors); not in spec §2 (ADR 016). */
  staff: {
    root: { path: '/staff', getHref: () => '/staff' },
    login: {
      path: '/staff/login',
      getHref: (redirect?: string) => withQuery('/staff/login', { [REDIRECT_PARAM]: redirect }),
    },
    logout: { path: '/staff/logout', getHref: () => '/staff/logout' },
    orders: {
      path: '/staff/orders',
      /** `search` is the queue's filters as a query string (features/staff-orders/queue-filters.ts). */
      getHref: (search = '') => (search ? `/staff/orders?${search.replace(/^\?/, '')}` : '/staff/orders'),
    },
    order: { path: '/staff/orders/:id', getHref: (id: string | number) => `/staff/orders/${enc(id)}` },
    care: {
      path: '/staff/care',
      getHref: (state?: string) => withQuery('/staff/care', { state }),
    },
    /** Refund claims a manager decides. */
    refunds: { path: '/staff/refunds', getHref: () => '/staff/refunds' },
    /** Phone callback requests a manager works through. */
    callbacks: { path: '/staff/callbacks', getHref: () => '/staff/callbacks' },
    /** One's own «О себе», subjects and reviews. */
    profile: { path: '/staff/profile', getHref: () => '/staff/profile' },
    /** An author's reviews, which a manager may hide. */
    author: { path: '/staff/authors/:id', getHref: (id: string | number) => `/staff/authors/${enc(id)}` },
    /** Which campaigns and partners brought orders and money, `?from=&to=`. */
    attributionReport: {
      path: '/staff/reports/attribution',
      getHref: (from?: string, to?: string) => withQuery('/staff/reports/attribution', { from, to }),
    },
  },

  documents: {
    userAgreement: { path: '/documents/user-agreement', getHref: () => '/documents/user-agreement' },
    serviceContract: { path: '/documents/service-contract', getHref: () => '/documents/service-contract' },
    privacyPolicy: { path: '/documents/privacy-policy', getHref: () => '/documents/privacy-policy' },
  },
} as const;
