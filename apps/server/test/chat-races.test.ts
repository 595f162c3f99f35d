import { ChatMessageSchema } from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as ChatRepo from '../src/modules/chat/repo';
import { buildTestApp, type TestApp } from './helpers';
import { chatOrder, clientId, send } from './chat-fixtures';

/**
 * Under the order's lock a repeat always finds the first message; the unique index is what is left
 * when an engine lets two first attempts past that check (several SQLite processes, a lock taken
 * differently one day). Here the check is made to miss once, as a racing attempt's would.
 */
const missNextLookup = vi.hoisted(() => ({ armed: false }));
vi.mock('../src/modules/chat/repo', async (importOriginal) => {
  const actual = await importOriginal<typeof ChatRepo>();
  return {
    ...actual,
    findByClientId: (...args: Parameters<typeof actual.findByClientId>) => {
      if (missNextLookup.armed) {
        missNextLookup.armed = false;
        return Promise.resolve(undefined);
      }
      return actual.findByClientId(...args);
    },
  };
});

describe('a repeat that races past the check', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('is stopped by the unique index and answers the first message with 200, changing nothing', async () => {
    const o = await chatOrder(t.app);
    const id = clientId();
    const first = await send(t.app, o.customer, o.orderId, { text: 'Первое', client_id: id });
    expect(first.statusCode).toBe(201);
    const reads = () =>
      t.app.database.db.selectFrom('chat_reads').selectAll().where('order_id', '=', o.orderId).execute();
    const before = await reads();

    missNextLookup.armed = true;
    const again = await send(t.app, o.customer, o.orderId, { text: 'Второе', client_id: id });
    expect(missNextLookup.armed).toBe(false);
    expect(again.statusCode, again.body).toBe(200);
    expect(ChatMessageSchema.parse(again.json())).toEqual(first.json());
    const rows = await t.app.database.db
      .selectFrom('chat_messages')
      .select('text')
      .where('order_id', '=', o.orderId)
      .execute();
    expect(rows).toEqual([{ text: 'Первое' }]);
    // The failed attempt's counters rolled back with it.
    expect(await reads()).toEqual(before);
  });
});
