import {
  linkMessages,
  orderMessages,
  promoMessages,
  type CostBreakdown,
  type DiscountBreakdown,
} from '@cabinet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/errors';
import { uploadFiles } from '../../../shared/api/upload';
import { renderRoute } from '../../../shared/ui/test-utils';
import { emptyOrderForm, type OrderFormValues } from '../model';
import { OrderForm } from './order-form';
import { fakeMediaQueryList } from '../../../shared/ui/media-query-fake';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));
vi.mock('../../../shared/api/upload', () => ({ uploadFiles: vi.fn() }));

const fetchMock = vi.mocked(apiFetch);
const uploadMock = vi.mocked(uploadFiles);

const cost: CostBreakdown = {
  price_per_page: 50_000,
  pages_billed: 30,
  base: 1_500_000,
  days_left: 5,
  urgency_percent: 120,
  urgency_surcharge: 300_000,
  originality_percent: 100,
  originality_surcharge: 0,
  verification_percent: 100,
  verification_surcharge: 0,
  total: 1_800_000,
};
const discount: DiscountBreakdown = {
  cost: 1_800_000,
  promo_status: 'none',
  promo_discount: 0,
  first_order_discount: 180_000,
  packet_discount: 0,
  discount_cap: 540_000,
  discount: 180_000,
  total: 1_620_000,
  lines: [{ reason: 'first_order', amount: 180_000 }],
  capped: false,
};

// jsdom has no FontFaceSet; Mantine's autosizing textarea listens to it.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
      configurable: true,
    });
  }
});

type Handler = (init: { method?: string; body?: unknown } | undefined) => unknown;
let routes: Record<string, Handler>;

beforeEach(() => {
  routes = {
    '/api/worktypes/': () => [
      {
        id: 2,
        slug: 'kurs',
        title: 'Курсовая работа',
        price_per_page: 50_000,
        min_pages: 15,
        typical_pages: 30,
        min_days: 7,
      },
    ],
    '/api/worktype/order-packets/': () => [],
    '/api/subjects/': () => [{ id: 7, title: 'Экономика', group_id: 1, group_title: 'Экономика и финансы' }],
    '/api/verification-systems/': () => [
      { id: 3, slug: 'vuz', title: 'Антиплагиат.ВУЗ', price_factor_percent: 110 },
    ],
    '/api/client/orders/calculate-cost/': () => cost,
    '/api/client/orders/calculate-discount/': () => discount,
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (path, init) => {
    const handler = routes[path];
    if (!handler) throw new Error(`unexpected call ${path}`);
    return handler(init);
  });
  uploadMock.mockReset();
});

const createdOrder = {
  id: 41,
  status: { id: 1, title: 'Оценка стоимости' },
  trash: { is_trash: false },
  is_editable: true,
  title: 'Курсовая работа',
  details: {
    work_type: { id: 2, title: 'Курсовая работа' },
    subject: null,
    topic: 'Анализ рынка',
    university: null,
    deadline: '2030-01-01',
    pages: 30,
    originality: 0,
    verification_system: null,
    requirements: '',
    links: [],
    promo_code: null,
  },
  cost: 1_800_000,
  discount: 180_000,
  price: 1_620_000,
  is_first_order: true,
  packet_id: null,
  created_at: '',
  updated_at: '',
  files: [],
  files_without_qc: [],
  paid: 0,
  author: null,
  deadline_at: null,
  guarantee_until: null,
  attention: { chat: 0, files: 0, care: 0, reworks: 0 },
  rework: { allowed: false, reason: null },
  can_accept: false,
  discounts: [],
  originality_report: null,
  packet_order_ids: [],
};

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const filled = (): OrderFormValues => ({
  ...emptyOrderForm(),
  kind: 'wt-2',
  topic: 'Анализ рынка',
  deadline: inDays(10),
  pages: 30,
});

const renderForm = (initialValues: OrderFormValues) =>
  renderRoute(<OrderForm mode="new" initialValues={initialValues} />, {
    path: '/order-new',
    otherPaths: ['/order/:id/success'],
  });

