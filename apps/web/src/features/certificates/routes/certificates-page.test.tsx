import type { Certificate, CertificateList } from '@cabinet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, type ApiInit } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/errors';
import { renderRoute } from '../../../shared/ui/test-utils';
import { certificateOf } from '../test-fixtures';
import CertificatesPage from './certificates-page';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));
vi.setConfig({ testTimeout: 30_000 });

const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

const cert = (id: number, over: Partial<Certificate> = {}) => certificateOf({ id, ...over });

type Call = { method: string; path: string; body: unknown; handles429: boolean | undefined };

/** The certificate endpoints and waiting/ as the server answers them; `redeem` decides redemptions. */
function fakeServer(opts: {
  active?: Certificate[];
  trash?: Certificate[];
  redeem?: (body: { code: string; order_id?: number }) => unknown;
}) {
  const calls: Call[] = [];
  const active = opts.active ?? [];
  const trash = opts.trash ?? [];
  vi.mocked(apiFetch).mockImplementation(async (path: string, init: ApiInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, path, body: init.body, handles429: init.handlesTooManyRequests });
    const url = new URL(path, 'http://x');
    if (method === 'GET' && url.pathname === '/client/api/certificate/') {
      const results = url.searchParams.get('status') === 'trash' ? trash : active;
      const list: CertificateList = {
        results,
        next: null,
        previous: null,
        count: results.length,
        counters: { active: active.length, trash: trash.length },
      };
      return list;
    }
    if (method === 'GET' && url.pathname === '/api/client/payments/waiting/') {
      return {
        results: [
          {
            pay_id: 5,
            purpose: 'order',
            object_id: 77,
            title: 'Заказ №77: Курсовая работа',
            amount: 6_000_00,
            bonus: 0,
            refunded: 0,
            payment_method: null,
            status: 'pending',
            created_at: '2026-11-22T10:00:00.000Z',
            paid_at: null,
            checked: true,
            refund_mode: 'storno',
          },
        ],
        next: null,
        previous: null,
        count: 1,
      };
    }
    if (method === 'POST' && url.pathname === '/client/api/certificate/') {
      return cert(42, {
        value: (init.body as { value: number }).value,
        status: 'awaiting_payment',
        code: null,
      });
    }
    if (method === 'POST' && url.pathname === '/client/api/certificate/redeem/') {
      return opts.redeem?.(init.body as { code: string });
    }
    throw new Error(`unexpected ${method} ${path}`);
  });
  return { calls };
}

const open = (url = '/certificates') =>
  renderRoute(<CertificatesPage />, {
    path: '/certificates',
    url,
    otherPaths: [
      '/certificate/:id/pay',
      '/certificate/:id',
      '/certificates-terms-of-composable',
      '/payments/:tab',
    ],
  });

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
});

