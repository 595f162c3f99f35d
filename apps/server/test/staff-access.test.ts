import { OrderStatusId, api, staffMessages, type WorkType, staffApi } from '@cabinet/contract';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/index';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';
import { multipart, orderBody, placeOrder, samples, workTypes } from './orders-fixtures';
import { createStaff, payInDb, type TestStaff } from './staff-fixtures';

type Auth = { authorization: string };
type Answer = { statusCode: number; body: string; json(): unknown };

const STAFF_PREFIX = '/api/staff/';
/** A URL of a route pattern with every parameter filled in. */
const fill = (url: string) => url.replace(/:[a-z_]+/gi, '1');

describe('customer and staff tokens are never interchangeable', () => {
  let t: TestApp;
  let customer: string;
  let manager: TestStaff;

  beforeAll(async () => {
    t = await buildTestApp();
    customer = (await registerCustomer(t.app)).access;
    manager = await createStaff(t.app, 'manager');
  });
  afterAll(() => t.close());

  const send = (method: string, url: string, auth: Auth) =>
    t.app.inject({
      method: method as 'GET',
      url: fill(url),
      headers: auth,
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    });

  it('refuses a staff token with 403 on every customer route that needs a token', async () => {
    const routes = t.app.apiRoutes.filter((r) => !r.isPublic && !r.url.startsWith(STAFF_PREFIX));
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const res = await send(route.method, route.url, manager.auth);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json()).toEqual({ detail: staffMessages.customersOnly });
    }
  });

  it('refuses a customer token with 403 on every staff route that needs a token', async () => {
    const routes = t.app.apiRoutes.filter((r) => !r.isPublic && r.url.startsWith(STAFF_PREFIX));
    expect(routes.length).toBeGreaterThanOrEqual(18);
    for (const route of routes) {
      const res = await send(route.method, route.url, bearer(customer));
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json()).toEqual({ detail: staffMessages.staffOnly });
    }
  });

  it('still answers 401 to no token and to a forged staff token', async () => {
    const [, payload = ''] = manager.auth.authorization.split('.');
    const forged = `${manager.auth.authorization.split('.')[0]}.${payload}.AAAA`;
    for (const headers of [{}, { authorization: forged }]) {
      const res = await t.app.inject({ method: 'GET', url: staffApi.me, headers });
      expect(res.statusCode).toBe(401);
    }
    // A staff token whose role is not a staff role is no staff token.
    const { SignJWT } = await import('jose');
    const now = Math.floor(Date.now() / 1000);
    const odd = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(manager.id))
      .setAudience('staff')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode(t.config.JWT_SECRET));
    expect((await t.app.inject({ method: 'GET', url: staffApi.me, headers: bearer(odd) })).statusCode).toBe(
      401,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: api.profile.root, headers: bearer(odd) })).statusCode,
    ).toBe(401);
  });
});

