import {
  linkMessages,
  orderMessages,
  promoMessages,
  type CostBreakdown,
  type DiscountBreakdown,
  type Draft,
} from '@cabinet/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/errors';
import {
  createOrderFormSchema,
  emptyOrderForm,
  linkError,
  toDraftPayload,
  toOrderPayload,
  toServerFieldErrors,
  toUpdatePayload,
  valuesFromDraft,
  type OrderFormValues,
} from './model';
import {
  LatestRun,
  combineQuote,
  costRequest,
  promoProblem,
  toPriceInput,
  type LatestEvent,
} from './pricing';
import { DraftSaver } from './draft-saver';

const EARLIEST = '2026-11-23';

const filled = (over: Partial<OrderFormValues> = {}): OrderFormValues => ({
  ...emptyOrderForm(),
  kind: 'wt-2',
  subject_id: '7',
  topic: '  Анализ рынка  ',
  university: { id: 5, title: 'МГУ' },
  deadline: '2026-12-01',
  pages: 30,
  originality: 70,
  verification_system_id: '3',
  requirements: 'ГОСТ',
  links: [{ value: ' https://example.com/a ' }, { value: '' }],
  promo_code: ' START ',
  ...over,
});

afterEach(() => vi.useRealTimers());

describe('form rules', () => {
  const errorsOf = (values: OrderFormValues, kept?: string) => {
    const result = createOrderFormSchema(EARLIEST, kept).safeParse(values);
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('accepts a filled form', () => {
    expect(errorsOf(filled())).toEqual({});
  });

  it('says what is missing in Russian', () => {
    expect(errorsOf(emptyOrderForm())).toMatchObject({
      kind: orderMessages.workTypeRequired,
      topic: orderMessages.topicRequired,
      deadline: orderMessages.deadlineInvalid,
      pages: orderMessages.pagesInvalid,
    });
  });

  it('refuses a deadline before tomorrow, but lets an edited order keep its own', () => {
    expect(errorsOf(filled({ deadline: '2026-11-22' }))).toEqual({
      deadline: orderMessages.deadlineTooEarly,
    });
    expect(errorsOf(filled({ deadline: EARLIEST }))).toEqual({});
    expect(errorsOf(filled({ deadline: '2026-11-20' }), '2026-11-20')).toEqual({});
  });

  it('needs no volume for a packet and checks originality only when given', () => {
    expect(errorsOf(filled({ kind: 'packet-1', pages: '' }))).toEqual({});
    expect(errorsOf(filled({ originality: '' }))).toEqual({});
    expect(errorsOf(filled({ originality: 101 }))).toEqual({ originality: orderMessages.originalityInvalid });
  });

  it('checks every filled link by the link rule of spec §5', () => {
    const links = [
      { value: 'https://example.com' },
      { value: 'http://192.168.1.1/x' },
      { value: 'ftp://10.0.0.1' },
    ];
    expect(errorsOf(filled({ links }))).toEqual({
      'links.1.value': linkMessages.invalid,
      'links.2.value': linkMessages.invalid,
    });
    expect(linkError('javascript:alert(1)')).toBe(linkMessages.invalid);
    expect(linkError('http://localhost/')).toBe(linkMessages.invalid);
    expect(linkError('https://8.8.8.8/doc')).toBeNull();
    expect(linkError('  ')).toBeNull();
  });
});

describe('payloads', () => {
  it('builds the order body: trimmed, empty links dropped, the draft and the uploads', () => {
    expect(toOrderPayload(filled(), { fakeId: 12, files: [4, 5] })).toEqual({
      work_type_id: 2,
      pages: 30,
      subject_id: 7,
      topic: 'Анализ рынка',
      university_id: 5,
      deadline: '2026-12-01',
      originality: 70,
      verification_system_id: 3,
      requirements: 'ГОСТ',
      links: ['https://example.com/a'],
      promo_code: 'START',
      files: [4, 5],
      fake_id: 12,
    });
  });

  it('sends a packet instead of a work type, and no fake_id or promo when there is none', () => {
    const body = toOrderPayload(filled({ kind: 'packet-3', promo_code: '' }), { fakeId: null, files: [] });
    expect(body).toMatchObject({ packet_id: 3 });
    expect(body).not.toHaveProperty('work_type_id');
    expect(body).not.toHaveProperty('fake_id');
    expect(body).not.toHaveProperty('promo_code');
  });

  it('keeps unfinished values out of a draft instead of sending what the server would refuse', () => {
    const draft = toDraftPayload(
      filled({
        deadline: '2026-13-40',
        pages: 0,
        originality: 'abc',
        kind: 'packet-1',
        topic: 'т'.repeat(600),
      }),
      [9],
    );
    expect(draft).toMatchObject({
      work_type_id: null,
      deadline: null,
      pages: null,
      originality: null,
      files: [9],
    });
    expect(draft.topic).toHaveLength(500);
  });

  it('builds the edit body with new uploads only', () => {
    expect(toUpdatePayload(filled(), [8])).toMatchObject({ work_type_id: 2, pages: 30, files: [8] });
  });

  it('restores a draft into the fields', () => {
    const draft: Draft = {
      id: 4,
      is_fake: true,
      details: {
        work_type: { id: 2, title: 'Курсовая' },
        subject: null,
        topic: 'Тема',
        university: { id: 5, title: 'МГУ' },
        deadline: null,
        pages: 20,
        originality: null,
        verification_system: null,
        requirements: '',
        links: ['https://example.com'],
        promo_code: null,
      },
      files: [],
      created_at: '',
      updated_at: '',
    };
    expect(valuesFromDraft(draft)).toMatchObject({
      kind: 'wt-2',
      subject_id: null,
      deadline: '',
      pages: 20,
      originality: '',
      links: [{ value: 'https://example.com' }],
      promo_code: '',
    });
  });

  it('puts server errors on the fields the form has', () => {
    const err = new ApiError({
      message: 'x',
      status: 400,
      kind: 'http',
      fieldErrors: { work_type_id: ['a'], university_id: ['b'], 'links.1': ['c'], topic: ['d'] },
    });
    expect((toServerFieldErrors(err) as ApiError).fieldErrors).toEqual({
      kind: ['a'],
      university: ['b'],
      'links.1.value': ['c'],
      topic: ['d'],
    });
  });
});

describe('price input', () => {
  it('waits for a valid work type, deadline and volume', () => {
    expect(toPriceInput(filled({ pages: '' }), EARLIEST, [])).toBeNull();
    expect(toPriceInput(filled({ deadline: '2026-11-01' }), EARLIEST, [])).toBeNull();
    expect(toPriceInput(filled({ kind: null }), EARLIEST, [])).toBeNull();
    expect(toPriceInput(filled({ originality: '' }), EARLIEST, [])).toMatchObject({
      items: [{ work_type_id: 2, pages: 30 }],
      originality: 0,
      promo_code: 'START',
      packet: null,
      orderId: null,
    });
  });

  it('prices an edit as the order: its id, its own deadline even when near, no new promo code', () => {
    const edited = { id: 41, deadline: '2026-11-20' };
    const input = toPriceInput(filled({ deadline: '2026-11-20' }), EARLIEST, [], edited);
    expect(input).toMatchObject({ orderId: 41, promo_code: '', deadline: '2026-11-20' });
    expect(costRequest(input!, input!.items[0]!)).toMatchObject({ order_id: 41 });
    expect(costRequest(input!, input!.items[0]!)).not.toHaveProperty('promo_code');
    // Another near day is still refused.
    expect(toPriceInput(filled({ deadline: '2026-11-21' }), EARLIEST, [], edited)).toBeNull();
  });

  it('prices a packet work by work with the packet id, and adds up what the server gave', () => {
    const packet = {
      id: 1,
      slug: 'p',
      title: 'Курсовая + презентация',
      description: '',
      discount_percent: 15,
      items: [
        { work_type_id: 2, work_type_title: 'Курсовая', pages: 30 },
        { work_type_id: 9, work_type_title: 'Презентация', pages: 12 },
      ],
    };
    const input = toPriceInput(filled({ kind: 'packet-1' }), EARLIEST, [packet]);
    expect(input?.items.map((i) => i.title)).toEqual(['Курсовая', 'Презентация']);
    expect(costRequest(input!, input!.items[1]!)).toMatchObject({ work_type_id: 9, pages: 12, packet_id: 1 });

    const priced = (total: number, lines: DiscountBreakdown['lines'], capped = false) => ({
      title: null,
      cost: { total } as CostBreakdown,
      discount: {
        total: total - lines.reduce((sum, l) => sum + l.amount, 0),
        lines,
        capped,
        promo_status: 'applied',
      } as DiscountBreakdown,
    });
    const quote = combineQuote(
      [
        priced(500_000, [
          { reason: 'first_order', amount: 50_000 },
          { reason: 'packet', amount: 75_000 },
        ]),
        priced(150_000, [
          { reason: 'first_order', amount: 15_000 },
          { reason: 'packet', amount: 22_500 },
        ]),
      ],
      15,
    );
    expect(quote.discounts).toEqual([
      { reason: 'first_order', amount: 65_000 },
      { reason: 'packet', amount: 97_500 },
    ]);
    expect(quote.total).toBe(650_000 - 65_000 - 97_500);
    expect(quote.capped).toBe(false);
    expect(combineQuote([priced(100_000, [], true)], null).capped).toBe(true);
  });

  it('names a refused promo code for the error under its field', () => {
    const quote = (promoStatus: DiscountBreakdown['promo_status']) => ({
      ...combineQuote([], null),
      promoStatus,
    });
    expect(promoProblem(quote('not_found'))).toBe(promoMessages.not_found);
    expect(promoProblem(quote('expired'))).toBe(promoMessages.expired);
    expect(promoProblem(quote('applied'))).toBeNull();
    expect(promoProblem(null)).toBeNull();
  });
});

describe('LatestRun: debounce and abort', () => {
  it('runs once after the pause, and a newer run aborts the one in flight and wins', async () => {
    vi.useFakeTimers();
    const signals: AbortSignal[] = [];
    const resolvers: Array<(v: string) => void> = [];
    const events: Array<LatestEvent<string>> = [];
    const runner = new LatestRun<string, string>(
      (input, signal) => {
        signals.push(signal);
        return new Promise((resolve) => resolvers.push(() => resolve(`price ${input}`)));
      },
      400,
      (e) => events.push(e),
    );
    runner.schedule('a');
    runner.schedule('ab');
    await vi.advanceTimersByTimeAsync(399);
    expect(signals).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(signals).toHaveLength(1);

    runner.schedule('abc');
    await vi.advanceTimersByTimeAsync(400);
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[1]?.aborted).toBe(false);
    resolvers[0]?.('late');
    resolvers[1]?.('abc');
    await vi.runAllTimersAsync();
    expect(events.filter((e) => e.status === 'done')).toEqual([{ status: 'done', result: 'price abc' }]);
  });

  it('reports a failure of the latest run, not of an aborted one', async () => {
    vi.useFakeTimers();
    const events: Array<LatestEvent<string>> = [];
    const runner = new LatestRun<string, string>(
      (_input, signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(new Error('aborted')));
          setTimeout(() => reject(new Error('boom')), 1000);
        }),
      10,
      (e) => events.push(e),
    );
    runner.schedule('a');
    await vi.advanceTimersByTimeAsync(10);
    runner.schedule('b');
    await vi.advanceTimersByTimeAsync(2000);
    expect(events.filter((e) => e.status === 'error')).toHaveLength(1);
  });
});

