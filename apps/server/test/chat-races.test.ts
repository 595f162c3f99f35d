import { ChatMessageSchema } from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { chatOrder, clientId, send } from './chat-fixtures';

/**
 * A message is stored by one statement that the unique index (order, sender, client_id) stops on
 * a repeat: attempts of one message sent at once — a client retrying over a slow line while the
 * first is still in flight — store one row, count it once and answer every attempt with it.
 */
describe('attempts of one message sent at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('store one message, answered 201 once and 200 to every other attempt, and count it once', async () => {
    const o = await chatOrder(t.app);
    const id = clientId();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        send(t.app, o.customer, o.orderId, { text: `Попытка ${i}`, client_id: id }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const messages = answers.map((a) => ChatMessageSchema.parse(a.json()));
    expect(new Set(messages.map((m) => m.id)).size).toBe(1);
    const rows = await t.app.database.db
      .selectFrom('chat_messages')
      .select(['id', 'text'])
      .where('order_id', '=', o.orderId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(messages.every((m) => m.text === rows[0]?.text)).toBe(true);
    // The author's counter rose by one, not by eight; the customer's own row reads up to it.
    const reads = await t.app.database.db
      .selectFrom('chat_reads')
      .select(['reader_key', 'unread', 'last_read_id'])
      .where('order_id', '=', o.orderId)
      .orderBy('reader_key')
      .execute();
    expect(reads).toEqual([
      { reader_key: 'customer', unread: 0, last_read_id: rows[0]?.id },
      { reader_key: `staff:${o.author.id}`, unread: 1, last_read_id: 0 },
    ]);
  });
});