// Typing into Mantine's inputs in jsdom takes seconds when the machine is busy: a generous limit,
// so that a slow run is not taken for a failure.
describe('OrderForm', { timeout: 20_000 }, () => {
  it('shows the Russian validation messages on the fields and sends nothing', async () => {
    renderForm(emptyOrderForm());
    await userEvent.click(screen.getByRole('button', { name: 'Оформить заказ' }));
    expect(await screen.findByText(orderMessages.workTypeRequired)).toBeInTheDocument();
    expect(screen.getByText(orderMessages.topicRequired)).toBeInTheDocument();
    expect(screen.getByText(orderMessages.pagesInvalid)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([path]) => path === '/api/client/orders/')).toBe(false);
  });

  it('checks a link by the link rule as soon as the field is left', async () => {
    renderForm(filled());
    await userEvent.click(screen.getByRole('button', { name: 'Добавить ссылку' }));
    await userEvent.type(screen.getByLabelText('Ссылка 1'), 'http://192.168.0.1/file');
    await userEvent.tab();
    expect(await screen.findByText(linkMessages.invalid)).toBeInTheDocument();
  });

  it('shows the price breakdown in roubles before submitting', async () => {
    renderForm(filled());
    const price = await screen.findByRole('region', { name: 'Стоимость' });
    await within(price).findByText('Итого', {}, { timeout: 2000 });
    const text = price.textContent?.replace(/\s/g, ' ') ?? '';
    expect(text).toContain('Срочность (+20 %)');
    expect(text).toContain('Скидка на первый заказ');
    expect(text).toMatch(/16 200 ₽/);
    const calls = fetchMock.mock.calls.filter(([path]) => path.includes('calculate-'));
    expect(calls).toHaveLength(2);
    expect(calls[0]?.[1]?.body).toMatchObject({ work_type_id: 2, pages: 30, originality: 0 });
  });

  it('puts a server field error on its field, then places the order and goes to the success screen', async () => {
    let answer: 'error' | 'ok' = 'error';
    routes['/api/client/orders/'] = () => {
      if (answer === 'error') {
        throw ApiError.fromResponse(400, {
          detail: 'Такого типа работы нет в списке',
          errors: { work_type_id: ['Такого типа работы нет в списке'] },
        });
      }
      return createdOrder;
    };
    renderForm(filled());
    await userEvent.click(screen.getByRole('button', { name: 'Оформить заказ' }));
    const field = await screen.findByText('Такого типа работы нет в списке');
    expect(field.closest('[role=alert]')).toBeNull();

    answer = 'ok';
    fetchMock.mockClear();
    await userEvent.click(screen.getByRole('button', { name: 'Оформить заказ' }));
    expect(await screen.findByText('route:/order/:id/success')).toBeInTheDocument();
    const sent = fetchMock.mock.calls.find(([path]) => path === '/api/client/orders/')?.[1]?.body;
    expect(sent).toMatchObject({ work_type_id: 2, topic: 'Анализ рынка', pages: 30, files: [] });
    expect(sent).not.toHaveProperty('fake_id');
  });

  it('uploads each file on its own: a refused one says why, the other is kept', async () => {
    uploadMock.mockImplementation(async (_path, files) => {
      const file = files[0]!;
      if (file.name === 'big.pdf')
        throw ApiError.fromResponse(413, { detail: 'Файл слишком большой: не больше 50 МБ' });
      return [{ id: 5, name: file.name, size: file.size, mime: 'application/pdf', created_at: '' }];
    });
    renderForm(emptyOrderForm());
    await userEvent.upload(screen.getByLabelText('Файлы'), [
      new File(['%PDF'], 'ok.pdf', { type: 'application/pdf' }),
      new File(['%PDF'], 'big.pdf', { type: 'application/pdf' }),
    ]);
    expect(await screen.findByText('Не загружен: Файл слишком большой: не больше 50 МБ')).toBeInTheDocument();
    expect(screen.getByText('ok.pdf')).toBeInTheDocument();
    expect(screen.getByText('Загружен')).toBeInTheDocument();
    expect(uploadMock.mock.calls.map(([path]) => path)).toEqual([
      '/api/client/orders/ajax-files/',
      '/api/client/orders/ajax-files/',
    ]);
  });

  it('puts a refused promo code under its field, not in the price card', async () => {
    routes['/api/client/orders/calculate-discount/'] = () => ({
      ...discount,
      promo_status: 'not_found',
    });
    renderForm({ ...filled(), promo_code: 'NOPE' });
    const field = screen.getByLabelText('Промокод');
    await waitFor(() => expect(field).toHaveAccessibleDescription(promoMessages.not_found), {
      timeout: 3000,
    });
    const price = screen.getByRole('region', { name: 'Стоимость' });
    expect(within(price).queryByText(promoMessages.not_found)).toBeNull();
  });

  it('shows one line per discount reason, the cap only when it bites', async () => {
    routes['/api/client/orders/calculate-discount/'] = () => ({
      ...discount,
      promo_status: 'applied',
      promo_discount: 900_000,
      discount: 540_000,
      total: 1_260_000,
      lines: [
        { reason: 'first_order', amount: 180_000 },
        { reason: 'promo', amount: 360_000 },
      ],
      capped: true,
    });
    renderForm({ ...filled(), promo_code: 'HALF' });
    const price = await screen.findByRole('region', { name: 'Стоимость' });
    await within(price).findByText('Итого', {}, { timeout: 10_000 });
    const text = price.textContent?.replace(/\s/g, ' ') ?? '';
    expect(text).toContain('Скидка на первый заказ−1 800 ₽');
    expect(text).toContain('Скидка по промокоду−3 600 ₽');
    expect(text).toContain('Скидки вместе — не больше 30 % стоимости');
    expect(text).toContain('Итого12 600 ₽');
  });

  it('names the work on each line of a packet and prices each with the packet', async () => {
    routes['/api/worktype/order-packets/'] = () => [
      {
        id: 4,
        slug: 'vkr',
        title: 'Диплом под ключ',
        description: '',
        discount_percent: 15,
        items: [
          { work_type_id: 2, work_type_title: 'Курсовая работа', pages: 30 },
          { work_type_id: 2, work_type_title: 'Доклад', pages: 10 },
        ],
      },
    ];
    routes['/api/client/orders/calculate-discount/'] = () => ({
      ...discount,
      first_order_discount: 0,
      packet_discount: 270_000,
      discount: 270_000,
      total: 1_530_000,
      lines: [{ reason: 'packet', amount: 270_000 }],
    });
    renderForm({ ...filled(), kind: 'packet-4' });
    const price = await screen.findByRole('region', { name: 'Стоимость' });
    await within(price).findByText('Итого', {}, { timeout: 10_000 });
    const text = price.textContent?.replace(/\s/g, ' ') ?? '';
    expect(text).toContain('Курсовая работа: 30 стр. × 500 ₽');
    expect(text).toContain('Доклад: 30 стр. × 500 ₽');
    expect(text).toContain('Скидка пакета (15 %)−5 400 ₽');
    expect(text).toContain('Итого30 600 ₽');
    const bodies = fetchMock.mock.calls
      .filter(([path]) => path === '/api/client/orders/calculate-discount/')
      .map(([, init]) => init?.body);
    expect(bodies).toHaveLength(2);
    for (const body of bodies) expect(body).toMatchObject({ packet_id: 4 });
  });

  it('prices an edit with the order id, so the preview is what saving gives', async () => {
    renderRoute(
      <OrderForm mode="edit" order={createdOrder} initialValues={{ ...filled(), deadline: '2030-01-01' }} />,
      { path: '/order/41/edit' },
    );
    const price = await screen.findByRole('region', { name: 'Стоимость' });
    await within(price).findByText('Итого', {}, { timeout: 10_000 });
    const calls = fetchMock.mock.calls.filter(([path]) => path.includes('calculate-'));
    for (const [, init] of calls) expect(init?.body).toMatchObject({ order_id: 41 });
  });

  describe('on a narrow screen', () => {
    beforeEach(() => {
      vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
        fakeMediaQueryList(query, query.includes('max-width')),
      );
    });

    it('keeps the total with the one submit button in a bar, and announces the total once', async () => {
      renderForm(filled());
      const bar = screen.getByTestId('sticky-total');
      expect(within(bar).getByText('Укажите тип работы, срок и объём')).toBeInTheDocument();
      await within(bar).findByText(
        '16 200 ₽',
        { normalizer: (t) => t.replace(/\s/g, ' ') },
        { timeout: 10_000 },
      );
      expect(screen.getAllByRole('button', { name: 'Оформить заказ' })).toHaveLength(1);
      expect(within(bar).getByRole('button', { name: 'Оформить заказ' })).toBeInTheDocument();
      const status = screen.getAllByRole('status').find((el) => el.textContent?.startsWith('Итого'));
      expect(status?.textContent?.replace(/\s/g, ' ')).toBe('Итого: 16 200 ₽');
      // The card is no longer a live region of its own: one announcement, not the whole breakdown.
      expect(screen.getByRole('region', { name: 'Стоимость' })).not.toHaveAttribute('aria-live');
    });
  });
});