describe('DraftSaver', () => {
  const draftOf = (id: number) => ({ id }) as Draft;

  it('creates the draft on the first change, then updates it, only when something changed', async () => {
    vi.useFakeTimers();
    let body = toDraftPayload(emptyOrderForm(), []);
    const initial = body;
    const create = vi.fn(async () => draftOf(7));
    const update = vi.fn(async (id: number) => draftOf(id));
    const saved = vi.fn();
    const statuses: string[] = [];
    const saver = new DraftSaver(
      { read: () => body, create, update, onStatus: (s) => statuses.push(s), onSaved: saved, delayMs: 800 },
      null,
      initial,
    );
    saver.schedule();
    await vi.advanceTimersByTimeAsync(800);
    expect(create).not.toHaveBeenCalled();

    body = { ...body, topic: 'Т', files: [3] };
    saver.schedule();
    saver.schedule();
    await vi.advanceTimersByTimeAsync(800);
    expect(create).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ topic: 'Т', files: [3] }));
    expect(saved).toHaveBeenCalledWith(draftOf(7), expect.objectContaining({ files: [3] }));
    expect(statuses).toEqual(['saving', 'saved']);

    body = { ...body, files: [], topic: 'Тема' };
    saver.schedule();
    await vi.advanceTimersByTimeAsync(800);
    expect(update).toHaveBeenCalledWith(7, expect.objectContaining({ topic: 'Тема' }));
    expect(await saver.stop()).toBe(7);

    body = { ...body, topic: 'Другая' };
    saver.schedule();
    await vi.advanceTimersByTimeAsync(800);
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('stop waits for the save in flight and gives the new draft id', async () => {
    let finish: (d: Draft) => void = () => undefined;
    const saver = new DraftSaver(
      {
        read: () => ({ topic: 'x' }),
        create: () => new Promise<Draft>((resolve) => (finish = resolve)),
        update: vi.fn(),
        onStatus: () => undefined,
        onSaved: () => undefined,
        delayMs: 0,
      },
      null,
      {},
    );
    void saver.saveNow();
    await Promise.resolve();
    const stopped = saver.stop();
    finish(draftOf(11));
    await expect(stopped).resolves.toBe(11);
  });
});
