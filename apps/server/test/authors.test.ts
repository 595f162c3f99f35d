import {
  AUTHOR_REVIEWS_PAGE_SIZE,
  AuthorProfileSchema,
  OrderReviewStateSchema,
  OrderListSchema,
  OrderSchema,
  OwnReviewSchema,
  StaffAuthorSchema,
  StaffProfileSchema,
  StaffReviewSchema,
  StaffSubjectListSchema,
  TokensResponseSchema,
  api,
  authorMessages,
  staffApi,
  staffMessages,
  type WorkType,
} from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/db/seed';
import { DEMO_STAFF } from '../src/db/seed-staff';
import { bearer, buildTestApp, latestMail, registerCustomer, type TestApp } from './helpers';
import { orderBody, placeOrder, setStatus, workTypes } from './orders-fixtures';
import { createStaff, type TestStaff } from './staff-fixtures';

type Auth = { authorization: string };
const DAY_MS = 24 * 60 * 60 * 1000;

describe("authors' profiles, ratings and the customers' reviews", () => {
  let t: TestApp;
  let alice: Auth;
  let bob: Auth;
  let manager: TestStaff;
  let author: TestStaff;
  let otherAuthor: TestStaff;
  let wt: WorkType;

  beforeAll(async () => {
    t = await buildTestApp();
    alice = bearer((await registerCustomer(t.app, { fio: 'Иванова Алиса Петровна' })).access);
    bob = bearer((await registerCustomer(t.app)).access);
    manager = await createStaff(t.app, 'manager');
    author = await createStaff(t.app, 'performer', { name: 'Автор Пётр' });
    otherAuthor = await createStaff(t.app, 'performer', { name: 'Автор Семён' });
    wt = (await workTypes(t.app, alice))[0]!;
  });
  afterAll(() => t?.close());

  const inject = (auth: Auth, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

  /** An order of the customer's with the author, delivered («Проверьте работу») but not accepted. */
  const deliveredOrder = async (customer: Auth, by: TestStaff) => {
    const { id } = await placeOrder(t.app, customer, orderBody(wt));
    await t.app.database.db.updateTable('orders').set({ performer_id: by.id }).where('id', '=', id).execute();
    await setStatus(t.app, id, 5);
    return id;
  };
  const acceptedOrder = async (customer: Auth, by: TestStaff) => {
    const id = await deliveredOrder(customer, by);
    const res = await inject(customer, 'POST', api.orders.accept(id), {});
    expect(res.statusCode, res.body).toBe(200);
    return id;
  };
  const review = (customer: Auth, orderId: number, payload: object) =>
    inject(customer, 'POST', api.orders.review(orderId), payload);
  const profile = async (customer: Auth, authorId: number, query = '') => {
    const res = await inject(customer, 'GET', `${api.authors.byId(authorId)}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return AuthorProfileSchema.parse(res.json());
  };

  it("gives the order's author an id and a rating, null under three reviews", async () => {
    const { id } = await placeOrder(t.app, alice, orderBody(wt));
    const before = OrderSchema.parse((await inject(alice, 'GET', api.orders.byId(id))).json());
    expect(before.author).toBeNull();
    await t.app.database.db
      .updateTable('orders')
      .set({ performer_id: author.id })
      .where('id', '=', id)
      .execute();
    const after = OrderSchema.parse((await inject(alice, 'GET', api.orders.byId(id))).json());
    expect(after.author).toEqual({ id: author.id, name: 'Автор Пётр', rating: { value: null, count: 0 } });
  });

  it('refuses a review before the work is accepted (409), then takes it once and lets it be edited for 14 days', async () => {
    const id = await deliveredOrder(alice, author);
    const early = await review(alice, id, { rating: 5 });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json()).toMatchObject({ detail: authorMessages.reviewNotAccepted });
    const state = OrderReviewStateSchema.parse((await inject(alice, 'GET', api.orders.review(id))).json());
    expect(state).toEqual({ allowed: false, review: null });

    expect((await inject(alice, 'POST', api.orders.accept(id), {})).statusCode).toBe(200);
    const first = await review(alice, id, { rating: 4, text: '  Всё вовремя  ' });
    expect(first.statusCode, first.body).toBe(201);
    const written = OwnReviewSchema.parse(first.json());
    expect(written).toMatchObject({
      rating: 4,
      text: 'Всё вовремя',
      customer_name: 'Алиса',
      work_type: wt.title,
      editable: true,
    });
    expect(Date.parse(written.editable_until) - Date.parse(written.created_at)).toBe(14 * DAY_MS);

    const edited = await review(alice, id, { rating: 5, text: 'Исправил замечания сразу' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(OwnReviewSchema.parse(edited.json())).toMatchObject({ id: written.id, rating: 5 });
    const rows = await t.app.database.db
      .selectFrom('author_reviews')
      .selectAll()
      .where('order_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 5, author_id: author.id, text: 'Исправил замечания сразу' });

    // Fifteen days later the review stands as it is.
    await t.app.database.db
      .updateTable('author_reviews')
      .set({ created_at: new Date(Date.now() - 15 * DAY_MS).toISOString() })
      .where('id', '=', written.id)
      .execute();
    const late = await review(alice, id, { rating: 1 });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toMatchObject({ detail: authorMessages.reviewEditExpired });
    const afterLate = OrderReviewStateSchema.parse(
      (await inject(alice, 'GET', api.orders.review(id))).json(),
    );
    expect(afterLate).toMatchObject({ allowed: true, review: { rating: 5, editable: false } });
  });

  it('validates the rating and the text with field-level Russian messages', async () => {
    const id = await acceptedOrder(alice, otherAuthor);
    for (const payload of [{}, { rating: 0 }, { rating: 6 }, { rating: 4.5 }]) {
      const res = await review(alice, id, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ errors: { rating: [authorMessages.ratingRequired] } });
    }
    const long = await review(alice, id, { rating: 3, text: 'а'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ errors: { text: [authorMessages.reviewTooLong] } });
    expect((await review(alice, id, { rating: 3, text: 'а'.repeat(2000) })).statusCode).toBe(201);
  });

  it("answers 404 for another customer's order and changes nothing", async () => {
    const id = await acceptedOrder(alice, otherAuthor);
    expect((await review(bob, id, { rating: 1 })).statusCode).toBe(404);
    expect((await inject(bob, 'GET', api.orders.review(id))).statusCode).toBe(404);
    const rows = await t.app.database.db
      .selectFrom('author_reviews')
      .select('id')
      .where('order_id', '=', id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('shows an author to a customer who had an order with them and to managers, to nobody else', async () => {
    const fresh = await createStaff(t.app, 'performer', { name: 'Автор Новый' });
    const carol = bearer((await registerCustomer(t.app)).access);
    expect((await inject(carol, 'GET', api.authors.byId(fresh.id))).statusCode).toBe(404);
    await acceptedOrder(carol, fresh);
    const seen = await profile(carol, fresh.id);
    expect(seen).toMatchObject({
      id: fresh.id,
      name: 'Автор Новый',
      avatars: {},
      completed_orders: 1,
      rating: { value: null, count: 0 },
      reviews: { results: [], count: 0, next: null, previous: null },
    });
    // Bob never had an order with this author; a manager's id is no author's.
    expect((await inject(bob, 'GET', api.authors.byId(fresh.id))).statusCode).toBe(404);
    expect((await inject(carol, 'GET', api.authors.byId(manager.id))).statusCode).toBe(404);
    expect((await inject(carol, 'GET', api.authors.byId(999_999))).statusCode).toBe(404);
    // The staff side: a manager sees any author, an author only themselves.
    const byManager = await inject(manager.auth, 'GET', staffApi.author(fresh.id));
    expect(byManager.statusCode, byManager.body).toBe(200);
    expect(StaffAuthorSchema.parse(byManager.json())).toMatchObject({ id: fresh.id, completed_orders: 1 });
    expect((await inject(fresh.auth, 'GET', staffApi.author(fresh.id))).statusCode).toBe(200);
    expect((await inject(author.auth, 'GET', staffApi.author(fresh.id))).statusCode).toBe(404);
    // Customer and staff tokens are not interchangeable.
    expect((await inject(carol, 'GET', staffApi.author(fresh.id))).statusCode).toBe(403);
    expect((await inject(manager.auth, 'GET', api.authors.byId(fresh.id))).statusCode).toBe(403);
  });

  it('rates with the mean of visible reviews from three on; a hidden review is not counted nor shown, and its author is told', async () => {
    const rated = await createStaff(t.app, 'performer', { name: 'Автор Рейтинг' });
    const customers = await Promise.all(
      [1, 2, 3, 4].map(async () => bearer((await registerCustomer(t.app)).access)),
    );
    const orders: number[] = [];
    for (const c of customers) orders.push(await acceptedOrder(c, rated));
    const [c1, c2, c3, c4] = customers as [Auth, Auth, Auth, Auth];
    const ratings: Array<[Auth, number, number]> = [
      [c1, orders[0]!, 5],
      [c2, orders[1]!, 4],
    ];
    for (const [c, id, rating] of ratings) expect((await review(c, id, { rating })).statusCode).toBe(201);
    expect((await profile(c1, rated.id)).rating).toEqual({ value: null, count: 2 });

    expect((await review(c3, orders[2]!, { rating: 4 })).statusCode).toBe(201);
    expect((await profile(c1, rated.id)).rating).toEqual({ value: 4.3, count: 3 });
    const low = await review(c4, orders[3]!, { rating: 1, text: 'Грубость' });
    const lowId = OwnReviewSchema.parse(low.json()).id;
    expect((await profile(c1, rated.id)).rating).toEqual({ value: 3.5, count: 4 });
    const order = OrderSchema.parse((await inject(c1, 'GET', api.orders.byId(orders[0]!))).json());
    expect(order.author).toEqual({ id: rated.id, name: 'Автор Рейтинг', rating: { value: 3.5, count: 4 } });

    // An author may not hide a review, even of themselves.
    const byAuthor = await inject(rated.auth, 'POST', staffApi.reviewHide(lowId), { reason: 'Не нравится' });
    expect(byAuthor.statusCode).toBe(403);
    expect(byAuthor.json()).toMatchObject({ detail: staffMessages.managerOnly });
    const noReason = await inject(manager.auth, 'POST', staffApi.reviewHide(lowId), { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ errors: { reason: [authorMessages.hideReasonRequired] } });

    const hidden = await inject(manager.auth, 'POST', staffApi.reviewHide(lowId), { reason: 'Оскорбления' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(StaffReviewSchema.parse(hidden.json())).toMatchObject({
      id: lowId,
      hidden: { reason: 'Оскорбления' },
    });
    expect(
      (await inject(manager.auth, 'POST', staffApi.reviewHide(lowId), { reason: 'Ещё раз' })).statusCode,
    ).toBe(409);
    expect(
      (await inject(manager.auth, 'POST', staffApi.reviewHide(999_999), { reason: 'Нет' })).statusCode,
    ).toBe(404);

    const seen = await profile(c1, rated.id);
    expect(seen.rating).toEqual({ value: 4.3, count: 3 });
    expect(seen.reviews.results.map((r) => r.id)).not.toContain(lowId);
    expect(seen.reviews.count).toBe(3);
    // The author sees every review of theirs, the hidden one marked with its reason.
    const own = StaffAuthorSchema.parse((await inject(rated.auth, 'GET', staffApi.author(rated.id))).json());
    expect(own.reviews).toHaveLength(4);
    expect(own.reviews.find((r) => r.id === lowId)).toMatchObject({ hidden: { reason: 'Оскорбления' } });
    expect(own.rating).toEqual({ value: 4.3, count: 3 });

    await t.app.mailer.flush();
    const mail = await latestMail(t.app, rated.email);
    expect(mail.subject).toBe(`Отзыв к заказу №${orders[3]} скрыт`);
    expect(mail.text).toContain('Причина: Оскорбления');
    expect(mail.text).toContain('/staff/profile');
  });

  it('pages the reviews like the other lists: absolute next and previous, 404 past the end', async () => {
    const busy = await createStaff(t.app, 'performer', { name: 'Автор Занятой' });
    const orders: number[] = [];
    for (let i = 0; i < AUTHOR_REVIEWS_PAGE_SIZE + 2; i += 1) orders.push(await acceptedOrder(alice, busy));
    for (const [i, id] of orders.entries()) {
      expect((await review(alice, id, { rating: 1 + (i % 5) })).statusCode).toBe(201);
    }
    const first = await profile(alice, busy.id);
    expect(first.reviews.count).toBe(AUTHOR_REVIEWS_PAGE_SIZE + 2);
    expect(first.reviews.results).toHaveLength(AUTHOR_REVIEWS_PAGE_SIZE);
    expect(first.reviews.previous).toBeNull();
    expect(first.reviews.next).toBe(`http://localhost:3000${api.authors.byId(busy.id)}?page=2`);
    const second = await profile(alice, busy.id, '?page=2');
    expect(second.reviews.results).toHaveLength(2);
    expect(second.reviews.next).toBeNull();
    expect(second.reviews.previous).toBe(`http://localhost:3000${api.authors.byId(busy.id)}`);
    expect(first.completed_orders).toBe(AUTHOR_REVIEWS_PAGE_SIZE + 2);
    expect((await inject(alice, 'GET', `${api.authors.byId(busy.id)}?page=3`)).statusCode).toBe(404);
  });

  it('lets staff tell customers about themselves and their subjects, within limits', async () => {
    const subjects = (
      await t.app.database.db.selectFrom('subjects').select(['id', 'title']).limit(2).execute()
    ).sort((a, b) => a.title.localeCompare(b.title));
    expect(subjects).toHaveLength(2);
    const listed = await inject(author.auth, 'GET', staffApi.subjects);
    expect(listed.statusCode).toBe(200);
    expect(StaffSubjectListSchema.parse(listed.json()).results).toEqual(expect.arrayContaining(subjects));
    const empty = await inject(author.auth, 'GET', staffApi.profile);
    expect(StaffProfileSchema.parse(empty.json())).toEqual({ about: '', subjects: [] });

    const tooLong = await inject(author.auth, 'PUT', staffApi.profile, {
      about: 'я'.repeat(501),
      subject_ids: [],
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ errors: { about: [authorMessages.aboutTooLong] } });
    const unknown = await inject(author.auth, 'PUT', staffApi.profile, { about: '', subject_ids: [999_999] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ errors: { subject_ids: [authorMessages.unknownSubject] } });

    const saved = await inject(author.auth, 'PUT', staffApi.profile, {
      about: ' Кандидат наук, пишу по экономике ',
      subject_ids: subjects.map((s) => s.id),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(StaffProfileSchema.parse(saved.json())).toEqual({
      about: 'Кандидат наук, пишу по экономике',
      subjects,
    });
    // Alice has orders with this author (above): she sees it on the author's page.
    const seen = await profile(alice, author.id);
    expect(seen).toMatchObject({ about: 'Кандидат наук, пишу по экономике', subjects });
    // Saving again replaces the subjects.
    await inject(author.auth, 'PUT', staffApi.profile, { about: '', subject_ids: [subjects[0]!.id] });
    expect((await profile(alice, author.id)).subjects).toEqual([subjects[0]]);
  });
});

describe("the demo authors' faces", () => {
  it('shows the demo customer their author with «О себе» and subjects, seeded once', async () => {
    const t = await buildTestApp({ SEED_DEMO: '1' });
    try {
      const login = await t.app.inject({
        method: 'POST',
        url: api.auth.login,
        payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
      });
      const auth = bearer(TokensResponseSchema.parse(login.json()).tokens.access);
      const done = OrderListSchema.parse(
        (await t.app.inject({ method: 'GET', url: `${api.orders.root}?tab=done`, headers: auth })).json(),
      );
      const order = OrderSchema.parse(
        (
          await t.app.inject({ method: 'GET', url: api.orders.byId(done.results[0]!.id), headers: auth })
        ).json(),
      );
      expect(order.author).toMatchObject({ name: 'Иван К.', rating: { value: null, count: 0 } });
      const page = await t.app.inject({
        method: 'GET',
        url: api.authors.byId(order.author!.id),
        headers: auth,
      });
      expect(page.statusCode, page.body).toBe(200);
      const seeded = AuthorProfileSchema.parse(page.json());
      expect(seeded.about).toBe(DEMO_STAFF[1].about);
      expect(seeded.subjects.map((s) => s.title).sort()).toEqual([...DEMO_STAFF[1].subjects].sort());
      expect(seeded.completed_orders).toBeGreaterThan(0);
      // The demo customer accepted that work: the order may be reviewed now.
      const state = await t.app.inject({ method: 'GET', url: api.orders.review(order.id), headers: auth });
      expect(OrderReviewStateSchema.parse(state.json())).toEqual({ allowed: true, review: null });
    } finally {
      await t.close();
    }
  });
});
