import type { ComponentType } from 'react';
import type { RouteObject, ShouldRevalidateFunction } from 'react-router';
import { createBrowserRouter } from 'react-router';
import { setNavigator } from '../shared/navigation';
import { ORDER_TABS, PAYMENTS_TABS, paths, type OrderTab, type PaymentsTab } from '../shared/paths';
import type { RouteHandle } from '../shared/route-handle';
import LoginPage from '../features/auth/routes/login-page';
import { AppErrorPage } from './error-pages';
import type * as ErrorRoutes from './error-routes';
import {
  cabinetLoader,
  certificateLoader,
  homeTabLoader,
  indexRedirectLoader,
  orderLoader,
  paymentResultLoader,
  publicLoader,
  rootLoader,
  socialsEmailAuthLoader,
  spaceLoader,
  unknownPathLoader,
  withdrawLoader,
} from './guards';
import PublicLayout from './layouts/public-layout';
import { lazyScreen as screen } from './lazy-screen';
import { titles } from './messages';
import { BootFallback, RootLayout } from './root-layout';
import { staffRoutes } from './staff-routes';

/** /404 and /429: a chunk of their own (error-routes.tsx), out of the first visit's script. */
const errorRoute = (pick: (module: typeof ErrorRoutes) => ComponentType) =>
  screen(() => import('./error-routes').then((module) => ({ default: pick(module) })));

/** Routes that only redirect render nothing; `element: null` says so (and keeps the router from warning). */
const redirectOnly = { element: null } as const;

const handle = (title: string, flags: Omit<RouteHandle, 'title'> = {}): RouteHandle => ({ title, ...flags });

/** The money screens: paying, topping up, the balance, withdrawing, bonuses, certificates. */
const money = { money: true } as const;

/** Layout guards decide on the path, so they run again whenever the path changes within the layout. */
const revalidateOnPathChange: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

const orderTabTitles: Record<OrderTab, string> = {
  chat: titles.orderChat,
  files: titles.orderFiles,
  care: titles.orderCare,
  reworks: titles.orderReworks,
};

const orderTabScreens: Record<OrderTab, ReturnType<typeof screen>> = {
  chat: screen(() => import('../features/order-chat/routes/chat-tab')),
  files: screen(() => import('../features/order-workspace/routes/files-tab')),
  care: screen(() => import('../features/order-workspace/routes/care-tab')),
  reworks: screen(() => import('../features/order-workspace/routes/reworks-tab')),
};

const paymentsTabScreens = {
  balance: screen(() => import('../features/payments/routes/balance-tab')),
  pay: screen(() => import('../features/payments/routes/waiting-tab')),
  replenish: screen(() => import('../features/payments/routes/replenish-tab')),
  history: screen(() => import('../features/payments/routes/history-tab')),
} satisfies Record<PaymentsTab, unknown>;

const paymentsTabTitles: Record<PaymentsTab, string> = {
  balance: titles.paymentsBalance,
  pay: titles.paymentsPay,
  replenish: titles.paymentsReplenish,
  history: titles.paymentsHistory,
};

