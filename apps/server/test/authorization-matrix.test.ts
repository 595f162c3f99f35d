import {
  OrderStatusId,
  api,
  authMessages,
  isPublicEndpoint,
  paymentsApi,
  staffApi,
  staffMessages,
  type WorkType,
} from '@cabinet/contract';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/index';
import { ensureInvoices } from '../src/modules/payments/invoices';
import type { TestApp } from './helpers';
import { multipart, orderBody, placeOrder, samples, setStatus, workTypes } from './orders-fixtures';
import {
  awaitingOrder,
  awaitingPacket,
  buildPaymentsApp,
  idemKey,
  payCustomer,
  type PayCustomer,
} from './payments-fixtures';
import { createStaff, payInDb, type TestStaff } from './staff-fixtures';

/**
 * The authorisation matrix, generated from the OpenAPI document: every operation the document
 * lists (and every API route it hides) must have its access decided here or in the contract's
 * PUBLIC_ENDPOINTS, the one list of what a visitor may call. A new endpoint with no decision fails
 * the first test, by name. What each class is checked for:
 * - visitor (PUBLIC_ENDPOINTS): answered without a token — neither 401 (but where the route takes
 *   a credential of its own: OWN_CREDENTIAL) nor a 5xx;
 * - every customer operation: 401 without a token, 403 with a staff token (one key signs both,
 *   the audience tells them apart: plugins/auth.ts);
 * - an id-bearing customer operation, sent by Bob with Alice's ids: 404, and nothing changes; the
 *   same reads answer Alice, so the 404 is the owner check's;
 * - every staff operation: 401 without a token, 403 with a customer token; a manager's operation
 *   answers an author 403; an operation on an order answers an author it is not assigned to 404.
 * The tokens are checked in onRequest hooks (plugins/auth.ts, modules/staff/guards.ts), before
 * Fastify parses and validates a body, so the 401/403 checks send an empty JSON body and expect
 * the exact status; the 404 checks send valid bodies, since ownership is the handler's to check.
 */

type Auth = { authorization: string };
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A request as a case builds it; the test adds who sends it. */
interface Req {
  method: Method;
  url: string;
  payload?: object | string | Buffer;
  headers?: Record<string, string>;
}

/** The ids the cases aim at, made in beforeAll. */
interface Ids {
  // Alice's, for Bob to aim at.
  order: number;
  trashed: number;
  inWork: number;
  draft: number;
  draftFile: number;
  pendingFile: number;
  authorFile: number;
  rework: number;
  care: number;
  chatMessage: number;
  payable: number;
  packet: number;
  invoices: number[];
  certificate: number;
  // Bob's own, for the cases that put Alice's ids into Bob's request.
  bobPending: number;
  workType: WorkType | null;
  // The staff side: an order assigned to the author, its file, rework and care request.
  staffOrder: number;
  staffFile: number;
  staffRework: number;
  staffCare: number;
  strangerId: number;
  /** The author of the staff order: Alice had an order with them, Bob never had. */
  authorId: number;
}

type Access =
  /** The caller's own things: no id of anyone's in the path, the query or the body. */
  | { class: 'customer' }
  /** Names something a customer owns: Bob with Alice's id gets 404, and nothing changes. */
  | { class: 'customer-owned'; attempt: (ids: Ids) => Req }
  /**
   * The staff side. `managerOnly`: an author gets 403 even on their own order. `order`: names an
   * order, so an author who is not assigned to it gets 404 and nothing changes.
   */
  | { class: 'staff'; send: (ids: Ids, auth: Auth) => Req; managerOnly?: boolean; order?: boolean };

const get = (url: string): Req => ({ method: 'GET', url });
const del = (url: string): Req => ({ method: 'DELETE', url });
const post = (url: string, payload: object = {}): Req => ({ method: 'POST', url, payload });
const patch = (url: string, payload: object): Req => ({ method: 'PATCH', url, payload });
const upload = (url: string, name: string): Req => {
  const body = multipart([{ name, content: samples.pdf }]);
  return { method: 'POST', url, payload: body.payload, headers: body.headers };
};
/** Pricing an order names it in the body (`order_id`). */
const pricing = (ids: Ids) => {
  const wt = ids.workType!;
  return { work_type_id: wt.id, pages: wt.min_pages, deadline: orderBody(wt).deadline, originality: 0 };
};
const customer: Access = { class: 'customer' };
const owned = (attempt: (ids: Ids) => Req): Access => ({ class: 'customer-owned', attempt });

/**
 * Every operation that needs a token, by method and route pattern (Fastify's `:param` form).
 * Visitor operations are not here: they are the contract's PUBLIC_ENDPOINTS.
 */
