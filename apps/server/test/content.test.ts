import {
  api,
  authMessages,
  BannerListSchema,
  contentMessages,
  FaqListSchema,
  foldForSearch,
  OrderStatusId,
  SpaceSchema,
} from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldAsWritten } from '../src/db/migrations/015-content';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';
import { orderBody, placeOrder, setStatus, workTypes } from './orders-fixtures';

describe('content: spaces, FAQ, banners', () => {
  let t: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await buildTestApp();
    auth = bearer((await registerCustomer(t.app)).access);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth });
  const faq = async (query?: string) => {
    const url =
      query === undefined ? api.content.faq : `${api.content.faq}?answer=${encodeURIComponent(query)}`;
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return FaqListSchema.parse(res.json()).results;
  };

  it('needs a signed-in customer', async () => {
    for (const url of [api.content.faq, api.content.banners, api.content.space('originality')]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ detail: authMessages.notAuthorized });
    }
  });

  it('serves a seeded space by slug and by id, as blocks', async () => {
    const bySlug = await get(api.content.space('diplom-half-price'));
    expect(bySlug.statusCode, bySlug.body).toBe(200);
    const space = SpaceSchema.parse(bySlug.json());
    expect(space.title).toBe('Диплом за полцены');
    expect(space.blocks.map((b) => b.type)).toEqual(
      expect.arrayContaining(['heading', 'text', 'list', 'cta']),
    );

    const byId = await get(api.content.space(space.id));
    expect(byId.statusCode).toBe(200);
    expect(SpaceSchema.parse(byId.json())).toEqual(space);

    const originality = SpaceSchema.parse((await get(api.content.space('originality'))).json());
    expect(originality.title).toBe('Как мы проверяем оригинальность');
  });

  it('answers 404 with a Russian detail for an unknown space', async () => {
    for (const x of ['unknown', '999999', 'диплом']) {
      const res = await get(api.content.space(x));
      expect(res.statusCode, x).toBe(404);
      expect(res.json()).toEqual({ detail: contentMessages.spaceNotFound });
    }
  });

  it('lists at least 15 FAQ items without a query, each with a question and an answer', async () => {
    const all = await faq();
    expect(all.length).toBeGreaterThanOrEqual(15);
    expect(await faq('')).toEqual(all);
    for (const item of all) {
      expect(item.question.length).toBeGreaterThan(5);
      expect(item.answer.length).toBeGreaterThan(20);
    }
  });

  it('finds FAQ items whatever the case', async () => {
    const lower = await faq('антиплагиат');
    expect(lower.length).toBeGreaterThan(0);
    expect(lower.some((i) => i.question.includes('антиплагиат'))).toBe(true);
    expect(await faq('АНТИПЛАГИАТ')).toEqual(lower);
    expect(await faq('АнтиПлагиат')).toEqual(lower);
  });

  it('reads ё as е both ways, and searches the answers too', async () => {
    // «Пройдёт ли работа…» is found by «пройдет», and «вернём» in an answer by «вернем».
    const ye = await faq('ПРОЙДЕТ');
    expect(ye.map((i) => i.question)).toContain('Пройдёт ли работа проверку на антиплагиат?');
    expect(await faq('пройдёт')).toEqual(ye);
    const answers = await faq('вернем стоимость');
    expect(answers.map((i) => i.question)).toEqual(['Как вернуть деньги?']);
  });

  it('needs every word, and treats LIKE wildcards as text', async () => {
    const all = await faq();
    expect(await faq('частями')).toEqual(
      all.filter((i) => foldForSearch(`${i.question} ${i.answer}`).includes('частями')),
    );
    expect(await faq('оплатить частями зебра')).toEqual([]);
    // «85 %» is in one answer: a literal percent sign, not «anything».
    expect((await faq('%')).map((i) => i.question)).toEqual(['Какой процент оригинальности можно заказать?']);
    expect(await faq('_')).toEqual([]);
  });

  it('stores the FAQ folded as a query is folded, though migration 015 folds with its own frozen copy', async () => {
    const rows = await t.app.database.db
      .selectFrom('faq_items')
      .select(['question', 'answer', 'search_text'])
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.search_text).toBe(foldForSearch(`${row.question} ${row.answer}`));
    for (const text of ['  ЁЖИК  и\tЕлка ', 'Ёлка ЁЛКА ёлка', 'İstanbul ǅ', 'a\u00a0b']) {
      expect(foldAsWritten(text), text).toBe(foldForSearch(text));
    }
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await faq('квантовая хромодинамика')).toEqual([]);
  });

  it('refuses an overlong query with a field error', async () => {
    const res = await get(`${api.content.faq}?answer=${'а'.repeat(201)}`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['answer']);
  });

  it('lists the seeded banners with relative links, the diploma offer only after a completed order', async () => {
    const banners = async (headers: { authorization: string }) => {
      const res = await t.app.inject({ method: 'GET', url: api.content.banners, headers });
      expect(res.statusCode).toBe(200);
      return BannerListSchema.parse(res.json()).results;
    };
    // A new customer: no «Уже заказывали у нас?» — they have not.
    const fresh = await banners(auth);
    expect(fresh.map((b) => b.title)).toEqual(['Приведите друга', 'Проверка оригинальности']);
    for (const b of fresh) {
      expect(b.href.startsWith('/')).toBe(true);
      expect(b).not.toHaveProperty('image');
    }

    const customer = bearer((await registerCustomer(t.app)).access);
    const [workType] = await workTypes(t.app, customer);
    const order = await placeOrder(t.app, customer, orderBody(workType!));
    // Work delivered but not accepted yet: still not a returning customer.
    await setStatus(t.app, order.id, OrderStatusId.review);
    expect((await banners(customer)).map((b) => b.title)).not.toContain('Диплом за полцены');

    await setStatus(t.app, order.id, OrderStatusId.completed);
    const returning = await banners(customer);
    expect(returning.map((b) => b.title)).toEqual([
      'Диплом за полцены',
      'Приведите друга',
      'Проверка оригинальности',
    ]);
    expect(returning[0]?.text).toContain('Уже заказывали у нас?');

    // The completed order moved to the trash still counts; another customer's does not.
    await t.app.database.db
      .updateTable('orders')
      .set({ status_id: OrderStatusId.trashed, trashed_from_status: OrderStatusId.completed, is_trash: 1 })
      .where('id', '=', order.id)
      .execute();
    expect((await banners(customer)).map((b) => b.title)).toContain('Диплом за полцены');
    expect((await banners(auth)).map((b) => b.title)).not.toContain('Диплом за полцены');
  });
});
