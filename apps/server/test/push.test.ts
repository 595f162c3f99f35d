import {
  NOTIFICATION_DEFAULTS,
  NotificationSettingsSchema,
  PUSH_SUBSCRIPTIONS_MAX,
  api,
  notificationMessages,
  staffApi,
} from '@cabinet/contract';
import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatOrder, sendOk } from './chat-fixtures';
import { listenForSockets, TestSocket } from './chat-socket-client';
import { bearer, buildTestApp, mailCount, registerCustomer, userIdOf, type TestApp } from './helpers';
import { orderBody, placeOrder, samples, workTypes } from './orders-fixtures';
import { awaitingOrder, pay, payCustomer } from './payments-fixtures';
import { startPushService, subscribeBrowser, type PushService } from './push-fixtures';
import { createStaff, type TestStaff } from './staff-fixtures';
import { freePort, startRedis, stopRedis } from './support/redis';
import { staffUploader } from './workspace-fixtures';

/** Web push (ADR 044): subscriptions, delivery to a local push service, the settings. */

async function subscriptionCount(t: TestApp, userId?: number): Promise<number> {
  let q = t.app.database.db.selectFrom('push_subscriptions').select((eb) => eb.fn.countAll<number>().as('n'));
  if (userId !== undefined) q = q.where('user_id', '=', userId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

describe('web push', () => {
  let t: TestApp;
  let push: PushService;
  let manager: TestStaff;
  let author: TestStaff;

  beforeAll(async () => {
    // Retries at once: the test of a push service's 500 need not wait for back-off.
    t = await buildTestApp({ MAIL_RETRY_SECONDS: '0' });
    push = await startPushService();
    manager = await createStaff(t.app, 'manager', { name: 'Ольга' });
    author = await createStaff(t.app, 'performer', { name: 'Иван К.' });
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  describe('subscriptions', () => {
    it('answers 401 without a token on every push and settings route', async () => {
      for (const [method, url] of [
        ['GET', api.push.vapidPublicKey],
        ['POST', api.push.subscriptions],
        ['DELETE', api.push.subscriptions],
        ['GET', api.profile.notifications],
        ['PATCH', api.profile.notifications],
      ] as const) {
        const res = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    });

    it('gives the VAPID public key: an uncompressed P-256 point in base64url', async () => {
      const c = await registerCustomer(t.app);
      const res = await t.app.inject({
        method: 'GET',
        url: api.push.vapidPublicKey,
        headers: bearer(c.access),
      });
      expect(res.statusCode).toBe(200);
      const { key } = res.json() as { key: string };
      expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    });

    it('refuses an endpoint that is not https and keys of the wrong size, field by field in Russian', async () => {
      const c = await registerCustomer(t.app);
      const good = push.subscription();
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [
          { ...good, endpoint: 'http://push.example.com/x' },
          'endpoint',
          notificationMessages.endpointInvalid,
        ],
        [{ ...good, endpoint: 'ftp://push.example.com/x' }, 'endpoint', notificationMessages.endpointInvalid],
        [{ ...good, endpoint: 'не ссылка' }, 'endpoint', notificationMessages.endpointInvalid],
        [
          { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } },
          'keys.p256dh',
          notificationMessages.p256dhInvalid,
        ],
        [
          { ...good, keys: { ...good.keys, p256dh: `${good.keys.p256dh.slice(0, -2)}+/` } },
          'keys.p256dh',
          notificationMessages.p256dhInvalid,
        ],
        [
          { ...good, keys: { ...good.keys, auth: Buffer.alloc(15).toString('base64url') } },
          'keys.auth',
          notificationMessages.authInvalid,
        ],
        [{ endpoint: good.endpoint }, 'keys', notificationMessages.p256dhInvalid],
      ];
      for (const [payload, field, message] of cases) {
        const res = await t.app.inject({
          method: 'POST',
          url: api.push.subscriptions,
          headers: bearer(c.access),
          payload: { endpoint: payload.endpoint, keys: payload.keys },
        });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect((res.json() as { errors: Record<string, string[]> }).errors[field]).toEqual([message]);
      }
      expect(await subscriptionCount(t, await userIdOf(t, c.email))).toBe(0);
    });

    it('keeps the ten newest per customer, updates a re-posted endpoint, and deletes only the own one', async () => {
      const c = await registerCustomer(t.app);
      const auth = bearer(c.access);
      const userId = await userIdOf(t, c.email);
      const subs = Array.from({ length: PUSH_SUBSCRIPTIONS_MAX + 2 }, () => push.subscription());
      for (const sub of subs) await subscribeBrowser(t.app, auth, sub);
      expect(await subscriptionCount(t, userId)).toBe(PUSH_SUBSCRIPTIONS_MAX);
      const kept = await t.app.database.db
        .selectFrom('push_subscriptions')
        .select('endpoint')
        .where('user_id', '=', userId)
        .execute();
      expect(kept.map((k) => k.endpoint).sort()).toEqual(
        subs
          .slice(2)
          .map((s) => s.endpoint)
          .sort(),
      );

      // The same endpoint again: new keys, no second row.
      const renewed = push.subscription();
      await subscribeBrowser(t.app, auth, { endpoint: subs[5]!.endpoint, keys: renewed.keys }, 200);
      expect(await subscriptionCount(t, userId)).toBe(PUSH_SUBSCRIPTIONS_MAX);
      const row = await t.app.database.db
        .selectFrom('push_subscriptions')
        .select(['p256dh', 'auth'])
        .where('endpoint', '=', subs[5]!.endpoint)
        .executeTakeFirstOrThrow();
      expect(row).toEqual(renewed.keys);

      // Another customer cannot delete it; its owner can.
      const other = await registerCustomer(t.app);
      const foreign = await t.app.inject({
        method: 'DELETE',
        url: api.push.subscriptions,
        headers: bearer(other.access),
        payload: { endpoint: subs[6]!.endpoint },
      });
      expect(foreign.statusCode).toBe(204);
      expect(await subscriptionCount(t, userId)).toBe(PUSH_SUBSCRIPTIONS_MAX);
      const own = await t.app.inject({
        method: 'DELETE',
        url: api.push.subscriptions,
        headers: auth,
        payload: { endpoint: subs[6]!.endpoint },
      });
      expect(own.statusCode).toBe(204);
      expect(await subscriptionCount(t, userId)).toBe(PUSH_SUBSCRIPTIONS_MAX - 1);

      // A browser signed in as someone else now: its endpoint moves to them, still one row.
      await subscribeBrowser(t.app, bearer(other.access), subs[7]!, 200);
      expect(await subscriptionCount(t, userId)).toBe(PUSH_SUBSCRIPTIONS_MAX - 2);
      expect(await subscriptionCount(t, await userIdOf(t, other.email))).toBe(1);
    });
  });

  describe('delivery', () => {
    it('pushes a staff message to a customer with no socket open, encrypted for the browser, once a minute per order', async () => {
      const o = await chatOrder(t.app, { manager, author });
      const sub = push.subscription();
      await subscribeBrowser(t.app, o.customer, sub);

      await sendOk(t.app, manager.auth, o.orderId, 'Работа почти готова, осталось оформление.', true);
      const got = await push.next(sub, 1);
      expect(got.message).toEqual({
        title: `Новое сообщение по заказу № ${o.orderId}`,
        body: 'Менеджер Ольга: Работа почти готова, осталось оформление.',
        url: `/order/${o.orderId}/chat`,
      });
      expect(got.headers['content-encoding']).toBe('aes128gcm');
      expect(got.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
      expect(Number(got.headers.ttl)).toBeGreaterThan(0);

      // Within the minute: stored and shown, not pushed again.
      await sendOk(t.app, author.auth, o.orderId, 'И список литературы.', true);
      await t.app.notifications.flush();
      expect(push.of(sub)).toHaveLength(1);
      // The customer's own message is never pushed to them.
      await sendOk(t.app, o.customer, o.orderId, 'Спасибо!');
      await t.app.notifications.flush();
      expect(push.of(sub)).toHaveLength(1);
    });

    it('does not push while one of the customer’s sockets is open', async () => {
      const o = await chatOrder(t.app, { manager, author });
      const sub = push.subscription();
      await subscribeBrowser(t.app, o.customer, sub);
      const base = await listenForSockets(t.app);
      const socket = await TestSocket.ready(base, o.customer.authorization.replace(/^Bearer /, ''));
      await sendOk(t.app, manager.auth, o.orderId, 'Вы на связи?', true);
      await t.app.notifications.flush();
      expect(push.of(sub)).toHaveLength(0);

      socket.close();
      // The server hears the socket go.
      await new Promise((r) => setTimeout(r, 300));
      await sendOk(t.app, manager.auth, o.orderId, 'Напишите, когда сможете.', true);
      expect((await push.next(sub, 1)).message.body).toBe('Менеджер Ольга: Напишите, когда сможете.');
    });

    it('tells of a status change made by staff, and respects the settings', async () => {
      const c = await registerCustomer(t.app);
      const auth = bearer(c.access);
      const sub = push.subscription();
      await subscribeBrowser(t.app, auth, sub);
      const workType = (await workTypes(t.app, auth))[0]!;
      const first = (await placeOrder(t.app, auth, orderBody(workType))).id;
      const priced = await t.app.inject({
        method: 'PATCH',
        url: staffApi.order(first),
        headers: manager.auth,
        payload: { price: 300_000 },
      });
      expect(priced.statusCode, priced.body).toBe(200);
      const got = await push.next(sub, 1);
      expect(got.message.title).toBe(`Заказ № ${first}: новый статус`);
      expect(got.message.url).toBe(`/order/${first}`);

      // Status changes off for push: the next one is not pushed.
      const off = await t.app.inject({
        method: 'PATCH',
        url: api.profile.notifications,
        headers: auth,
        payload: { events: { status: { push: false } } },
      });
      expect(off.statusCode, off.body).toBe(200);
      expect(NotificationSettingsSchema.parse(off.json()).events.status).toEqual({
        email: true,
        push: false,
        telegram: true,
      });
      const second = (await placeOrder(t.app, auth, orderBody(workType))).id;
      const pricedAgain = await t.app.inject({
        method: 'PATCH',
        url: staffApi.order(second),
        headers: manager.auth,
        payload: { price: 200_000 },
      });
      expect(pricedAgain.statusCode).toBe(200);
      await t.app.notifications.flush();
      expect(push.of(sub)).toHaveLength(1);
    });

    it('pushes no chat message when messages are off for push', async () => {
      const o = await chatOrder(t.app, { manager, author });
      const sub = push.subscription();
      await subscribeBrowser(t.app, o.customer, sub);
      const off = await t.app.inject({
        method: 'PATCH',
        url: api.profile.notifications,
        headers: o.customer,
        payload: { events: { message: { push: false } } },
      });
      expect(off.statusCode).toBe(200);
      await sendOk(t.app, manager.auth, o.orderId, 'Тишина?', true);
      await t.app.notifications.flush();
      expect(push.of(sub)).toHaveLength(0);
    });

    it('tells of final files delivered, and leaves out their e-mail when files are off for e-mail', async () => {
      const o = await chatOrder(t.app, { manager, author });
      const sub = push.subscription();
      await subscribeBrowser(t.app, o.customer, sub);
      const off = await t.app.inject({
        method: 'PATCH',
        url: api.profile.notifications,
        headers: o.customer,
        payload: { events: { files: { email: false } } },
      });
      expect(off.statusCode).toBe(200);
      const mailed = await mailCount(t.app, o.email);
      const uploader = await staffUploader(t.app);
      try {
        await uploader.uploadOk({ role: 'performer', staffId: author.id }, o.orderId, 'final', [
          { name: 'Курсовая.pdf', content: samples.pdf },
        ]);
      } finally {
        await uploader.close();
      }
      expect((await push.next(sub, 1)).message).toEqual({
        title: `Готовые файлы по заказу № ${o.orderId}`,
        body: 'Автор загрузил работу: её можно скачать и проверить',
        url: `/order/${o.orderId}/files`,
      });
      expect(await mailCount(t.app, o.email)).toBe(mailed);
    });

    it('tells of a card payment settled and of one declined at the bank', async () => {
      const customer = await payCustomer(t.app);
      const sub = push.subscription();
      await subscribeBrowser(t.app, customer.auth, sub);
      const bankPage = async (orderId: number) => {
        const res = await pay(t.app, customer.auth, {
          purpose: 'order',
          object_id: orderId,
          payment_method: 'bank_card',
        });
        expect(res.statusCode, res.body).toBe(200);
        return new URL((res.json() as { confirmation_url: string }).confirmation_url).pathname;
      };
      const answer = (path: string, card: string) =>
        t.app.inject({
          method: 'POST',
          url: path,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ action: 'pay', card, exp: '12/35', cvc: '123' }).toString(),
        });

      const paid = await awaitingOrder(t.app, customer, 1_500_00);
      expect((await answer(await bankPage(paid), '4242 4242 4242 4242')).statusCode).toBe(303);
      const settled = await push.next(sub, 1);
      expect(settled.message.title).toBe('Оплата прошла');
      expect(settled.message.body).toMatch(/1\s500\s₽ получено$/);
      expect(settled.message.url).toBe(`/order/${paid}`);

      const declined = await awaitingOrder(t.app, customer, 1_200_00);
      expect((await answer(await bankPage(declined), '4000 0000 0000 0002')).statusCode).toBe(303);
      const refused = await push.next(sub, 2);
      expect(refused.message.title).toBe('Оплата не прошла');
      expect(refused.message.url).toBe(`/order/${declined}`);
    });

    it('removes a subscription the push service says is gone (410), and retries a 500', async () => {
      const o = await chatOrder(t.app, { manager, author });
      const gone = push.subscription();
      const flaky = push.subscription();
      await subscribeBrowser(t.app, o.customer, gone);
      await subscribeBrowser(t.app, o.customer, flaky);
      push.answer(gone, 410);
      push.answer(flaky, 500, 503);
      await sendOk(t.app, manager.auth, o.orderId, 'Проверка связи', true);
      expect((await push.next(flaky, 1)).message.body).toBe('Менеджер Ольга: Проверка связи');
      await t.app.notifications.flush();
      const left = await t.app.database.db
        .selectFrom('push_subscriptions')
        .select('endpoint')
        .where('user_id', '=', o.userId)
        .execute();
      expect(left.map((r) => r.endpoint)).toEqual([flaky.endpoint]);
      const queued = await t.app.database.db.selectFrom('push_queue').selectAll().execute();
      expect(queued).toEqual([]);
    });
  });

  describe('settings', () => {
    it('starts from the defaults, with nothing promotional, and changes only what is sent', async () => {
      const c = await registerCustomer(t.app);
      const auth = bearer(c.access);
      const res = await t.app.inject({ method: 'GET', url: api.profile.notifications, headers: auth });
      expect(res.statusCode).toBe(200);
      const settings = NotificationSettingsSchema.parse(res.json());
      expect(settings.events).toEqual(NOTIFICATION_DEFAULTS);
      expect(settings.events.promotions).toEqual({ email: false, push: false, telegram: false });
      expect(settings.channels).toEqual(['email', 'push']);

      const patched = await t.app.inject({
        method: 'PATCH',
        url: api.profile.notifications,
        headers: auth,
        payload: { events: { files: { email: false }, promotions: { push: true, email: true } } },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      const after = NotificationSettingsSchema.parse(patched.json()).events;
      expect(after.files).toEqual({ email: false, push: true, telegram: true });
      expect(after.promotions).toEqual({ email: true, push: true, telegram: false });
      expect(after.message).toEqual(NOTIFICATION_DEFAULTS.message);
      // Promotions by e-mail is the newsletter of /api/client/profile/subscribe/.
      const profile = await t.app.inject({ method: 'GET', url: api.profile.root, headers: auth });
      expect((profile.json() as { unisender_status: { id: number } }).unisender_status.id).toBe(1);
      const unsubscribed = await t.app.inject({
        method: 'DELETE',
        url: api.profile.subscribe,
        headers: auth,
      });
      expect(unsubscribed.statusCode).toBe(200);
      const again = await t.app.inject({ method: 'GET', url: api.profile.notifications, headers: auth });
      expect(NotificationSettingsSchema.parse(again.json()).events.promotions.email).toBe(false);
    });

    it('refuses an unknown event or channel, and a switch that is not true or false', async () => {
      const c = await registerCustomer(t.app);
      for (const payload of [
        { events: { sms: { email: true } } },
        { events: { message: { fax: true } } },
        { events: { message: { push: 'да' } } },
        {},
      ]) {
        const res = await t.app.inject({
          method: 'PATCH',
          url: api.profile.notifications,
          headers: bearer(c.access),
          payload,
        });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect((res.json() as { detail: string }).detail).toMatch(/[а-я]/i);
      }
    });
  });
});

describe('web push in production', () => {
  it('is off without VAPID keys: the key and subscribing answer 404 in Russian, the settings offer e-mail only', async () => {
    const t = await buildTestApp({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
    try {
      const c = await registerCustomer(t.app);
      const key = await t.app.inject({
        method: 'GET',
        url: api.push.vapidPublicKey,
        headers: bearer(c.access),
      });
      expect(key.statusCode).toBe(404);
      expect((key.json() as { detail: string }).detail).toBe(notificationMessages.pushUnavailable);
      const settings = await t.app.inject({
        method: 'GET',
        url: api.profile.notifications,
        headers: bearer(c.access),
      });
      expect(NotificationSettingsSchema.parse(settings.json()).channels).toEqual(['email']);
    } finally {
      await t.close();
    }
  });

  it('with keys, gives the configured key and refuses a loopback http:// endpoint', async () => {
    const keys = webpush.generateVAPIDKeys();
    const t = await buildTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:support@example.com',
    });
    const push = await startPushService();
    try {
      const c = await registerCustomer(t.app);
      const key = await t.app.inject({
        method: 'GET',
        url: api.push.vapidPublicKey,
        headers: bearer(c.access),
      });
      expect(key.json()).toEqual({ key: keys.publicKey });
      const sub = push.subscription();
      const res = await t.app.inject({
        method: 'POST',
        url: api.push.subscriptions,
        headers: bearer(c.access),
        payload: { endpoint: sub.endpoint, keys: sub.keys },
      });
      expect(res.statusCode).toBe(400);
      expect((res.json() as { errors: Record<string, string[]> }).errors.endpoint).toEqual([
        notificationMessages.endpointLoopbackOnly,
      ]);
    } finally {
      await t.close();
      await push.close();
    }
  });
});

/**
 * Two instances on one database and one Redis: the customer's socket on one, the manager writing
 * on the other. The presence in Redis tells the second one that the customer is looking.
 */
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  'web push across two instances',
  () => {
    let redis: ChildProcess;
    let one: TestApp;
    let two: TestApp;
    let push: PushService;

    beforeAll(async () => {
      const port = await freePort();
      redis = await startRedis(port);
      const shared = { REDIS_URL: `redis://127.0.0.1:${port}`, JWT_SECRET: `push-cluster-${randomUUID()}` };
      one = await buildTestApp(shared);
      two = await buildTestApp({ ...shared, DATABASE_URL: one.config.DATABASE_URL as string });
      push = await startPushService();
    });
    afterAll(async () => {
      await two?.close();
      await one?.close();
      await push?.close();
      if (redis) await stopRedis(redis);
    });

    it('does not push a customer whose socket is open on the other instance, and does once it closes', async () => {
      const manager = await createStaff(one.app, 'manager', { name: 'Ольга' });
      const author = await createStaff(one.app, 'performer', { name: 'Иван К.' });
      const o = await chatOrder(one.app, { manager, author });
      const sub = push.subscription();
      await subscribeBrowser(one.app, o.customer, sub);
      const socket = await TestSocket.ready(
        await listenForSockets(one.app),
        o.customer.authorization.replace(/^Bearer /, ''),
      );
      // The socket's presence reaches Redis just after it opens.
      await new Promise((r) => setTimeout(r, 200));
      await sendOk(two.app, manager.auth, o.orderId, 'Вы здесь?', true);
      await two.app.notifications.flush();
      expect(push.of(sub)).toHaveLength(0);

      socket.close();
      await new Promise((r) => setTimeout(r, 300));
      await sendOk(two.app, manager.auth, o.orderId, 'Ответьте, когда сможете.', true);
      expect((await push.next(sub, 1)).message.body).toBe('Менеджер Ольга: Ответьте, когда сможете.');
    });
  },
);
