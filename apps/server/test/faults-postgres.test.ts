import { ChatMessageSchema, PayResultSchema, api, type WorkType } from '@cabinet/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyInFlight } from '../src/modules/payments/idempotency';
import { errorMessages } from '../src/plugins/errors';
import { orderBody, placeOrder, workTypes } from './orders-fixtures';
import {
  awaitingOrder,
  expectLedgerOk,
  finances,
  giveMoney,
  idemKey,
  orderRow,
  pay,
  payCustomer,
  type PayCustomer,
} from './payments-fixtures';
import { buildAppOn, startPostgres, type TempPostgres } from './support/postgres';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An answer that takes longer than this is a hang, not a failure: the test fails on it. */
const HANG_MS = 10_000;

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const CARD = new URLSearchParams({
  action: 'pay',
  card: '4242 4242 4242 4242',
  exp: '12/35',
  cvc: '123',
}).toString();

/**
 * PostgreSQL stopped and started again under the app's feet (ADR 041): a cluster of the test's
 * own (initdb in a temporary directory, on a free port — never the shared server), the real app on
 * it in this process. Customers place orders, write in the chat and pay from the balance and by
 * card through the test bank while the server is stopped with `pg_ctl stop -m fast` (ending the
 * sessions under way) and started a second later. Every answer is a success or a 503 with the
 * Russian detail, none a 500 or a hang; the app reconnects by itself; a request repeated with its
 * Idempotency-Key or client_id lands exactly once, and the books balance.
 *
 * Run by `npm run test:services`, whose machine has the PostgreSQL binaries (`.ci/run` installs
 * them); skipped by the plain `npm test`, which runs on SQLite.
 */
