import type { LoaderFunctionArgs } from 'react-router';
import { replace } from 'react-router';
import { isOrderTrashed, type TrashFlag } from '../features/orders/order-trash';
import { isVerificationPassed, type VerificationCheck } from '../features/payments/verification-passed';
import { ApiError } from '../shared/api/errors';
import { getAccessToken } from '../shared/auth/session';
import {
  AUTO_LOGIN_PARAM,
  loginHrefForVisitor,
  MESSAGE_PARAM,
  withoutParams,
} from '../shared/login-redirect';
import {
  HOME_TABS,
  PAYMENT_RESULT_STATUSES,
  paths,
  type HomeTab,
  type PaymentResultStatus,
} from '../shared/paths';
import { ensureStarted } from './startup';

export type GuardDecision = { kind: 'continue' } | { kind: 'redirect'; to: string };

const CONTINUE: GuardDecision = { kind: 'continue' };
const redirectTo = (to: string): GuardDecision => ({ kind: 'redirect', to });

/** Spec §6: public screens that customers may see too. */
const OPEN_TO_ALL: readonly string[] = [paths.notFound.path, paths.payment.path, paths.tooManyRequests.path];

function trimTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** `al` has done its work once start-up ran; it is dropped from the address. */
function dropAutoLogin(path: string, search: string): GuardDecision {
  return new URLSearchParams(search).has(AUTO_LOGIN_PARAM)
    ? redirectTo(path + withoutParams(search, [AUTO_LOGIN_PARAM]))
    : CONTINUE;
}

/** Spec §2/§6: cabinet routes need an access token; a visitor goes to /login with the way back. */
export function decideCabinetRoute(path: string, search: string, isAuthenticated: boolean): GuardDecision {
  if (!isAuthenticated) return redirectTo(loginHrefForVisitor(path, search));
  return dropAutoLogin(path, search);
}

/** Spec §6: a customer on a visitors' screen goes Home with `msg`, except on the screens open to all. */
export function decidePublicRoute(path: string, search: string, isAuthenticated: boolean): GuardDecision {
  if (isAuthenticated && !OPEN_TO_ALL.includes(trimTrailingSlash(path))) {
    return redirectTo(homeWithMessage(search));
  }
  return dropAutoLogin(path, search);
}

/** Spec §2: the root path leads Home, which for a visitor is /login without a redirect. */
export function decideRootRoute(search: string, isAuthenticated: boolean): GuardDecision {
  return redirectTo(isAuthenticated ? homeWithMessage(search) : loginHrefForVisitor(paths.root.path, search));
}

function homeWithMessage(search: string): string {
  return paths.home.getHref('active', new URLSearchParams(search).get(MESSAGE_PARAM) ?? undefined);
}

/** Spec §2: /home/{tab} only for the known counters; /home itself opens the default tab. */
export function decideHomeTab(tab: string | undefined): GuardDecision {
  if (tab === undefined) return redirectTo(paths.home.getHref());
  return (HOME_TABS as readonly string[]).includes(tab) ? CONTINUE : redirectTo(paths.notFound.path);
}

/** Spec §4: order and certificate guards send a missing id Home. */
export function decideRouteId(id: string | undefined): GuardDecision {
  return id ? CONTINUE : redirectTo(paths.home.getHref());
}

/** Spec §4: an order in the trash opens the archive tab instead. */
export function decideLoadedOrder(order: TrashFlag): GuardDecision {
  return isOrderTrashed(order) ? redirectTo(paths.home.getHref('archive')) : CONTINUE;
}

/** Spec §4/§8: withdrawal needs a passed verification for repayment, else the payout payments screen. */
export function decideWithdraw(status: VerificationCheck | undefined): GuardDecision {
  return status && isVerificationPassed(status) ? CONTINUE : redirectTo(paths.payments.getHref('balance'));
}

/** Spec §2/§5: /payment shows only `success` or `fail`; anything else is not found. */
export function parsePaymentResultStatus(search: string): PaymentResultStatus | null {
  const status = new URLSearchParams(search).get('status');
  return (PAYMENT_RESULT_STATUSES as readonly string[]).includes(status ?? '')
    ? (status as PaymentResultStatus)
    : null;
}

/** Spec §2/§5: the social e-mail screen needs a non-empty `token`. */
export function decideSocialsEmailAuth(search: string): GuardDecision {
  return new URLSearchParams(search).get('token')?.trim() ? CONTINUE : redirectTo(paths.notFound.path);
}

