import {
  api,
  authMessages,
  BannerListSchema,
  contentMessages,
  FaqListSchema,
  foldForSearch,
  SpaceSchema,
} from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';

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

  it('answers an empty list when nothing matches', async () => {
    expect(await faq('квантовая хромодинамика')).toEqual([]);
  });

  it('refuses an overlong query with a field error', async () => {
    const res = await get(`${api.content.faq}?answer=${'а'.repeat(201)}`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['answer']);
  });

  it('lists the three seeded banners with relative links', async () => {
    const res = await get(api.content.banners);
    expect(res.statusCode).toBe(200);
    const { results } = BannerListSchema.parse(res.json());
    expect(results).toHaveLength(3);
    expect(results.map((b) => b.title)).toContain('Диплом за полцены');
    for (const b of results) {
      expect(b.href.startsWith('/')).toBe(true);
      expect(b).not.toHaveProperty('image');
    }
  });
});