const ACCESS: Record<string, Access> = {
  // Profile, sessions, sign-in methods.
  'GET /api/client/profile/': customer,
  'PATCH /api/client/profile/': customer,
  'POST /api/client/profile/subscribe/': customer,
  'DELETE /api/client/profile/subscribe/': customer,
  'GET /client/api/profile/profile-popup/': customer,
  'PATCH /api/client/profile/popup/': customer,
  'GET /client/api/profile/session/': customer,
  'POST /client/api/profile/session/': customer,
  'PATCH /api/client/profile/status/': customer,
  'POST /client/api/change-email/request-change/': customer,
  'GET /api/client/profile/avatar/': customer,
  'DELETE /api/client/profile/avatar/': customer,
  'POST /api/client/profile/avatar/': customer,
  // Notification settings and web push (ADR 044): an endpoint names no one else's row — deleting
  // another customer's endpoint removes nothing (push.test.ts).
  'GET /api/client/profile/notifications/': customer,
  'PATCH /api/client/profile/notifications/': customer,
  'GET /api/client/push/vapid-public-key/': customer,
  'POST /api/client/push/subscriptions/': customer,
  'DELETE /api/client/push/subscriptions/': customer,
  // Telegram (ADR 046): the caller's own link only; a chat is linked by the bot's webhook, which
  // takes no token (PUBLIC_ENDPOINTS) and checks Telegram's secret header (telegram.test.ts).
  'GET /api/client/profile/telegram/': customer,
  'POST /api/client/profile/telegram/': customer,
  'DELETE /api/client/profile/telegram/': customer,
  // The network is one of the caller's own sign-in methods, not an id.
  'DELETE /client/api/socials/links/:network/': customer,
  'POST /api/client/callbacks/': customer,
  // Reference data and content, the same for every customer.
  'GET /api/worktypes/': customer,
  'GET /api/worktype/order-packets/': customer,
  'GET /api/subjects/': customer,
  'GET /client/api/init/universities/': customer,
  'GET /api/verification-systems/': customer,
  'GET /client/api/landings/space/:x/': customer,
  'GET /client/api/main/faq/': customer,
  'GET /client/api/main/banners/': customer,
  'POST /client/api/main/title_page/': customer,
  // Orders: lists and uploads of the caller's own.
  'GET /api/client/orders/': customer,
  'GET /api/client/orders/fake/': customer,
  'POST /api/client/orders/ajax-files/': customer,
  'GET /api/client/chat/unread/': customer,
  // Orders, drafts, files, threads and chat: as orders-ownership.test.ts aims them.
  'POST /api/client/orders/': owned((i) =>
    post(api.orders.root, orderBody(i.workType!, { fake_id: i.draft })),
  ),
  'GET /api/client/orders/:id/': owned((i) => get(api.orders.byId(i.order))),
  'PATCH /api/client/orders/:id/': owned((i) => patch(api.orders.byId(i.order), { topic: 'Чужое' })),
  'DELETE /api/client/orders/:id/': owned((i) => del(api.orders.byId(i.order))),
  'PATCH /api/client/orders/:id/restore/': owned((i) => patch(api.orders.restore(i.trashed), {})),
  'PATCH /api/client/orders/:id/not-editable-order/': owned((i) =>
    patch(api.orders.notEditable(i.inWork), { files_without_qc: [i.bobPending] }),
  ),
  'GET /api/client/orders/continue/': owned((i) => get(`${api.orders.continue}?id=${i.draft}`)),
  'GET /api/client/orders/fake/:id/': owned((i) => get(api.orders.fake(i.draft))),
  'PATCH /api/client/orders/fake/:id/': owned((i) => patch(api.orders.fake(i.draft), { topic: 'Чужое' })),
  'DELETE /api/client/orders/fake/:id/': owned((i) => del(api.orders.fake(i.draft))),
  'POST /api/client/orders/fake/:id/fake-files/': owned((i) =>
    upload(api.orders.fakeFiles(i.draft), 'b.pdf'),
  ),
  'DELETE /api/client/orders/fake/:id/delete-fake-file/:fileId/': owned((i) =>
    del(api.orders.deleteFakeFile(i.draft, i.draftFile)),
  ),
  'DELETE /api/client/orders/delete-ajax-file/:fileId/': owned((i) =>
    del(api.orders.deleteAjaxFile(i.pendingFile)),
  ),
  'POST /api/client/orders/calculate-cost/': owned((i) =>
    post(api.orders.calculateCost, { ...pricing(i), order_id: i.order }),
  ),
  'POST /api/client/orders/calculate-discount/': owned((i) =>
    post(api.orders.calculateDiscount, { ...pricing(i), order_id: i.order }),
  ),
  'GET /api/client/orders/success/': owned((i) => get(`${api.orders.success}?id=${i.order}`)),
  'GET /api/client/orders/welcome/': owned((i) => get(`${api.orders.welcome}?id=${i.order}`)),
  'GET /api/client/orders/:id/files/:fileId/download/': owned((i) =>
    get(api.orders.fileDownload(i.draft, i.draftFile)),
  ),
  'GET /api/client/orders/:id/files/': owned((i) => get(api.orders.files(i.inWork))),
  'POST /api/client/orders/:id/files/': owned((i) => upload(api.orders.files(i.order), 'b.pdf')),
  'PATCH /api/client/orders/:id/files/:fileId/': owned((i) =>
    patch(api.orders.file(i.inWork, i.authorFile), { is_reviewed: true }),
  ),
  'GET /api/client/orders/:id/files/:fileId/preview/': owned((i) =>
    get(api.orders.filePreview(i.inWork, i.authorFile)),
  ),
  'POST /api/client/orders/:id/files/download-zip/': owned((i) => post(api.orders.downloadZip(i.inWork))),
  'GET /api/client/orders/:id/reworks/': owned((i) => get(api.orders.reworks(i.inWork))),
  'POST /api/client/orders/:id/reworks/': owned((i) =>
    post(api.orders.reworks(i.inWork), { comment: 'Чужая доработка' }),
  ),
  'GET /api/client/orders/:id/reworks/:request/': owned((i) => get(api.orders.rework(i.inWork, i.rework))),
  'GET /api/client/orders/:id/care/': owned((i) => get(api.orders.care(i.inWork))),
  'POST /api/client/orders/:id/care/': owned((i) => post(api.orders.care(i.inWork), { text: 'Чужое' })),
  'GET /api/client/orders/:id/care/:request/': owned((i) => get(api.orders.careRequest(i.inWork, i.care))),
  'POST /api/client/orders/:id/care/:request/messages/': owned((i) =>
    post(api.orders.careMessages(i.inWork, i.care), { text: 'Чужое' }),
  ),
  'GET /api/client/orders/:id/timeline/': owned((i) => get(api.orders.timeline(i.inWork))),
  'POST /api/client/orders/:id/accept/': owned((i) => post(api.orders.accept(i.inWork))),
  'GET /api/client/orders/:id/messages/': owned((i) => get(api.orders.messages(i.inWork))),
  'POST /api/client/orders/:id/messages/': owned((i) =>
    post(api.orders.messages(i.inWork), { text: 'Чужое', client_id: 'bob-message-1' }),
  ),
  'POST /api/client/orders/:id/messages/read/': owned((i) =>
    post(api.orders.messagesRead(i.inWork), { up_to_id: i.chatMessage }),
  ),
  'GET /api/client/orders/:id/review/': owned((i) => get(api.orders.review(i.inWork))),
  'POST /api/client/orders/:id/review/': owned((i) => post(api.orders.review(i.inWork), { rating: 5 })),
  // An author's page: for a customer who has or had an order with them.
  'GET /api/client/authors/:id/': owned((i) => get(api.authors.byId(i.authorId))),
  // Payments: the caller's own balance, history and verification; paying names an order,
  // a packet or invoices (the other purposes: orders-ownership.test.ts).
  'GET /api/client/payments/methods/': customer,
  'POST /api/client/payments/verificate-code/:type/': customer,
  'PATCH /api/client/payments/verificate-code/:type/': customer,
  'GET /api/client/payments/verification-status/:type/': customer,
  'POST /api/client/payments/repayment/': customer,
  'POST /api/client/payments/refund-claim/': customer,
  'GET /api/client/payments/refund-storno/': customer,
  'POST /api/client/payments/refund-storno/': customer,
  'GET /api/client/payments/refund-recipient-countries/': customer,
  'GET /api/client/payments/refund-extra/': customer,
  'GET /api/client/payments/waiting/': customer,
  'GET /api/client/payments/history/': customer,
  'GET /api/client/payments/balance/': customer,
  'POST /api/client/payments/pay/': owned((i) => ({
    ...post(paymentsApi.pay, { purpose: 'order', object_id: i.payable, payment_method: 'balance' }),
    headers: { 'idempotency-key': idemKey() },
  })),
  'POST /api/client/payments/pay-many/': owned((i) => ({
    ...post(paymentsApi.payMany, { pay_ids: i.invoices, payment_method: 'balance' }),
    headers: { 'idempotency-key': idemKey() },
  })),
  'GET /api/client/payments/orders-packet-waiting/:id/': owned((i) =>
    get(paymentsApi.packetWaiting(i.packet)),
  ),
  'GET /api/client/payments/result/:id/': owned((i) => get(paymentsApi.result(i.invoices[0]!))),
  // Gift certificates: buying, listing and redeeming a code (a code is the gift itself, meant to
  // be passed on) are the caller's own; a certificate's id is its buyer's.
  'POST /client/api/certificate/': customer,
  'GET /client/api/certificate/': customer,
  'POST /client/api/certificate/redeem/': customer,
  'GET /client/api/certificate/:id/': owned((i) => get(api.certificates.one(i.certificate))),
  'GET /client/api/certificate/:id/download/': owned((i) => get(api.certificates.download(i.certificate))),
  // Referrals and bonuses: the caller's own.
  'GET /client/api/bonus/': customer,
  'GET /client/api/add-friend/': customer,
  'POST /client/api/add-friend/send-email/': customer,
  'POST /client/api/add-friend/send-sms/': customer,

  // The staff side, as staff-access.test.ts aims it.
  'GET /api/staff/me/': { class: 'staff', send: () => get(staffApi.me) },
  'GET /api/staff/performers/': { class: 'staff', send: () => get(staffApi.performers), managerOnly: true },
  'GET /api/staff/work-types/': { class: 'staff', send: () => get(staffApi.workTypes) },
  'GET /api/staff/orders/': { class: 'staff', send: () => get(staffApi.orders) },
  'GET /api/staff/care/': { class: 'staff', send: () => get(staffApi.careQueue), managerOnly: true },
  'GET /api/staff/orders/:id/': {
    class: 'staff',
    send: (i) => get(staffApi.order(i.staffOrder)),
    order: true,
  },
  'PATCH /api/staff/orders/:id/': {
    class: 'staff',
    send: (i) => patch(staffApi.order(i.staffOrder), { deadline: '2099-01-01' }),
    managerOnly: true,
    order: true,
  },
  'POST /api/staff/orders/:id/assign/': {
    class: 'staff',
    send: (i) => post(staffApi.assign(i.staffOrder), { performer_id: i.strangerId }),
    managerOnly: true,
    order: true,
  },
  'POST /api/staff/orders/:id/status/': {
    class: 'staff',
    send: (i) => post(staffApi.status(i.staffOrder), { status_id: OrderStatusId.cancelled }),
    managerOnly: true,
    order: true,
  },
  'GET /api/staff/orders/:id/files/': {
    class: 'staff',
    send: (i) => get(staffApi.files(i.staffOrder)),
    order: true,
  },
  'POST /api/staff/orders/:id/files/': {
    class: 'staff',
    send: (i) => upload(`${staffApi.files(i.staffOrder)}?kind=final`, 'final.pdf'),
    order: true,
  },
  'GET /api/staff/orders/:id/files/:fileId/download/': {
    class: 'staff',
    send: (i) => get(staffApi.fileDownload(i.staffOrder, i.staffFile)),
    order: true,
  },
  'GET /api/staff/orders/:id/reworks/': {
    class: 'staff',
    send: (i) => get(staffApi.reworks(i.staffOrder)),
    order: true,
  },
  'GET /api/staff/orders/:id/reworks/:request/': {
    class: 'staff',
    send: (i) => get(staffApi.rework(i.staffOrder, i.staffRework)),
    order: true,
  },
  'POST /api/staff/orders/:id/reworks/:request/answer/': {
    class: 'staff',
    send: (i) =>
      post(staffApi.reworkAnswer(i.staffOrder, i.staffRework), { text: 'Готово', files: [i.staffFile] }),
    order: true,
  },
  'GET /api/staff/orders/:id/care/': {
    class: 'staff',
    send: (i) => get(staffApi.care(i.staffOrder)),
    order: true,
  },
  'GET /api/staff/orders/:id/care/:request/': {
    class: 'staff',
    send: (i) => get(staffApi.careRequest(i.staffOrder, i.staffCare)),
    order: true,
  },
  'POST /api/staff/orders/:id/care/:request/messages/': {
    class: 'staff',
    send: (i) => post(staffApi.careMessages(i.staffOrder, i.staffCare), { text: 'Ответ', close: true }),
    managerOnly: true,
    order: true,
  },
  'GET /api/staff/orders/:id/timeline/': {
    class: 'staff',
    send: (i) => get(staffApi.timeline(i.staffOrder)),
    order: true,
  },
  'GET /api/staff/orders/:id/messages/': {
    class: 'staff',
    send: (i) => get(staffApi.messages(i.staffOrder)),
    order: true,
  },
  'POST /api/staff/orders/:id/messages/': {
    class: 'staff',
    send: (i) => post(staffApi.messages(i.staffOrder), { text: 'Здравствуйте', client_id: 'matrix-staff-1' }),
    order: true,
  },
  'POST /api/staff/orders/:id/messages/read/': {
    class: 'staff',
    send: (i) => post(staffApi.messagesRead(i.staffOrder), { up_to_id: 1 }),
    order: true,
  },
  'GET /api/staff/chat/unread/': { class: 'staff', send: () => get(staffApi.chatUnread) },
  'GET /api/staff/refund-claims/': {
    class: 'staff',
    send: () => get(staffApi.refundClaims),
    managerOnly: true,
  },
  'POST /api/staff/refund-claims/:id/approve/': {
    class: 'staff',
    send: () => post(staffApi.refundClaimApprove(1)),
    managerOnly: true,
  },
  'POST /api/staff/refund-claims/:id/reject/': {
    class: 'staff',
    send: () => post(staffApi.refundClaimReject(1)),
    managerOnly: true,
  },
  'GET /api/staff/callbacks/': { class: 'staff', send: () => get(staffApi.callbacks), managerOnly: true },
  'POST /api/staff/callbacks/:id/done/': {
    class: 'staff',
    send: () => post(staffApi.callbackDone(1)),
    managerOnly: true,
  },
  'GET /api/staff/reports/attribution/': {
    class: 'staff',
    send: () => get(`${staffApi.attributionReport}?from=2026-01-01&to=2026-01-31`),
    managerOnly: true,
  },
  // Authors' profiles and reviews: one's own profile, an author's page (a manager: anyone's).
  'GET /api/staff/profile/': { class: 'staff', send: () => get(staffApi.profile) },
  'GET /api/staff/subjects/': { class: 'staff', send: () => get(staffApi.subjects) },
  'PUT /api/staff/profile/': {
    class: 'staff',
    send: () => ({ method: 'PUT', url: staffApi.profile, payload: { about: '', subject_ids: [] } }),
  },
  'GET /api/staff/authors/:id/': { class: 'staff', send: (i) => get(staffApi.author(i.authorId)) },
  'POST /api/staff/reviews/:id/hide/': {
    class: 'staff',
    send: () => post(staffApi.reviewHide(1), { reason: 'Оскорбления' }),
    managerOnly: true,
  },
};