/** THE route table: every path of spec §2 with its layout and its guard (app/guards.ts). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <AppErrorPage />,
    hydrateFallbackElement: <BootFallback />,
    children: [
      { path: paths.root.path, loader: rootLoader, ...redirectOnly },

      // Error pages: open to everyone, outside the layouts.
      { path: paths.error.path, element: <AppErrorPage />, handle: handle(titles.error) },
      { path: paths.notFound.path, lazy: errorRoute((m) => m.NotFoundPage), handle: handle(titles.notFound) },
      {
        path: paths.tooManyRequests.path,
        lazy: errorRoute((m) => m.TooManyRequestsPage),
        handle: handle(titles.tooManyRequests),
      },

      // Public layout: visitors only, except /payment (open to all, decided by the guard).
      {
        // In the entry, with the login screen: every visit without a session starts here.
        Component: PublicLayout,
        loader: publicLoader,
        shouldRevalidate: revalidateOnPathChange,
        children: [
          {
            path: paths.login.path,
            Component: LoginPage,
            handle: handle(titles.login),
          },
          {
            path: paths.registration.path,
            lazy: screen(() => import('../features/auth/routes/registration-page')),
            handle: handle(titles.registration),
          },
          {
            path: paths.restore.path,
            lazy: screen(() => import('../features/auth/routes/restore-page')),
            handle: handle(titles.restore),
          },
          {
            path: paths.changePassword.path,
            lazy: screen(() => import('../features/auth/routes/change-password-page')),
            handle: handle(titles.changePassword),
          },
          {
            path: paths.socialsEmailAuth.path,
            loader: socialsEmailAuthLoader,
            lazy: screen(() => import('../features/auth/routes/socials-email-auth-page')),
            handle: handle(titles.socialsEmailAuth),
          },
          {
            path: paths.payment.path,
            loader: paymentResultLoader,
            lazy: screen(() => import('../features/payments/routes/payment-result-page')),
            handle: handle(titles.payment, money),
          },
        ],
      },

      // Public documents and e-mailed links: open to visitors and customers.
      {
        lazy: screen(() => import('./layouts/document-layout')),
        children: [
          {
            path: paths.documents.userAgreement.path,
            lazy: screen(() => import('../features/documents/routes/user-agreement-page')),
            handle: handle(titles.userAgreement),
          },
          {
            path: paths.documents.serviceContract.path,
            lazy: screen(() => import('../features/documents/routes/service-contract-page')),
            handle: handle(titles.serviceContract),
          },
          {
            path: paths.documents.privacyPolicy.path,
            lazy: screen(() => import('../features/documents/routes/privacy-policy-page')),
            handle: handle(titles.privacyPolicy),
          },
          // E-mailed links: a visitor or a customer may open them.
          {
            path: paths.emailConfirm.path,
            lazy: screen(() => import('../features/auth/routes/email-confirm-page')),
            handle: handle(titles.emailConfirm),
          },
          {
            path: paths.emailChangeCancel.path,
            lazy: screen(() => import('../features/profile/routes/email-change-cancel-page')),
            handle: handle(titles.emailChangeCancel),
          },
          {
            path: paths.registrationCancel.path,
            lazy: screen(() => import('../features/auth/routes/registration-cancel-page')),
            handle: handle(titles.registrationCancel),
          },
        ],
      },

      // Sign-out: at once from the app's own «Выйти», after a question when opened from elsewhere.
      {
        path: paths.logout.path,
        lazy: screen(() => import('../features/auth/routes/logout-page')),
        handle: handle(titles.logout),
      },

      // Cabinet layout: customers only.
      {
        lazy: screen(() => import('./layouts/cabinet-layout')),
        loader: cabinetLoader,
        shouldRevalidate: revalidateOnPathChange,
        children: [
          { path: paths.home.path, loader: indexRedirectLoader(() => paths.home.getHref()), ...redirectOnly },
          {
            path: paths.home.tabPath,
            loader: homeTabLoader,
            lazy: screen(() => import('../features/orders/routes/orders-list-page')),
            handle: handle(titles.home),
          },
          {
            // Addresses people guess for the orders list (/orders, /orders/done): its tabs live under /home.
            path: '/orders/:tab?',
            loader: indexRedirectLoader((params) => `/home/${params.tab ?? 'active'}`),
            ...redirectOnly,
          },
          {
            path: paths.space.path,
            loader: spaceLoader,
            lazy: screen(() => import('../features/content/routes/space-page')),
            handle: handle(titles.space, { hideSidebar: true }),
          },
          {
            path: paths.order.path,
            loader: orderLoader,
            children: [
              {
                index: true,
                loader: indexRedirectLoader((params) => paths.order.getHref(params.id ?? '')),
                ...redirectOnly,
              },
              {
                // The workspace: the order's header, tabs and timeline around each tab's screen.
                lazy: screen(() => import('../features/order-workspace/routes/workspace-layout')),
                children: ORDER_TABS.map((tab) => ({
                  path: tab,
                  lazy: orderTabScreens[tab],
                  handle: handle(orderTabTitles[tab]),
                })),
              },
              {
                path: paths.order.pay.path,
                lazy: screen(() => import('../features/payments/routes/order-pay-page')),
                handle: handle(titles.orderPay, money),
              },
              {
                path: paths.order.tip.path,
                lazy: screen(() => import('../features/payments/routes/order-tip-page')),
                handle: handle(titles.orderTip, money),
              },
              {
                path: paths.order.edit.path,
                lazy: screen(() => import('../features/order-form/routes/order-edit-page')),
                handle: handle(titles.orderEdit),
              },
              {
                path: paths.order.welcome.path,
                lazy: screen(() => import('../features/orders/routes/order-welcome-page')),
                handle: handle(titles.orderWelcome),
              },
              {
                path: paths.order.success.path,
                lazy: screen(() => import('../features/orders/routes/order-success-page')),
                handle: handle(titles.orderSuccess, { firstOrder: true }),
              },
            ],
          },
          {
            path: paths.payPacket.path,
            lazy: screen(() => import('../features/payments/routes/packet-pay-page')),
            handle: handle(titles.payPacket, money),
          },
          {
            path: paths.author.path,
            lazy: screen(() => import('../features/authors/routes/author-page')),
            handle: handle(titles.author),
          },
          {
            path: paths.orderNew.path,
            lazy: screen(() => import('../features/order-form/routes/order-new-page')),
            handle: handle(titles.orderNew),
          },
          {
            path: paths.orderContinue.path,
            lazy: screen(() => import('../features/order-form/routes/order-continue-page')),
            handle: handle(titles.orderContinue, { hideSidebar: true }),
          },
          {
            path: paths.orderContinue.byIdPath,
            lazy: screen(() => import('../features/order-form/routes/order-continue-page')),
            handle: handle(titles.orderContinue, { hideSidebar: true }),
          },
          {
            path: paths.payments.path,
            // The section's tabs around each tab's screen.
            lazy: screen(() => import('../features/payments/routes/payments-layout')),
            children: [
              {
                index: true,
                loader: indexRedirectLoader(() => paths.payments.getHref('pay')),
                ...redirectOnly,
              },
              ...PAYMENTS_TABS.map((tab) => ({
                path: tab,
                lazy: paymentsTabScreens[tab],
                handle: handle(paymentsTabTitles[tab], money),
              })),
            ],
          },
          {
            path: paths.profile.path,
            lazy: screen(() => import('../features/profile/routes/profile-page')),
            handle: handle(titles.profile),
          },
          {
            path: paths.emailEdit.path,
            lazy: screen(() => import('../features/profile/routes/email-edit-page')),
            handle: handle(titles.emailEdit),
          },
          {
            path: paths.friend.path,
            lazy: screen(() => import('../features/referrals/routes/friend-page')),
            handle: handle(titles.friend),
          },
          {
            path: paths.bonus.path,
            lazy: screen(() => import('../features/referrals/routes/bonus-page')),
            handle: handle(titles.bonus, money),
          },
          {
            path: paths.withdraw.path,
            loader: withdrawLoader,
            lazy: screen(() => import('../features/payments/routes/withdraw-page')),
            handle: handle(titles.withdraw, money),
          },
          {
            path: paths.certificates.path,
            lazy: screen(() => import('../features/certificates/routes/certificates-page')),
            handle: handle(titles.certificates, money),
          },
          {
            path: paths.certificatesTerms.path,
            lazy: screen(() => import('../features/certificates/routes/terms-page')),
            handle: handle(titles.certificatesTerms),
          },
          {
            path: paths.certificate.path,
            loader: certificateLoader,
            children: [
              {
                index: true,
                lazy: screen(() => import('../features/certificates/routes/certificate-page')),
                handle: handle(titles.certificate, money),
              },
              {
                path: paths.certificate.pay.path,
                lazy: screen(() => import('../features/payments/routes/certificate-pay-page')),
                handle: handle(titles.certificatePay, money),
              },
              {
                path: paths.certificate.success.path,
                lazy: screen(() => import('../features/certificates/routes/certificate-success-page')),
                handle: handle(titles.certificateSuccess, money),
              },
            ],
          },
        ],
      },

      // The staff section: its own guard and layout (staff-routes.tsx).
      ...staffRoutes,

      { path: '*', loader: unknownPathLoader, ...redirectOnly },
    ],
  },
];

type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Lets the API client navigate through the router (forced logout, 429). During a navigation the
 * way back is where the user was going, not the screen being left.
 */
export function registerNavigator(router: Pick<AppRouter, 'navigate' | 'state'>): void {
  setNavigator({
    navigate: (to) => void router.navigate(to, { replace: true }),
    location: () => router.state.navigation.location ?? router.state.location,
  });
}

export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(routes);
  registerNavigator(router);
  return router;
}