describe('staff roles: an author sees only their orders (404), and only a manager does a manager’s work (403)', () => {
  let t: TestApp;
  let manager: TestStaff;
  let author: TestStaff;
  let stranger: TestStaff;
  let workType: WorkType;
  const ids = { order: 0, file: 0, rework: 0, care: 0 };

  beforeAll(async () => {
    t = await buildTestApp({ FILES_DIR: mkdtempSync(join(tmpdir(), 'cabinet-files-')) });
    manager = await createStaff(t.app, 'manager');
    author = await createStaff(t.app, 'performer');
    stranger = await createStaff(t.app, 'performer', { name: 'Мария С.' });
    const c = bearer((await registerCustomer(t.app)).access);
    workType = (await workTypes(t.app, c))[0]!;
    ids.order = (await placeOrder(t.app, c, orderBody(workType))).id;
    await t.app.inject({
      method: 'PATCH',
      url: staffApi.order(ids.order),
      headers: manager.auth,
      payload: { price: 300_000 },
    });
    await payInDb(t.app, ids.order);
    const assigned = await t.app.inject({
      method: 'POST',
      url: staffApi.assign(ids.order),
      headers: manager.auth,
      payload: { performer_id: author.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const upload = multipart([{ name: 'plan.pdf', content: samples.pdf }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `${staffApi.files(ids.order)}?kind=intermediate`,
      headers: { ...author.auth, ...upload.headers },
      payload: upload.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    ids.file = (uploaded.json() as Array<{ id: number }>)[0]!.id;
    const at = nowIso();
    ids.rework = (
      await t.app.database.db
        .insertInto('reworks')
        .values({ order_id: ids.order, number: 1, comment: 'Исправьте введение', created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    ids.care = (
      await t.app.database.db
        .insertInto('care_requests')
        .values({ order_id: ids.order, kind: 'question', subject: 'Вопрос', created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  interface Case {
    /** The request, aimed at the order and its rework, care request and file. */
    send: (auth: Auth) => Promise<Answer>;
    /** Only a manager: an author gets 403 even on their own order. */
    managerOnly?: boolean;
    /** Names an order: another author gets 404 and nothing changes. */
    order?: boolean;
  }

  const cases = (): Record<string, Case> => {
    const inject = (auth: Auth, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
    const o = ids.order;
    return {
      'GET /api/staff/me/': { send: (a) => inject(a, 'GET', staffApi.me) },
      'GET /api/staff/performers/': {
        send: (a) => inject(a, 'GET', staffApi.performers),
        managerOnly: true,
      },
      'GET /api/staff/work-types/': { send: (a) => inject(a, 'GET', staffApi.workTypes) },
      'GET /api/staff/orders/': { send: (a) => inject(a, 'GET', staffApi.orders) },
      'GET /api/staff/care/': { send: (a) => inject(a, 'GET', staffApi.careQueue), managerOnly: true },
      'GET /api/staff/orders/:id/': { send: (a) => inject(a, 'GET', staffApi.order(o)), order: true },
      'PATCH /api/staff/orders/:id/': {
        send: (a) => inject(a, 'PATCH', staffApi.order(o), { deadline: '2099-01-01' }),
        managerOnly: true,
        order: true,
      },
      'POST /api/staff/orders/:id/assign/': {
        send: (a) => inject(a, 'POST', staffApi.assign(o), { performer_id: stranger.id }),
        managerOnly: true,
        order: true,
      },
      'POST /api/staff/orders/:id/status/': {
        send: (a) => inject(a, 'POST', staffApi.status(o), { status_id: OrderStatusId.cancelled }),
        managerOnly: true,
        order: true,
      },
      'GET /api/staff/orders/:id/files/': { send: (a) => inject(a, 'GET', staffApi.files(o)), order: true },
      'POST /api/staff/orders/:id/files/': {
        send: (a) => {
          const body = multipart([{ name: 'final.pdf', content: samples.pdf }]);
          return t.app.inject({
            method: 'POST',
            url: `${staffApi.files(o)}?kind=final`,
            headers: { ...a, ...body.headers },
            payload: body.payload,
          });
        },
        order: true,
      },
      'GET /api/staff/orders/:id/files/:fileId/download/': {
        send: (a) => inject(a, 'GET', staffApi.fileDownload(o, ids.file)),
        order: true,
      },
      'GET /api/staff/orders/:id/reworks/': {
        send: (a) => inject(a, 'GET', staffApi.reworks(o)),
        order: true,
      },
      'GET /api/staff/orders/:id/reworks/:request/': {
        send: (a) => inject(a, 'GET', staffApi.rework(o, ids.rework)),
        order: true,
      },
      'POST /api/staff/orders/:id/reworks/:request/answer/': {
        send: (a) =>
          inject(a, 'POST', staffApi.reworkAnswer(o, ids.rework), { text: 'Готово', files: [ids.file] }),
        order: true,
      },
      'GET /api/staff/orders/:id/care/': { send: (a) => inject(a, 'GET', staffApi.care(o)), order: true },
      'GET /api/staff/orders/:id/care/:request/': {
        send: (a) => inject(a, 'GET', staffApi.careRequest(o, ids.care)),
        order: true,
      },
      'POST /api/staff/orders/:id/care/:request/messages/': {
        send: (a) => inject(a, 'POST', staffApi.careMessages(o, ids.care), { text: 'Ответ', close: true }),
        managerOnly: true,
        order: true,
      },
      'GET /api/staff/orders/:id/timeline/': {
        send: (a) => inject(a, 'GET', staffApi.timeline(o)),
        order: true,
      },
      'GET /api/staff/orders/:id/messages/': {
        send: (a) => inject(a, 'GET', staffApi.messages(o)),
        order: true,
      },
      'POST /api/staff/orders/:id/messages/': {
        send: (a) =>
          inject(a, 'POST', staffApi.messages(o), { text: 'Здравствуйте', client_id: clientIdOf(a) }),
        order: true,
      },
      'POST /api/staff/orders/:id/messages/read/': {
        send: (a) => inject(a, 'POST', staffApi.messagesRead(o), { up_to_id: 1 }),
        order: true,
      },
      'GET /api/staff/chat/unread/': { send: (a) => inject(a, 'GET', staffApi.chatUnread) },
      'GET /api/staff/refund-claims/': {
        send: (a) => inject(a, 'GET', staffApi.refundClaims),
        managerOnly: true,
      },
      'POST /api/staff/refund-claims/:id/approve/': {
        send: (a) => inject(a, 'POST', staffApi.refundClaimApprove(1)),
        managerOnly: true,
      },
      'POST /api/staff/refund-claims/:id/reject/': {
        send: (a) => inject(a, 'POST', staffApi.refundClaimReject(1)),
        managerOnly: true,
      },
      'GET /api/staff/callbacks/': {
        send: (a) => inject(a, 'GET', staffApi.callbacks),
        managerOnly: true,
      },
      'POST /api/staff/callbacks/:id/done/': {
        send: (a) => inject(a, 'POST', staffApi.callbackDone(1)),
        managerOnly: true,
      },
      'GET /api/staff/reports/attribution/': {
        send: (a) => inject(a, 'GET', `${staffApi.attributionReport}?from=2026-01-01&to=2026-01-31`),
        managerOnly: true,
      },
      // One's own profile; an author's page (an author: their own); hiding a review (a manager).
      'GET /api/staff/profile/': { send: (a) => inject(a, 'GET', staffApi.profile) },
      'PUT /api/staff/profile/': {
        send: (a) => inject(a, 'PUT', staffApi.profile, { about: '', subject_ids: [] }),
      },
      'GET /api/staff/subjects/': { send: (a) => inject(a, 'GET', staffApi.subjects) },
      'GET /api/staff/authors/:id/': { send: (a) => inject(a, 'GET', staffApi.author(author.id)) },
      'POST /api/staff/reviews/:id/hide/': {
        send: (a) => inject(a, 'POST', staffApi.reviewHide(1), { reason: 'Оскорбления' }),
        managerOnly: true,
      },
    };
  };

  /** One message per sender: a repeat is the same message (200), not a new one. */
  const clientIdOf = (a: Auth) => `access-${a.authorization.slice(-16).replace(/[^A-Za-z0-9_-]/g, '_')}`;

  /** Everything a request could change about the order. */
  const snapshot = async () => {
    const db = t.app.database.db;
    const count = async (table: 'order_events' | 'order_files' | 'thread_messages' | 'chat_messages') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('order_id', '=', ids.order)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      order: await db.selectFrom('orders').selectAll().where('id', '=', ids.order).executeTakeFirstOrThrow(),
      events: await count('order_events'),
      files: await count('order_files'),
      messages: await count('thread_messages'),
      chat: await count('chat_messages'),
      chatReads: await db.selectFrom('chat_reads').selectAll().where('order_id', '=', ids.order).execute(),
      reworks: await db.selectFrom('reworks').selectAll().where('order_id', '=', ids.order).execute(),
      care: await db.selectFrom('care_requests').selectAll().where('order_id', '=', ids.order).execute(),
    };
  };

  it('has a case for every staff route that needs a token', () => {
    const routes = t.app.apiRoutes
      .filter((r) => !r.isPublic && r.url.startsWith(STAFF_PREFIX))
      .map((r) => `${r.method} ${r.url}`);
    expect(Object.keys(cases()).sort()).toEqual(routes.sort());
  });

  it('answers another author 404 on every route that names the order, reads and writes, and changes nothing', async () => {
    const before = await snapshot();
    // A manager's route on another author's order too: a 403 there would say that the order exists.
    const absent = await t.app.inject({
      method: 'GET',
      url: staffApi.order(999_999),
      headers: stranger.auth,
    });
    expect(absent.statusCode).toBe(404);
    for (const [route, c] of Object.entries(cases())) {
      if (!c.order) continue;
      const res = await c.send(stranger.auth);
      expect(res.statusCode, `${route}: ${res.body}`).toBe(404);
      expect(res.json(), route).toEqual(absent.json());
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers a manager’s route on an order that does not exist 404 for an author too, and 404 for a manager', async () => {
    const bodies: Record<string, object> = {
      'PATCH /api/staff/orders/:id/': { deadline: '2099-01-01' },
      'POST /api/staff/orders/:id/assign/': { performer_id: author.id },
      'POST /api/staff/orders/:id/status/': { status_id: OrderStatusId.cancelled },
      'POST /api/staff/orders/:id/care/:request/messages/': { text: 'Ответ' },
    };
    const managersOnOrders = Object.entries(cases()).filter(([, c]) => c.order && c.managerOnly);
    expect(managersOnOrders.map(([route]) => route).sort()).toEqual(Object.keys(bodies).sort());
    for (const [route] of managersOnOrders) {
      const [method, pattern] = route.split(' ') as ['POST' | 'PATCH', string];
      const url = pattern.replace(':id', '999999').replace(':request', String(ids.care));
      const payload = bodies[route];
      for (const who of [author, manager]) {
        const res = await t.app.inject({ method, url, headers: who.auth, payload });
        expect(res.statusCode, `${route} as ${who.role}: ${res.body}`).toBe(404);
      }
    }
  });

  it('answers an author 403 with the manager-only detail on a manager’s route, even on their own order', async () => {
    const before = await snapshot();
    for (const [route, c] of Object.entries(cases())) {
      if (!c.managerOnly) continue;
      const res = await c.send(author.auth);
      expect(res.statusCode, route).toBe(403);
      expect(res.json(), route).toEqual({ detail: staffMessages.managerOnly });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets the assigned author and a manager read every route of the order', async () => {
    for (const [route, c] of Object.entries(cases())) {
      if (!route.startsWith('GET')) continue;
      if (!c.managerOnly) expect((await c.send(author.auth)).statusCode, route).toBe(200);
      expect((await c.send(manager.auth)).statusCode, route).toBe(200);
    }
  });

  it('lets the assigned author and a manager write in the order’s chat, and counts for them', async () => {
    for (const who of [author, manager]) {
      const res = await cases()['POST /api/staff/orders/:id/messages/']!.send(who.auth);
      expect([200, 201], res.body).toContain(res.statusCode);
    }
    const page = await t.app.inject({
      method: 'GET',
      url: staffApi.messages(ids.order),
      headers: manager.auth,
    });
    expect((page.json() as { results: Array<{ staff_id: number }> }).results.map((m) => m.staff_id)).toEqual([
      manager.id,
      author.id,
    ]);
    const strangers = await t.app.inject({
      method: 'GET',
      url: staffApi.chatUnread,
      headers: stranger.auth,
    });
    expect(strangers.json()).toEqual({ total: 0, orders: [] });
  });

  it('leaves other orders out of an author’s queue', async () => {
    const queue = async (auth: Auth) =>
      (
        (await t.app.inject({ method: 'GET', url: staffApi.orders, headers: auth })).json() as {
          results: Array<{ id: number }>;
        }
      ).results.map((o) => o.id);
    expect(await queue(author.auth)).toEqual([ids.order]);
    expect(await queue(stranger.auth)).toEqual([]);
    expect(await queue(manager.auth)).toContain(ids.order);
  });
});