/** Spec §2: the default child of a section, keeping the query (for example `msg`). */
export function decideIndexRedirect(target: string, search: string): GuardDecision {
  return redirectTo(target + search);
}

// ---- Loaders: start-up first, then the decisions above; a redirect is thrown as `replace` so
// that Back does not land on the address that redirected. The data loaders import their feature
// APIs on demand: those parse with zod schemas, which the first screen (often /login) never needs.

function follow(decision: GuardDecision): void {
  if (decision.kind === 'redirect') throw replace(decision.to);
}

function isAuthenticated(): boolean {
  try {
    return getAccessToken() !== null;
  } catch {
    return false;
  }
}

async function requireStarted(request: Request): Promise<URL> {
  const url = new URL(request.url);
  const { ok } = await ensureStarted(url);
  if (!ok) throw replace(paths.error.getHref());
  return url;
}

/**
 * Every loader under the cabinet calls this first: loaders of nested routes run in parallel and
 * the deepest redirect wins, so a child must not load data for (or redirect) a visitor.
 */
async function requireCustomer(request: Request): Promise<URL> {
  const url = await requireStarted(request);
  follow(decideCabinetRoute(url.pathname, url.search, isAuthenticated()));
  return url;
}

function requireId(id: string | undefined): string {
  follow(decideRouteId(id));
  return id as string;
}

const notFound = () => replace(paths.notFound.path);

export async function rootLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = await requireStarted(request);
  follow(decideRootRoute(url.search, isAuthenticated()));
  return null;
}

export async function publicLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = await requireStarted(request);
  follow(decidePublicRoute(url.pathname, url.search, isAuthenticated()));
  return null;
}

export async function socialsEmailAuthLoader(args: LoaderFunctionArgs): Promise<null> {
  await publicLoader(args);
  follow(decideSocialsEmailAuth(new URL(args.request.url).search));
  return null;
}

type PaymentResultData = { status: PaymentResultStatus; authenticated: boolean };

export async function paymentResultLoader({ request }: LoaderFunctionArgs): Promise<PaymentResultData> {
  const url = await requireStarted(request);
  const status = parsePaymentResultStatus(url.search);
  if (!status) throw notFound();
  return { status, authenticated: isAuthenticated() };
}

export async function cabinetLoader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireCustomer(request);
  return null;
}

/** `/home`, `/order/{id}`, `/payments`: open the default child. */
export function indexRedirectLoader(target: (params: LoaderFunctionArgs['params']) => string) {
  return async ({ request, params }: LoaderFunctionArgs): Promise<null> => {
    const url = await requireCustomer(request);
    follow(decideIndexRedirect(target(params), url.search));
    return null;
  };
}

export async function homeTabLoader({ request, params }: LoaderFunctionArgs): Promise<{ tab: HomeTab }> {
  await requireCustomer(request);
  follow(decideHomeTab(params.tab));
  return { tab: params.tab as HomeTab };
}

export async function orderLoader({ request, params }: LoaderFunctionArgs): Promise<null> {
  await requireCustomer(request);
  const id = requireId(params.id);
  let order: TrashFlag;
  const { loadOrderForRoute } = await import('../features/orders/api');
  try {
    order = await loadOrderForRoute(id);
  } catch (error) {
    // No answer at all (offline, a reload served by the service worker: ADR 045): the workspace
    // shows its own loading state under «Нет соединения» instead of a 404 the order is not.
    if (error instanceof ApiError && error.kind === 'no-response') return null;
    throw notFound();
  }
  follow(decideLoadedOrder(order));
  return null;
}

export async function certificateLoader({ request, params }: LoaderFunctionArgs): Promise<null> {
  await requireCustomer(request);
  const id = requireId(params.id);
  const { loadCertificateForRoute } = await import('../features/certificates/api');
  try {
    await loadCertificateForRoute(id);
  } catch {
    throw notFound();
  }
  return null;
}

export async function spaceLoader({ request, params }: LoaderFunctionArgs): Promise<null> {
  await requireCustomer(request);
  const id = requireId(params.id);
  const { loadSpaceForRoute } = await import('../features/content/api');
  try {
    await loadSpaceForRoute(id);
  } catch {
    throw notFound();
  }
  return null;
}

export async function withdrawLoader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireCustomer(request);
  let status: VerificationCheck | undefined;
  const { loadVerificationStatus } = await import('../features/payments/api');
  try {
    status = await loadVerificationStatus('repayment');
  } catch {
    status = undefined;
  }
  follow(decideWithdraw(status));
  return null;
}

export function unknownPathLoader(): never {
  throw notFound();
}
