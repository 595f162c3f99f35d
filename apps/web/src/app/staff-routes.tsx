import type { ComponentType } from 'react';
import type { ActionFunction, LoaderFunction, RouteObject, ShouldRevalidateFunction } from 'react-router';
import { markChunkLoadFailed } from '../shared/chunk-load';
import { paths } from '../shared/paths';
import type { RouteHandle } from '../shared/route-handle';
import type * as StaffLoaders from '../features/staff-auth/loaders';
import { titles } from './messages';

type Loaders = typeof StaffLoaders;

/** A staff screen, and the action of its route when it has one. */
type ScreenModule = { default: ComponentType; action?: ActionFunction };

/**
 * A staff route whose screen, action AND guard load on demand: a customer's entry chunk holds only
 * this table, none of the staff code. A failed download opens the reload modal (as lazyScreen does).
 */
function staffRoute(
  pickLoader: ((loaders: Loaders) => LoaderFunction) | null,
  screen?: () => Promise<ScreenModule>,
) {
  return async () => {
    try {
      const [loaders, module] = await Promise.all([
        pickLoader ? import('../features/staff-auth/loaders') : null,
        screen?.(),
      ]);
      return {
        ...(loaders && pickLoader ? { loader: pickLoader(loaders) } : {}),
        ...(module ? { Component: module.default } : { element: null }),
        ...(module?.action ? { action: module.action } : {}),
      };
    } catch {
      markChunkLoadFailed();
      return { element: null };
    }
  };
}

const handle = (title: string): RouteHandle => ({ title });

/** The layout guard decides on the path, so it runs again whenever the path changes. */
const revalidateOnPathChange: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

/**
 * The staff section (`/staff`, managers and authors): its own guard, layout and lazy screens, so
 * that a customer's first visit downloads none of it. Composed into THE route table by router.tsx.
 */
export const staffRoutes: RouteObject[] = [
  { path: paths.staff.root.path, lazy: staffRoute((l) => l.staffIndexLoader) },
  {
    path: paths.staff.login.path,
    lazy: staffRoute(
      (l) => l.staffLoginLoader,
      () => import('../features/staff-auth/routes/staff-login-page'),
    ),
    handle: handle(titles.staffLogin),
  },
  // Sign-out: at once from the frame's «Выйти», after a question when opened from elsewhere.
  {
    path: paths.staff.logout.path,
    lazy: staffRoute(
      (l) => l.staffLogoutLoader,
      () => import('../features/staff-auth/routes/staff-logout-page'),
    ),
    handle: handle(titles.staffLogout),
  },
  {
    lazy: staffRoute(
      (l) => l.staffLayoutLoader,
      () => import('../features/staff-auth/routes/staff-layout'),
    ),
    shouldRevalidate: revalidateOnPathChange,
    children: [
      {
        path: paths.staff.orders.path,
        lazy: staffRoute(null, () => import('../features/staff-orders/routes/queue-page')),
        handle: handle(titles.staffOrders),
      },
      {
        path: paths.staff.order.path,
        lazy: staffRoute(null, () => import('./staff-order-screen')),
        handle: handle(titles.staffOrder),
      },
      {
        path: paths.staff.care.path,
        lazy: staffRoute(
          (l) => l.managerLoader,
          () => import('../features/staff-orders/routes/care-queue-page'),
        ),
        handle: handle(titles.staffCare),
      },
      {
        path: paths.staff.refunds.path,
        lazy: staffRoute(
          (l) => l.managerLoader,
          () => import('../features/staff-orders/routes/refund-claims-page'),
        ),
        handle: handle(titles.staffRefunds),
      },
      {
        path: paths.staff.callbacks.path,
        lazy: staffRoute(
          (l) => l.managerLoader,
          () => import('../features/staff-orders/routes/callbacks-page'),
        ),
        handle: handle(titles.staffCallbacks),
      },
      {
        path: paths.staff.profile.path,
        lazy: staffRoute(null, () => import('../features/staff-authors/routes/staff-profile-page')),
        handle: handle(titles.staffProfile),
      },
      {
        path: paths.staff.author.path,
        lazy: staffRoute(
          (l) => l.managerLoader,
          () => import('../features/staff-authors/routes/staff-author-page'),
        ),
        handle: handle(titles.staffAuthor),
      },
      {
        path: paths.staff.attributionReport.path,
        lazy: staffRoute(
          (l) => l.managerLoader,
          () => import('../features/staff-reports/routes/attribution-report-page'),
        ),
        handle: handle(titles.staffAttributionReport),
      },
    ],
  },
];