const STAFF_PREFIX = '/api/staff/';

/**
 * Public operations that take a credential of their own instead of an access token, and answer
 * 401 to a visitor without it: refreshing needs the refresh cookie.
 */
const OWN_CREDENTIAL = new Set([
  'POST /api/client/auth/token/refresh/',
  'POST /api/staff/auth/token/refresh/',
]);

interface Operation {
  method: Method;
  /** Fastify's pattern (`:id`), as ACCESS, PUBLIC_ENDPOINTS and `app.apiRoutes` name it. */
  path: string;
  key: string;
}

/**
 * Every operation of the OpenAPI document, and every route the auth plugin guards (under /api/ and
 * /client/api/) that the document hides: /api/health/ and /api/docs are API routes a client calls,
 * so they are classified too. Hidden routes outside those prefixes are not the API: /healthz,
 * /readyz and /metrics are the operations endpoints (ADR 034), /dev/ exists only in development
 * and tests, and /test-bank/ is the test bank's own pages.
 */
function operationsOf(t: TestApp): Operation[] {
  const doc = t.app.swagger() as { paths?: Record<string, Record<string, unknown>> };
  const keys = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of Object.keys(item)) {
      keys.add(`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`);
    }
  }
  for (const r of t.app.apiRoutes) keys.add(`${r.method} ${r.url}`);
  return [...keys].sort().map((key) => {
    const [method, path] = key.split(' ') as [Method, string];
    return { method, path, key };
  });
}