describe('/certificates', () => {
  it('lists the active certificates with both counters, each linking to its page, and switches to the archive', async () => {
    fakeServer({
      active: [cert(1), cert(2, { status: 'awaiting_payment', code: null, value: 5_000_00 })],
      trash: [cert(3, { status: 'redeemed', redeemed_at: '2026-11-21T10:00:00.000Z' })],
    });
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Подарочные сертификаты' }),
    ).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Сертификаты' });
    expect(await within(tabs).findByRole('tab', { name: 'Действующие (2)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(tabs).getByRole('tab', { name: 'Архив (1)' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Сертификаты' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => [plain(l.textContent), l.getAttribute('href')])).toEqual([
      ['Сертификат на 1 000 ₽', '/certificate/1'],
      ['Сертификат на 5 000 ₽', '/certificate/2'],
    ]);
    expect(within(list).getByText('Ожидает оплаты')).toBeInTheDocument();
    expect(within(list).getByText(/ABCD-EFGH-JKMN-PQRS/)).toBeInTheDocument();

    await userEvent.click(within(tabs).getByRole('tab', { name: 'Архив (1)' }));
    expect(await screen.findByText('Использован')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: (n) => plain(n) === 'Сертификат на 1 000 ₽' })).toHaveAttribute(
      'href',
      '/certificate/3',
    );
  });

  it('says so when there are none', async () => {
    fakeServer({});
    open();
    expect(await screen.findByText('Купленных сертификатов пока нет.')).toBeInTheDocument();
  });

  it('checks the value before buying, in Russian, and keeps what was typed', async () => {
    const server = fakeServer({});
    open();
    const value = await screen.findByRole('textbox', { name: /Номинал/ });
    const submit = screen.getByRole('button', { name: 'Купить и оплатить' });
    await userEvent.click(submit);
    expect(await screen.findByText('Укажите номинал сертификата')).toBeInTheDocument();
    expect(value).toHaveFocus();
    await userEvent.type(value, '300');
    await userEvent.click(submit);
    expect(await screen.findByText('Номинал — от 500 ₽ до 50 000 ₽')).toBeInTheDocument();
    await userEvent.clear(value);
    await userEvent.type(value, '1000,5');
    expect(await screen.findByText('Номинал — целое число рублей')).toBeInTheDocument();
    expect(value).toHaveValue('1000,5');
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('buys a preset value in kopecks and goes to its payment screen', async () => {
    const server = fakeServer({});
    open();
    await userEvent.click(await screen.findByRole('checkbox', { name: (n) => plain(n) === '3 000 ₽' }));
    expect(screen.getByRole('textbox', { name: /Номинал/ })).toHaveValue('3000');
    await userEvent.click(screen.getByRole('button', { name: 'Купить и оплатить' }));
    expect(await screen.findByText('route:/certificate/:id/pay')).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ value: 3_000_00 });
  });

  it('redeems a code onto an order awaiting payment and says what happened', async () => {
    const server = fakeServer({
      redeem: () => ({ amount: 5_000_00, order_paid: 5_000_00, order_id: 77, money: 0 }),
    });
    open();
    await userEvent.type(
      await screen.findByRole('textbox', { name: /Код сертификата/ }),
      'abcd efgh jkmn pqrs',
    );
    const target = screen.getByRole('combobox', { name: 'Куда зачислить' });
    await screen.findByRole('option', { name: (n) => plain(n).startsWith('Оплата: Заказ №77') });
    await userEvent.selectOptions(target, '77');
    await userEvent.click(screen.getByRole('button', { name: 'Активировать' }));
    const done = await screen.findByRole('status');
    expect(plain(done.textContent)).toContain('5 000 ₽ направлено на оплату заказа №77');
    const post = server.calls.find((c) => c.path === '/client/api/certificate/redeem/');
    expect(post?.body).toEqual({ code: 'abcd efgh jkmn pqrs', order_id: 77 });
    expect(post?.handles429).toBe(true);
  });

  it('shows a malformed code at its field and a refused one from the server, keeping the code typed', async () => {
    fakeServer({
      redeem: () => {
        throw ApiError.fromResponse(400, {
          detail: 'Код недействителен или уже использован',
          errors: { code: ['Код недействителен или уже использован'] },
        });
      },
    });
    open();
    const code = await screen.findByRole('textbox', { name: /Код сертификата/ });
    await userEvent.type(code, 'ABC');
    await userEvent.click(screen.getByRole('button', { name: 'Активировать' }));
    expect(
      await screen.findByText('Код сертификата — 16 букв и цифр, например ABCD-EFGH-JKMN-PQRS'),
    ).toBeInTheDocument();
    await userEvent.clear(code);
    await userEvent.type(code, 'ABCD-EFGH-JKMN-PQRS');
    await userEvent.click(screen.getByRole('button', { name: 'Активировать' }));
    expect(await screen.findByText('Код недействителен или уже использован')).toBeInTheDocument();
    expect(code).toHaveValue('ABCD-EFGH-JKMN-PQRS');
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
  });
});