describe.runIf(process.env.TEST_DATABASE_URL)(
  'PostgreSQL restarted under load (services suite only, `npm run test:services`: needs initdb)',
  () => {
    let pg: TempPostgres;
    let built: Awaited<ReturnType<typeof buildAppOn>>;
    let app: FastifyInstance;

    beforeAll(async () => {
      pg = await startPostgres();
      built = await buildAppOn({ DATABASE_URL: pg.url(), INSTALLMENTS_ENABLED: 'true' });
      app = built.app;
    });

    afterAll(async () => {
      try {
        await built?.close();
      } finally {
        await pg?.destroy();
      }
    });

    /** inject, failing the test on an answer that never comes. */
    async function answer(run: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
      let timer: NodeJS.Timeout | undefined;
      const hang = new Promise<never>((_, fail) => {
        timer = setTimeout(() => fail(new Error(`no answer within ${HANG_MS} ms`)), HANG_MS);
      });
      try {
        return await Promise.race([run(), hang]);
      } finally {
        clearTimeout(timer);
      }
    }

    /** A 503 as the error handler gives it for an unreachable database. */
    function expectUnavailable(res: LightMyRequestResponse, what: string) {
      expect(res.statusCode, `${what}: ${res.body}`).toBe(503);
      expect(res.headers['retry-after'], what).toBe('5');
      if (String(res.headers['content-type']).startsWith('text/html')) {
        expect(res.body, what).toContain(errorMessages.databaseUnavailable);
      } else {
        expect(res.json(), what).toEqual({ detail: errorMessages.databaseUnavailable });
      }
    }

    /**
     * Repeats a request (the same key, the same client_id) as a client does: after a 503, and after
     * a 409 «Такой запрос уже выполняется» (the key's release waits for the database to be back).
     */
    async function untilServed(what: string, run: () => Promise<LightMyRequestResponse>) {
      for (let attempt = 0; ; attempt += 1) {
        const res = await answer(run);
        const inFlight = res.statusCode === 409 && res.body.includes(idempotencyInFlight);
        if ((res.statusCode !== 503 && !inFlight) || attempt >= 40) return res;
        if (!inFlight) expectUnavailable(res, what);
        await pause(250);
      }
    }

    it('/readyz names the database while it is down, and a request gets the Russian 503 at once', async () => {
      const customer = await payCustomer(app);
      await pg.stop('fast');
      try {
        const ready = await answer(() => app.inject({ method: 'GET', url: '/readyz' }));
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toMatchObject({ status: 'unavailable', failed: ['database'] });
        expect(ready.json().detail).toBe('Сервис не готов: не отвечает база данных');
        const started = Date.now();
        const list = await answer(() =>
          app.inject({ method: 'GET', url: api.orders.root, headers: customer.auth }),
        );
        expectUnavailable(list, 'the orders list');
        expect(Date.now() - started).toBeLessThan(2_000);
      } finally {
        await pg.start();
      }
      const ready = await answer(() => app.inject({ method: 'GET', url: '/readyz' }));
      expect(ready.statusCode, ready.body).toBe(200);
      const list = await answer(() =>
        app.inject({ method: 'GET', url: api.orders.root, headers: customer.auth }),
      );
      expect(list.statusCode, list.body).toBe(200);
    });

    it('answers 503 to what is in flight across a restart, then serves again; nothing lands twice, the books balance', async () => {
      const GIVEN = 1_000_000_00;
      const PRICE = 1_000_00;
      const customers: PayCustomer[] = [];
      for (let i = 0; i < 3; i += 1) customers.push(await payCustomer(app));
      const workType: WorkType = (await workTypes(app, customers[0]!.auth))[0]!;
      interface Side {
        customer: PayCustomer;
        chatOrder: number;
        /** Orders to pay from the balance, then by card, one per attempt. */
        forBalance: number[];
        forCard: number[];
      }
      const sides: Side[] = [];
      for (const customer of customers) {
        await giveMoney(app, customer.id, GIVEN);
        const chatOrder = (await placeOrder(app, customer.auth, orderBody(workType))).id;
        const forBalance: number[] = [];
        const forCard: number[] = [];
        for (let i = 0; i < 6; i += 1) forBalance.push(await awaitingOrder(app, customer, PRICE));
        for (let i = 0; i < 4; i += 1) forCard.push(await awaitingOrder(app, customer, PRICE));
        sides.push({ customer, chatOrder, forBalance, forCard });
      }

      /** What was asked and answered during the load, to repeat the 503s afterwards. */
      interface Attempt {
        kind: 'order' | 'chat' | 'balance' | 'card' | 'bank';
        side: Side;
        res: LightMyRequestResponse;
        clientId?: string;
        key?: string;
        orderId?: number;
        bankPath?: string;
      }
      const attempts: Attempt[] = [];
      const chatIds = new Map<Side, string[]>();
      const balanceOrders = new Map<Side, number[]>();
      let loading = true;

      const chat = (side: Side, clientId: string) =>
        app.inject({
          method: 'POST',
          url: api.orders.messages(side.chatOrder),
          headers: side.customer.auth,
          payload: { text: `Сообщение ${clientId.slice(0, 8)}`, client_id: clientId },
        });
      const payBalance = (side: Side, orderId: number, key: string) =>
        pay(
          app,
          side.customer.auth,
          { purpose: 'order', object_id: orderId, payment_method: 'balance' },
          key,
        );
      const payCard = (side: Side, orderId: number, key: string) =>
        pay(
          app,
          side.customer.auth,
          { purpose: 'order', object_id: orderId, payment_method: 'bank_card' },
          key,
        );
      const bank = (path: string) => app.inject({ method: 'POST', url: path, headers: FORM, payload: CARD });
      const bankPathOf = (res: LightMyRequestResponse) =>
        new URL(PayResultSchema.parse(res.json()).confirmation_url ?? '').pathname;

      async function work(side: Side) {
        for (let step = 0; loading; step += 1) {
          // A customer's pace, not a flood: the chat's send limit (120 a minute) stays far off.
          await pause(10);
          const kind = (['chat', 'order', 'balance', 'chat', 'card'] as const)[step % 5]!;
          if (kind === 'chat') {
            const clientId = randomUUID();
            chatIds.set(side, [...(chatIds.get(side) ?? []), clientId]);
            attempts.push({ kind, side, clientId, res: await answer(() => chat(side, clientId)) });
          } else if (kind === 'order') {
            const res = await answer(() =>
              app.inject({
                method: 'POST',
                url: api.orders.root,
                headers: side.customer.auth,
                payload: orderBody(workType),
              }),
            );
            attempts.push({ kind, side, res });
          } else if (kind === 'balance') {
            const orderId = side.forBalance.shift();
            if (orderId === undefined) continue;
            balanceOrders.set(side, [...(balanceOrders.get(side) ?? []), orderId]);
            const key = idemKey();
            attempts.push({
              kind,
              side,
              key,
              orderId,
              res: await answer(() => payBalance(side, orderId, key)),
            });
          } else {
            const orderId = side.forCard.shift();
            if (orderId === undefined) continue;
            const key = idemKey();
            const res = await answer(() => payCard(side, orderId, key));
            attempts.push({ kind, side, key, orderId, res });
            if (res.statusCode !== 200) continue;
            const bankPath = bankPathOf(res);
            attempts.push({ kind: 'bank', side, orderId, bankPath, res: await answer(() => bank(bankPath)) });
          }
        }
      }

      /** Waits until `n` more requests than now have been answered (a slow machine answers fewer). */
      const answeredMore = async (n: number) => {
        const target = attempts.length + n;
        for (const end = Date.now() + 15_000; attempts.length < target && Date.now() < end;) await pause(20);
      };
      const load = Promise.all(sides.map(work));
      // The restart: sessions under way are ended (57P01), new ones refused while it is down.
      await answeredMore(12);
      const before = attempts.length;
      await pg.stop('fast');
      await pause(800);
      await pg.start();
      await answeredMore(12);
      loading = false;
      await load;
      expect(before, 'requests were answered before the restart').toBeGreaterThan(0);

      const expected: Record<Attempt['kind'], number[]> = {
        order: [201],
        chat: [201],
        balance: [200],
        card: [200],
        bank: [303],
      };
      const unavailable = attempts.filter((a) => a.res.statusCode === 503);
      for (const a of attempts) {
        if (a.res.statusCode === 503) expectUnavailable(a.res, a.kind);
        else
          expect(expected[a.kind], `${a.kind}: ${a.res.statusCode} ${a.res.body}`).toContain(
            a.res.statusCode,
          );
      }
      expect(unavailable.length, 'some requests met the restart').toBeGreaterThan(0);

      // Served again without restarting the app: what failed is repeated as a client repeats it.
      for (const a of unavailable) {
        if (a.kind === 'chat') {
          const res = await untilServed('chat', () => chat(a.side, a.clientId!));
          expect([200, 201], res.body).toContain(res.statusCode);
          expect(ChatMessageSchema.parse(res.json()).text).toBe(`Сообщение ${a.clientId!.slice(0, 8)}`);
        } else if (a.kind === 'balance') {
          const res = await untilServed('balance', () => payBalance(a.side, a.orderId!, a.key!));
          expect(res.statusCode, res.body).toBe(200);
        } else if (a.kind === 'card' || a.kind === 'bank') {
          let path = a.bankPath;
          if (a.kind === 'card') {
            const res = await untilServed('card', () => payCard(a.side, a.orderId!, a.key!));
            expect(res.statusCode, res.body).toBe(200);
            path = bankPathOf(res);
          }
          const res = await untilServed('bank', () => bank(path!));
          // 409: an earlier press was decided by the bank before the 503; pressing again settles it.
          expect([303, 409], res.body).toContain(res.statusCode);
        }
      }
      const ready = await answer(() => app.inject({ method: 'GET', url: '/readyz' }));
      expect(ready.statusCode, ready.body).toBe(200);
      const fresh = sides[0]!;
      const placed = await answer(() =>
        app.inject({
          method: 'POST',
          url: api.orders.root,
          headers: fresh.customer.auth,
          payload: orderBody(workType),
        }),
      );
      expect(placed.statusCode, placed.body).toBe(201);
      const clientId = randomUUID();
      chatIds.set(fresh, [...(chatIds.get(fresh) ?? []), clientId]);
      expect((await answer(() => chat(fresh, clientId))).statusCode).toBe(201);

      // Each message once, whether its first send was answered or not.
      for (const side of sides) {
        const ids = chatIds.get(side) ?? [];
        const rows = await app.database.db
          .selectFrom('chat_messages')
          .select('client_id')
          .where('order_id', '=', side.chatOrder)
          .where('client_id', 'is not', null)
          .execute();
        expect(rows.map((r) => r.client_id).sort()).toEqual([...ids].sort());
      }
      // No payment half made: each order paid in full or not at all, the balance down by exactly
      // the orders it paid, and every ledger movement whole.
      await expectLedgerOk(app);
      for (const side of sides) {
        let spent = 0;
        for (const orderId of balanceOrders.get(side) ?? []) {
          const row = await orderRow(app, orderId);
          expect(row.paid, `order ${orderId}`).toBe(PRICE);
          spent += row.paid;
        }
        expect((await finances(app, side.customer.id)).money).toBe(GIVEN - spent);
      }
      for (const a of attempts.filter((x) => x.kind === 'bank')) {
        expect((await orderRow(app, a.orderId!)).paid, `order ${a.orderId}`).toBe(PRICE);
      }
    }, 60_000);
  },
);