/** Real ids for a route's parameters in the 401/403 checks (those end before any lookup). */
const filled = (path: string, ids: Ids) => {
  const staff = path.startsWith(STAFF_PREFIX);
  const values: Record<string, string> = {
    id: String(staff ? ids.staffOrder : ids.order),
    fileId: String(staff ? ids.staffFile : ids.authorFile),
    request: String(staff ? ids.staffRework : ids.rework),
    type: 'repayment',
    network: 'vk',
    x: 'main',
    file: 'missing.webp',
    token: 'missing',
  };
  return path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => values[name] ?? '1');
};

describe('the authorisation matrix: every operation of the OpenAPI document has its access decided and enforced', () => {
  let t: TestApp;
  let alice: PayCustomer;
  let bob: PayCustomer;
  let manager: TestStaff;
  let author: TestStaff;
  let stranger: TestStaff;
  let ops: Operation[];
  const ids: Ids = {
    order: 0,
    trashed: 0,
    inWork: 0,
    draft: 0,
    draftFile: 0,
    pendingFile: 0,
    authorFile: 0,
    rework: 0,
    care: 0,
    chatMessage: 0,
    payable: 0,
    packet: 0,
    invoices: [],
    certificate: 0,
    bobPending: 0,
    workType: null,
    staffOrder: 0,
    staffFile: 0,
    staffRework: 0,
    staffCare: 0,
    strangerId: 0,
    authorId: 0,
  };

  const send = (req: Req, auth: Auth | Record<string, never>) =>
    t.app.inject({
      method: req.method,
      url: req.url,
      headers: { ...auth, ...req.headers },
      ...(req.payload === undefined ? {} : { payload: req.payload }),
    });

  /** The same request with only a token (or none): no body, which the token check never reaches. */
  const bare = (op: Operation, auth: Auth | Record<string, never>) =>
    t.app.inject({
      method: op.method,
      url: filled(op.path, ids),
      headers: auth,
      ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: {} }),
    });

  const uploadAs = async (auth: Auth, url: string) => {
    const req = upload(url, 'a.pdf');
    const res = await send(req, auth);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as Array<{ id: number }>)[0]!.id;
  };

  beforeAll(async () => {
    t = await buildPaymentsApp({ FILES_DIR: mkdtempSync(join(tmpdir(), 'cabinet-files-')) });
    ops = operationsOf(t);
    alice = await payCustomer(t.app);
    bob = await payCustomer(t.app);
    manager = await createStaff(t.app, 'manager');
    author = await createStaff(t.app, 'performer');
    stranger = await createStaff(t.app, 'performer', { name: 'Мария С.' });
    ids.strangerId = stranger.id;
    ids.authorId = author.id;
    const wt = (await workTypes(t.app, alice.auth))[0]!;
    ids.workType = wt;
    const db = t.app.database.db;

    // Alice's orders, draft, uploads, and what the author and the threads leave on an order in review.
    ids.order = (await placeOrder(t.app, alice.auth, orderBody(wt))).id;
    ids.trashed = (await placeOrder(t.app, alice.auth, orderBody(wt))).id;
    await send(del(api.orders.byId(ids.trashed)), alice.auth);
    ids.inWork = (await placeOrder(t.app, alice.auth, orderBody(wt))).id;
    await setStatus(t.app, ids.inWork, OrderStatusId.inProgress);
    ids.draft = (
      (await send(post(api.orders.root, { is_fake: true }), alice.auth)).json() as { id: number }
    ).id;
    ids.draftFile = await uploadAs(alice.auth, api.orders.fakeFiles(ids.draft));
    ids.pendingFile = await uploadAs(alice.auth, api.orders.ajaxFiles);
    await setStatus(t.app, ids.inWork, OrderStatusId.review);
    const at = nowIso();
    // The author's file, with its content stored: Alice's own reads of it answer 200.
    const stored = await t.app.storage.save(Readable.from([samples.pdf]));
    ids.authorFile = (
      await db
        .insertInto('order_files')
        .values({
          order_id: ids.inWork,
          user_id: alice.id,
          kind: 'final',
          original_name: 'Работа.pdf',
          stored_name: stored.storedName,
          size: stored.size,
          mime: 'application/pdf',
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    ids.rework = (
      await db
        .insertInto('reworks')
        .values({
          order_id: ids.inWork,
          number: 1,
          state: 'answered',
          comment: 'Правки',
          created_at: at,
          answered_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    ids.care = (
      await db
        .insertInto('care_requests')
        .values({ order_id: ids.inWork, kind: 'question', subject: 'Вопрос', created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const chat = await send(
      post(api.orders.messages(ids.inWork), { text: 'Мой вопрос', client_id: 'alice-message-1' }),
      alice.auth,
    );
    expect(chat.statusCode, chat.body).toBe(201);
    ids.chatMessage = (chat.json() as { id: number }).id;

    // Alice's payables: an order waiting for payment, a packet, her invoices, a certificate.
    ids.payable = await awaitingOrder(t.app, alice, 3_000_00);
    ids.packet = (await awaitingPacket(t.app, alice, 2_000_00)).placedId;
    await db.transaction().execute((trx) => ensureInvoices(trx, alice.id));
    ids.invoices = (
      await db.selectFrom('payments').select('id').where('user_id', '=', alice.id).execute()
    ).map((r) => r.id);
    expect(ids.invoices.length).toBeGreaterThan(0);
    const bought = await send(post(api.certificates.root, { value: 1_000_00 }), alice.auth);
    expect([200, 201], bought.body).toContain(bought.statusCode);
    ids.certificate = (bought.json() as { id: number }).id;
    await db
      .updateTable('certificates')
      .set({ status: 'active', paid_at: nowIso(), expires_at: '2999-01-01T00:00:00.000Z' })
      .where('id', '=', ids.certificate)
      .execute();
    ids.bobPending = await uploadAs(bob.auth, api.orders.ajaxFiles);

    // The staff side's order: priced, paid and assigned to the author, with a file, a rework and a care request.
    ids.staffOrder = (await placeOrder(t.app, alice.auth, orderBody(wt))).id;
    await send(patch(staffApi.order(ids.staffOrder), { price: 300_000 }), manager.auth);
    await payInDb(t.app, ids.staffOrder);
    const assigned = await send(
      post(staffApi.assign(ids.staffOrder), { performer_id: author.id }),
      manager.auth,
    );
    expect(assigned.statusCode, assigned.body).toBe(200);
    ids.staffFile = await uploadAs(author.auth, `${staffApi.files(ids.staffOrder)}?kind=intermediate`);
    ids.staffRework = (
      await db
        .insertInto('reworks')
        .values({ order_id: ids.staffOrder, number: 1, comment: 'Исправьте введение', created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    ids.staffCare = (
      await db
        .insertInto('care_requests')
        .values({
          order_id: ids.staffOrder,
          kind: 'question',
          subject: 'Вопрос',
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t?.close());

  /** Everything of Alice's and of the staff order that a request could change. */
  const snapshot = async () => {
    const db = t.app.database.db;
    return {
      orders: await db.selectFrom('orders').selectAll().orderBy('id').execute(),
      files: await db.selectFrom('order_files').selectAll().orderBy('id').execute(),
      events: await db.selectFrom('order_events').selectAll().orderBy('id').execute(),
      reworks: await db.selectFrom('reworks').selectAll().orderBy('id').execute(),
      care: await db.selectFrom('care_requests').selectAll().orderBy('id').execute(),
      threads: await db.selectFrom('thread_messages').selectAll().orderBy('id').execute(),
      chat: await db.selectFrom('chat_messages').selectAll().orderBy('id').execute(),
      chatReads: await db.selectFrom('chat_reads').selectAll().execute(),
      payments: await db.selectFrom('payments').selectAll().orderBy('id').execute(),
      ledger: await db.selectFrom('ledger_txns').selectAll().orderBy('id').execute(),
      certificates: await db.selectFrom('certificates').selectAll().orderBy('id').execute(),
    };
  };

  const of = (kind: Access['class']) => ops.filter((op) => ACCESS[op.key]?.class === kind);

  it('classifies every operation: public in PUBLIC_ENDPOINTS, or its access in ACCESS, never both', () => {
    expect(ops.length).toBeGreaterThan(100);
    const unclassified = ops
      .filter((op) => !isPublicEndpoint(op.method, op.path) && !(op.key in ACCESS))
      .map((op) => op.key);
    expect(
      unclassified,
      `operations whose access nobody decided: add each to ACCESS in test/authorization-matrix.test.ts, or to PUBLIC_ENDPOINTS in the contract if a visitor may call it`,
    ).toEqual([]);
    const both = ops
      .filter((op) => isPublicEndpoint(op.method, op.path) && op.key in ACCESS)
      .map((op) => op.key);
    expect(both, 'public operations that ACCESS also lists').toEqual([]);
    const known = new Set(ops.map((op) => op.key));
    const stale = Object.keys(ACCESS).filter((key) => !known.has(key));
    expect(stale, 'ACCESS entries for operations the server no longer has').toEqual([]);
    // The staff classes are the staff section's routes, and only they.
    for (const op of ops) {
      const access = ACCESS[op.key];
      if (!access) continue;
      expect(access.class === 'staff', `${op.key}: staff iff under ${STAFF_PREFIX}`).toBe(
        op.path.startsWith(STAFF_PREFIX),
      );
    }
    // The document and the auth plugin's list name the same operations, apart from hidden API routes.
    const guarded = new Set(t.app.apiRoutes.map((r) => `${r.method} ${r.url}`));
    expect(ops.filter((op) => !guarded.has(op.key)).map((op) => op.key)).toEqual([]);
  });

  it('answers a visitor on every public operation without asking for a token', async () => {
    const visitor = ops.filter((op) => isPublicEndpoint(op.method, op.path));
    expect(visitor.length).toBeGreaterThan(20);
    const refused: string[] = [];
    for (const op of visitor) {
      const res = await bare(op, {});
      if (res.statusCode >= 500 || (res.statusCode === 401 && !OWN_CREDENTIAL.has(op.key))) {
        refused.push(`${op.key}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('answers 401 without a token and 403 to a staff token on every customer operation', async () => {
    const customers = [...of('customer'), ...of('customer-owned')];
    expect(customers.length).toBeGreaterThan(80);
    for (const op of customers) {
      const none = await bare(op, {});
      expect(none.statusCode, `${op.key} without a token: ${none.body}`).toBe(401);
      expect(none.json(), op.key).toEqual({ detail: authMessages.notAuthorized });
      const staff = await bare(op, manager.auth);
      expect(staff.statusCode, `${op.key} with a staff token: ${staff.body}`).toBe(403);
      expect(staff.json(), op.key).toEqual({ detail: staffMessages.customersOnly });
    }
  });

  it("answers 404 to another customer's ids on every id-bearing customer operation, and nothing changes", async () => {
    const before = await snapshot();
    for (const op of of('customer-owned')) {
      const access = ACCESS[op.key] as Extract<Access, { class: 'customer-owned' }>;
      const req = access.attempt(ids);
      expect(req.method, op.key).toBe(op.method);
      const res = await send(req, bob.auth);
      expect(res.statusCode, `${op.key} with Alice's ids: ${res.body}`).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
    // The 404s are the owner check's: the same reads answer Alice.
    for (const op of of('customer-owned')) {
      if (op.method !== 'GET') continue;
      const access = ACCESS[op.key] as Extract<Access, { class: 'customer-owned' }>;
      const res = await send(access.attempt(ids), alice.auth);
      expect(res.statusCode, `${op.key} as Alice: ${res.body.slice(0, 200)}`).toBeLessThan(400);
    }
  });

  it('answers 401 without a token and 403 to a customer token on every staff operation', async () => {
    const staff = of('staff');
    expect(staff.length).toBeGreaterThanOrEqual(29);
    for (const op of staff) {
      const none = await bare(op, {});
      expect(none.statusCode, `${op.key} without a token: ${none.body}`).toBe(401);
      expect(none.json(), op.key).toEqual({ detail: authMessages.notAuthorized });
      const customerRes = await bare(op, alice.auth);
      expect(customerRes.statusCode, `${op.key} with a customer token: ${customerRes.body}`).toBe(403);
      expect(customerRes.json(), op.key).toEqual({ detail: staffMessages.staffOnly });
    }
  });

  it('answers an author 403 on a manager’s operation, even on their own order, and nothing changes', async () => {
    const before = await snapshot();
    for (const op of of('staff')) {
      const access = ACCESS[op.key] as Extract<Access, { class: 'staff' }>;
      if (!access.managerOnly) continue;
      const req = access.send(ids, author.auth);
      expect(req.method, op.key).toBe(op.method);
      const res = await send(req, author.auth);
      expect(res.statusCode, `${op.key} as an author: ${res.body}`).toBe(403);
      expect(res.json(), op.key).toEqual({ detail: staffMessages.managerOnly });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers an author who is not assigned 404 on every operation on the order, and nothing changes', async () => {
    const before = await snapshot();
    const absent = await send(get(staffApi.order(999_999)), stranger.auth);
    expect(absent.statusCode).toBe(404);
    for (const op of of('staff')) {
      const access = ACCESS[op.key] as Extract<Access, { class: 'staff' }>;
      if (!access.order) continue;
      const req = access.send(ids, stranger.auth);
      expect(req.method, op.key).toBe(op.method);
      const res = await send(req, stranger.auth);
      expect(res.statusCode, `${op.key} as another author: ${res.body}`).toBe(404);
      expect(res.json(), op.key).toEqual(absent.json());
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets the assigned author and a manager read what their role allows', async () => {
    for (const op of of('staff')) {
      if (op.method !== 'GET') continue;
      const access = ACCESS[op.key] as Extract<Access, { class: 'staff' }>;
      if (!access.managerOnly) {
        const res = await send(access.send(ids, author.auth), author.auth);
        expect(res.statusCode, `${op.key} as the author`).toBe(200);
      }
      const res = await send(access.send(ids, manager.auth), manager.auth);
      expect(res.statusCode, `${op.key} as a manager`).toBe(200);
    }
  });
});
