import {
  api,
  OrderStatusId,
  TokensResponseSchema,
  WorkspaceFileListSchema,
  type OrderStatusId as StatusId,
} from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/db/seed';
import { DEMO_ORDERS, demoPdf } from '../src/db/seed-orders';
import { bearer, buildTestApp, type TestApp } from './helpers';

// A newcomer's first look at the demo: every order shows what its status implies — an order the
// author works on has its author, a paid one its payment, one under review or done the author's
// final file, which downloads and previews.

const PAID: readonly StatusId[] = [
  OrderStatusId.searchingAuthor,
  OrderStatusId.authorAssigned,
  OrderStatusId.inProgress,
  OrderStatusId.review,
  OrderStatusId.rework,
  OrderStatusId.completed,
];
const AUTHORED: readonly StatusId[] = PAID.filter((s) => s !== OrderStatusId.searchingAuthor);
const DELIVERED: readonly StatusId[] = [OrderStatusId.review, OrderStatusId.rework, OrderStatusId.completed];

describe('demo seed coherence', () => {
  let t: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await buildTestApp({ SEED_DEMO: '1' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/client/auth/login/',
      payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    auth = bearer(TokensResponseSchema.parse(login.json()).tokens.access);
  });
  afterAll(() => t.close());

  it('seeds what each status implies: author, payment, final file, guarantee', async () => {
    const db = t.app.database.db;
    const orders = await db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .select([
        'orders.id',
        'orders.status_id',
        'orders.trashed_from_status',
        'orders.performer_id',
        'orders.price',
        'orders.paid',
        'orders.guarantee_until',
        'orders.deadline',
      ])
      .where('users.email', '=', DEMO_EMAIL)
      .execute();
    expect(orders).toHaveLength(DEMO_ORDERS.length);
    // The demo has orders under review and done: the checks below are not vacuous.
    const stages = orders.map((o) => o.trashed_from_status ?? o.status_id);
    expect(stages).toEqual(expect.arrayContaining([OrderStatusId.review, OrderStatusId.completed]));

    for (const order of orders) {
      const status = (
        order.status_id === OrderStatusId.trashed ? order.trashed_from_status : order.status_id
      ) as StatusId;
      const label = `order ${order.id} in status ${status}`;
      const finals = await db
        .selectFrom('order_files')
        .select(['id', 'staff_id', 'mime', 'original_name'])
        .where('order_id', '=', order.id)
        .where('kind', '=', 'final')
        .execute();
      const payments = await db
        .selectFrom('payments')
        .select(['amount', 'status'])
        .where('purpose', '=', 'order')
        .where('object_id', '=', order.id)
        .execute();

      if (PAID.includes(status)) {
        expect(order.price, label).toBeGreaterThan(0);
        expect(order.paid, label).toBe(order.price);
        expect(
          payments.filter((p) => p.status === 'succeeded').reduce((sum, p) => sum + p.amount, 0),
          label,
        ).toBe(order.paid);
      } else {
        expect(order.paid, label).toBe(0);
        expect(payments, label).toEqual([]);
      }
      if (AUTHORED.includes(status)) expect(order.performer_id, label).not.toBeNull();
      else expect(order.performer_id, label).toBeNull();
      if (DELIVERED.includes(status)) {
        expect(finals.length, label).toBeGreaterThanOrEqual(1);
        expect(finals.every((f) => f.staff_id === order.performer_id && f.mime === 'application/pdf')).toBe(
          true,
        );
        expect(order.guarantee_until, label).not.toBeNull();
        // Never before the deadline's own guarantee: GUARANTEE_DAYS from the later of delivery and deadline.
        const deadlineGuarantee = Date.parse(`${order.deadline}T12:00:00Z`) + 19 * 86_400_000;
        expect(Date.parse(order.guarantee_until!), label).toBeGreaterThan(deadlineGuarantee);
      } else {
        expect(finals, label).toEqual([]);
      }
    }
  });

  it('lets the demo customer see, download and preview the final file of the order under review', async () => {
    const review = await t.app.database.db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .select('orders.id')
      .where('users.email', '=', DEMO_EMAIL)
      .where('orders.status_id', '=', OrderStatusId.review)
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'GET', url: api.orders.files(review.id), headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    const finals = WorkspaceFileListSchema.parse(res.json()).filter((f) => f.group === 'final');
    expect(finals).toHaveLength(1);
    const [file] = finals;
    expect(file!.name).toBe('Роль малого бизнеса в экономике региона.pdf');
    expect(file!.uploaded_by.name).toBe('Автор Иван К.');
    // New to the customer until marked reviewed: the review is the customer's move.
    expect(file!.is_reviewed).toBe(false);

    const download = await t.app.inject({ method: 'GET', url: file!.download_url, headers: auth });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const preview = await t.app.inject({ method: 'GET', url: file!.preview_url!, headers: auth });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
  });

  it('builds a PDF whose cross-reference table points at each object', () => {
    const pdf = demoPdf(['Demo order No. 1: the final work', 'text (with) brackets']).toString('latin1');
    const xref = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, i) => expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true));
  });
});
