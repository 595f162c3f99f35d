import {
  OrderPacketListSchema,
  SubjectListSchema,
  UNIVERSITY_SEARCH_LIMIT,
  UniversityListSchema,
  VerificationSystemListSchema,
  WorkTypeListSchema,
  authMessages,
  normalizeSearchText,
  referenceApi,
  type University,
} from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeAsWritten } from '../src/db/migrations/002-reference';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';

describe('reference data', () => {
  let t: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await buildTestApp();
    auth = bearer((await registerCustomer(t.app)).access);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth });
  const search = async (q: string): Promise<University[]> => {
    const res = await get(`${referenceApi.universities}?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    return UniversityListSchema.parse(res.json());
  };

  it('needs a signed-in customer for every list', async () => {
    for (const url of Object.values(referenceApi)) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ detail: authMessages.notAuthorized });
      expect(res.headers['cache-control'], url).not.toBe('private, max-age=300');
    }
  });

  it('lets the browser keep every list for five minutes, privately', async () => {
    for (const url of Object.values(referenceApi)) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, max-age=300');
    }
  });

  it('lists the work types of the service, cheapest coursework rules included', async () => {
    const types = WorkTypeListSchema.parse((await get(referenceApi.workTypes)).json());
    expect(types.length).toBeGreaterThanOrEqual(18);
    const titles = types.map((w) => w.title);
    for (const title of [
      'Курсовая работа',
      'Дипломная работа (ВКР)',
      'Реферат',
      'Контрольная работа',
      'Эссе',
    ]) {
      expect(titles).toContain(title);
    }
    expect(titles).toContain('Отчёт по практике');
    expect(titles).toContain('Магистерская диссертация');
    const coursework = types.find((w) => w.slug === 'kursovaya');
    expect(coursework).toMatchObject({
      price_per_page: 15_000,
      min_pages: 15,
      typical_pages: 30,
      min_days: 7,
    });
    for (const w of types) expect(w.typical_pages).toBeGreaterThanOrEqual(w.min_pages);
  });

  it('lists order packets with their items, which are real work types', async () => {
    const packets = OrderPacketListSchema.parse((await get(referenceApi.orderPackets)).json());
    const types = WorkTypeListSchema.parse((await get(referenceApi.workTypes)).json());
    const titleOf = new Map(types.map((w) => [w.id, w.title]));
    expect(packets.length).toBeGreaterThanOrEqual(5);
    const defence = packets.find((p) => p.title === 'Курсовая + презентация + доклад к защите');
    expect(defence?.items.map((i) => i.work_type_title)).toEqual([
      'Курсовая работа',
      'Презентация',
      'Доклад',
    ]);
    for (const p of packets) {
      for (const item of p.items) expect(titleOf.get(item.work_type_id)).toBe(item.work_type_title);
    }
  });

  it('lists a few hundred subjects in groups, sorted within each group', async () => {
    const subjects = SubjectListSchema.parse((await get(referenceApi.subjects)).json());
    expect(subjects.length).toBeGreaterThanOrEqual(250);
    const groups = [...new Set(subjects.map((s) => s.group_title))];
    expect(groups).toEqual(
      expect.arrayContaining([
        'Гуманитарные науки',
        'Экономика и финансы',
        'Юридические науки',
        'IT и программирование',
      ]),
    );
    // Groups come as contiguous runs, so the form can show headings.
    expect(groups.length).toBe(new Set(subjects.map((s) => s.group_id)).size);
    const runs = subjects.map((s) => s.group_id).filter((g, i, all) => i === 0 || all[i - 1] !== g);
    expect(runs.length).toBe(groups.length);
    const law = subjects.filter((s) => s.group_title === 'Юридические науки').map((s) => s.title);
    expect(law).toEqual([...law].sort((a, b) => a.localeCompare(b, 'ru')));
    expect(law).toContain('Гражданское право');
  });

  it('lists the plagiarism-check systems', async () => {
    const systems = VerificationSystemListSchema.parse((await get(referenceApi.verificationSystems)).json());
    const titles = systems.map((s) => s.title);
    for (const title of [
      'Антиплагиат.ВУЗ',
      'Антиплагиат.ру',
      'eTXT Антиплагиат',
      'Advego Plagiatus',
      'Руконтекст',
    ]) {
      expect(titles).toContain(title);
    }
    expect(titles).toEqual(expect.arrayContaining(['Text.ru', 'Content-Watch']));
  });

  describe('university search', () => {
    it('offers the 20 most popular for an empty query', async () => {
      const top = await search('');
      expect(top).toHaveLength(UNIVERSITY_SEARCH_LIMIT);
      expect(top[0]?.short_title).toBe('МГУ');
      expect(top.map((u) => u.short_title)).toEqual(
        expect.arrayContaining(['СПбГУ', 'НИУ ВШЭ', 'УрФУ', 'КФУ']),
      );
      const res = await get(referenceApi.universities);
      expect(UniversityListSchema.parse(res.json())).toEqual(top);
    });

    it('is case-insensitive', async () => {
      const lower = await search('казанский');
      expect(lower.length).toBeGreaterThanOrEqual(5);
      expect(lower.every((u) => u.title.toLowerCase().includes('казанск'))).toBe(true);
      expect(lower.map((u) => u.title)).toContain('Казанский (Приволжский) федеральный университет');
      expect(await search('КАЗАНСКИЙ')).toEqual(lower);
      expect(await search('КаЗаНсКиЙ')).toEqual(lower);
      expect((await search('КАЗАН')).map((u) => u.city)).toContain('Казань');
    });

    it('treats ё and е as one letter, both ways', async () => {
      const withE = await search('королев');
      const withYo = await search('королёв');
      expect(withE).toEqual(withYo);
      expect(withE.map((u) => u.short_title)).toContain('Самарский университет');
      expect(withE.map((u) => u.city)).toContain('Королёв');
      const orel = await search('ОРЕЛ');
      expect(orel.length).toBeGreaterThanOrEqual(2);
      expect(orel.every((u) => u.city === 'Орёл' || /орёл|орел/i.test(u.title))).toBe(true);
      expect(await search('Орёл')).toEqual(orel);
      expect((await search('алферов')).map((u) => u.short_title)).toContain('Алфёровский университет');
    });

    it('finds by short name, city and the middle of a name', async () => {
      expect((await search('мифи'))[0]?.short_title).toBe('НИЯУ МИФИ');
      expect((await search('вшэ'))[0]?.short_title).toBe('НИУ ВШЭ');
      const tomsk = await search('томск');
      expect(tomsk.length).toBeGreaterThanOrEqual(5);
      expect(tomsk.every((u) => u.city === 'Томск' || u.title.includes('Томск'))).toBe(true);
      const bauman = await search('баумана');
      expect(bauman.map((u) => u.short_title)).toContain('МГТУ им. Н. Э. Баумана');
      expect(await search('Н.Э. Баумана')).toEqual(await search('н э баумана'));
    });

    it('puts prefix matches first, then word starts, then the rest', async () => {
      const norm = (text: string) =>
        text
          .toLowerCase()
          .replaceAll('ё', 'е')
          .replace(/[«».,()]/g, ' ')
          .replace(/\s+/g, ' ');
      const tier = (u: University, q: string) => {
        const fields = [u.title, u.short_title, u.city].map(norm);
        if (fields.some((f) => f.startsWith(q))) return 0;
        return fields.some((f) => f.includes(` ${q}`)) ? 1 : 2;
      };
      let mixed = 0;
      for (const q of ['мос', 'гу', 'тех', 'ский', 'агу', 'нефт']) {
        const tiers = (await search(q)).map((u) => tier(u, q));
        expect(tiers.length, q).toBeGreaterThan(0);
        expect(tiers, q).toEqual([...tiers].sort());
        mixed += new Set(tiers).size > 1 ? 1 : 0;
      }
      // Otherwise the order above would prove nothing.
      expect(mixed).toBeGreaterThanOrEqual(3);

      // «ломоносова» starts a word in МГУ's name and in САФУ's; МГУ, more popular, comes first.
      const lomonosov = await search('ломоносова');
      expect(lomonosov.map((u) => u.short_title).slice(0, 2)).toEqual(['МГУ', 'САФУ']);

      // «агу» starts the short names of АГУ (Майкоп) and others, and sits inside «Алтайский ГАУ» only as a substring.
      const agu = await search('агу');
      const prefixed = agu.filter((u) => u.short_title.toLowerCase().startsWith('агу'));
      expect(prefixed.length).toBeGreaterThanOrEqual(2);
      expect(agu.slice(0, prefixed.length)).toEqual(prefixed);
    });

    it('answers at most 20 for a broad query and nothing for an unknown one', async () => {
      const broad = await search('университет');
      expect(broad).toHaveLength(UNIVERSITY_SEARCH_LIMIT);
      expect(await search('Хогвартс')).toEqual([]);
    });

    it('treats LIKE wildcards and separators as plain text', async () => {
      expect(await search('%')).toEqual(await search(''));
      expect(await search('_')).toEqual(await search(''));
      // As a wildcard, «а%я» would match nearly every name; as text it is «а я», which few contain.
      const literal = await search('а%я');
      expect(literal).toEqual(await search('а я'));
      expect(literal.length).toBeLessThan(UNIVERSITY_SEARCH_LIMIT);
      expect(await search('москва|')).toEqual(await search('москва'));
    });

    it('refuses an over-long query', async () => {
      const res = await get(`${referenceApi.universities}?q=${'я'.repeat(101)}`);
      expect(res.statusCode).toBe(400);
    });
  });

  it('keys every university folded as a query is folded, though migration 002 folds with its own frozen copy', async () => {
    const rows = await t.app.database.db
      .selectFrom('universities')
      .select(['title', 'short_title', 'city', 'search_key'])
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const key = `|${[row.short_title, row.title, row.city].map(normalizeSearchText).join('|')}`;
      expect(row.search_key).toBe(key);
    }
    for (const text of ['  «МГУ» им. М.В. Ломоносова ', 'Ёлка|50%_x\\y', 'СПбГУ (Санкт-Петербург)']) {
      expect(normalizeAsWritten(text), text).toBe(normalizeSearchText(text));
    }
  });

  it('seeds several hundred universities across the country', async () => {
    const { n, cities } = await t.app.database.db
      .selectFrom('universities')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('city').distinct().as('cities')])
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBeGreaterThanOrEqual(300);
    expect(Number(cities)).toBeGreaterThanOrEqual(80);
  });
});
