import { chatMessages } from '@cabinet/contract';
import { describe, expect, it } from 'vitest';
import { ChatStore } from './chat-store';
import { byDay, dayLabel, deliveryOf, linkParts, mergeMessages, postError, shownName } from './model';
import { outbox, OUTBOX_KEYS } from './outbox';
import { author, chatMessage, me, ORDER_ID } from './test-server';

describe('linkParts', () => {
  it('links http, https and mailto only; the rest stays text, whole', () => {
    const text = '<b>x</b> javascript:alert(1) ftp://x.org https://ex.com/a?b=1, a@b.ru и ex.com';
    const parts = linkParts(text);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts.filter((p) => p.kind === 'link')).toEqual([
      { kind: 'link', text: 'https://ex.com/a?b=1', href: 'https://ex.com/a?b=1' },
      { kind: 'link', text: 'a@b.ru', href: 'mailto:a@b.ru' },
      { kind: 'link', text: 'ex.com', href: 'http://ex.com' },
    ]);
  });

  it('plain text is one part', () => {
    expect(linkParts('Привет\nкак дела')).toEqual([{ kind: 'text', text: 'Привет\nкак дела' }]);
  });
});

describe('days and times (Moscow)', () => {
  const now = new Date('2026-11-23T20:30:00Z'); // 23:30 in Moscow
  it('names today, yesterday, this year’s and older days', () => {
    expect(dayLabel('2026-11-23T06:00:00Z', now)).toBe('Сегодня');
    // 22:30 UTC on the 22nd is already the 23rd in Moscow.
    expect(dayLabel('2026-11-22T22:30:00Z', now)).toBe('Сегодня');
    expect(dayLabel('2026-11-22T10:00:00Z', now)).toBe('Вчера');
    expect(dayLabel('2026-01-05T10:00:00Z', now)).toBe('5 января');
    expect(dayLabel('2025-01-05T10:00:00Z', now)).toBe('5 января 2025');
  });

  it('groups consecutive messages by their Moscow day', () => {
    const days = byDay(
      [
        { created_at: '2026-11-22T10:00:00Z' },
        { created_at: '2026-11-22T20:59:00Z' },
        { created_at: '2026-11-22T21:00:00Z' },
      ],
      now,
    );
    expect(days.map((d) => [d.label, d.items.length])).toEqual([
      ['Вчера', 2],
      ['Сегодня', 1],
    ]);
  });
});

describe('messages', () => {
  it('merge keeps one per id, oldest first, the later copy winning', () => {
    const a = chatMessage(1, author, 'a');
    const b = chatMessage(2, me, 'b');
    const merged = mergeMessages([b], [a, { ...b, text: 'b2' }, a]);
    expect(merged.map((m) => [m.id, m.text])).toEqual([
      [1, 'a'],
      [2, 'b2'],
    ]);
  });

  it('faces and delivery: the customer is «Вы», read once the staff mark reaches the message', () => {
    const mine = chatMessage(5, me, 'x');
    const customer = { side: 'customer' } as const;
    expect(shownName(mine, customer)).toBe('Вы');
    expect(shownName(chatMessage(6, author, 'y'), customer)).toBe('Автор Иван К.');
    expect(deliveryOf(mine, customer, { customer: 9, staff: 4 })).toBe('sent');
    expect(deliveryOf(mine, customer, { customer: 0, staff: 5 })).toBe('read');
    const staff = { side: 'staff', staffId: 5 } as const;
    const authored = chatMessage(7, author, 'z', { staff_id: 5 });
    expect(shownName(authored, staff)).toBe('Вы');
    expect(shownName(chatMessage(8, author, 'z', { staff_id: 6 }), staff)).toBe('Автор Иван К.');
    expect(deliveryOf(authored, staff, { customer: 7, staff: 0 })).toBe('read');
  });

  it('checks a message with the contract’s messages', () => {
    expect(postError('', [])).toBe(chatMessages.textRequired);
    expect(postError('x'.repeat(4001), [])).toBe(chatMessages.textTooLong);
    expect(postError('', [1])).toBeNull();
    expect(postError('Привет', [])).toBeNull();
  });
});

describe('the outbox in localStorage', () => {
  it('keeps entries per order in order, skips a repeat and damaged entries, and cleans up', () => {
    const key = OUTBOX_KEYS.customer;
    const entry = (id: string) => ({
      client_id: id,
      text: id,
      file_ids: [],
      created_at: '2026-11-23T10:00:00Z',
    });
    outbox.add(key, 7, entry('a'));
    outbox.add(key, 7, entry('b'));
    outbox.add(key, 7, entry('a'));
    outbox.add(key, 8, entry('c'));
    expect(outbox.read(key, 7).map((e) => e.client_id)).toEqual(['a', 'b']);
    expect(JSON.parse(localStorage.getItem('chatOutbox') ?? '')).toHaveProperty('8');
    outbox.remove(key, 7, 'a');
    outbox.remove(key, 7, 'b');
    outbox.remove(key, 8, 'c');
    expect(localStorage.getItem('chatOutbox')).toBeNull();
    localStorage.setItem('chatOutbox', JSON.stringify({ 7: [{ client_id: 1 }, entry('d')], 8: 'x' }));
    expect(outbox.read(key, 7).map((e) => e.client_id)).toEqual(['d']);
    localStorage.setItem('chatOutbox', '{broken');
    expect(outbox.read(key, 7)).toEqual([]);
  });
});

describe('ChatStore', () => {
  it('sends an entry once even when the answer names another client_id', async () => {
    const posts: string[] = [];
    const store = new ChatStore({
      orderId: ORDER_ID,
      viewer: { side: 'customer' },
      outboxKey: OUTBOX_KEYS.customer,
      api: {
        page: () =>
          Promise.resolve({ results: [], has_more: false, read: { customer: 0, staff: 0 }, unread: 0 }),
        post: (body) => {
          posts.push(body.client_id);
          return Promise.resolve(
            chatMessage(40 + posts.length, me, body.text, { client_id: 'other-id-123' }),
          );
        },
        read: () => Promise.reject(new Error('not expected')),
      },
    });
    store.start();
    store.send('раз', []);
    await expect.poll(() => store.snapshot().pending).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(posts).toHaveLength(1);
    expect(store.snapshot().messages.map((m) => m.text)).toEqual(['раз']);
    expect(localStorage.getItem('chatOutbox')).toBeNull();
    store.stop();
  });
});
