import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFinances, useProfile } from '../../features/profile/api';
import { renderRoute } from '../../shared/ui/test-utils';
import { cssVariablesResolver, theme } from '../theme';
import CabinetLayout from './cabinet-layout';
import { fakeMediaQueryList } from '../../shared/ui/media-query-fake';
import { replaceUnread } from '../../shared/realtime/unread-store';
import { resetCompanyForTests } from '../../features/documents/company';
import { companyApi } from '@cabinet/contract';
// The menu's code, loaded before the tests as pointing at the button loads it: a press opens it at once.
import '../../shared/ui/action-menu-dropdown';

vi.mock('../../features/profile/api', () => ({ useFinances: vi.fn(), useProfile: vi.fn() }));

// Only the fields the header reads; the rest of the react-query result does not matter here.
type Finances = ReturnType<typeof useFinances>;
type ProfileQuery = ReturnType<typeof useProfile>;

const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

function renderCabinet(url: string) {
  return renderRoute(<CabinetLayout />, {
    path: '/',
    url,
    mantine: { theme, cssVariablesResolver },
    children: [
      { path: 'home/:tab', element: <h1>Заказы</h1>, handle: { title: 'Мои заказы' } },
      {
        path: 'space/:id',
        element: <h1>Спецпредложение</h1>,
        handle: { title: 'Спецпредложение', hideSidebar: true },
      },
      { path: 'payments/:tab', element: <h1>Платежи</h1>, handle: { title: 'Платежи' } },
    ],
  });
}

function phoneScreen(isPhone: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, isPhone && query.includes('max-width')),
  );
}

/** The public company endpoint answers with this support phone (the server's SUPPORT_PHONE). */
function configuredPhone(supportPhone: string | null) {
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    String(input) === companyApi
      ? Promise.resolve(
          Response.json({
            name: null,
            inn: null,
            ogrn: null,
            address: null,
            email: null,
            support_phone: supportPhone,
          }),
        )
      : realFetch(input, init),
  );
}

afterEach(() => vi.unstubAllGlobals());

beforeEach(() => {
  resetCompanyForTests();
  configuredPhone('+7 495 123-45-67');
  phoneScreen(false);
  vi.mocked(useFinances).mockReturnValue({
    data: { money: 123_450, bonus: 50_000 },
    isPending: false,
    isError: false,
  } as unknown as Finances);
  vi.mocked(useProfile).mockReturnValue({
    data: { fio: 'Анна Смирнова', email: 'anna@example.com' },
  } as unknown as ProfileQuery);
});

describe('CabinetLayout', () => {
  it('has one banner, one main with the screen and a labelled sidebar navigation', async () => {
    renderCabinet('/home/archive');
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { name: 'Заказы' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Основное меню' });
    const orders = within(nav).getByRole('link', { name: 'Мои заказы' });
    expect(orders).toHaveAttribute('href', '/home/active');
    // The archive tab is still the orders section.
    expect(orders).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Новый заказ' })).toHaveAttribute('href', '/order-new');
    expect(within(nav).getByRole('link', { name: 'Платежи' })).toHaveAttribute('href', '/payments/pay');
    expect(within(nav).getByRole('link', { name: 'Профиль' })).toHaveAttribute('href', '/profile');
    expect(within(nav).getByRole('button', { name: 'Частые вопросы' })).toBeInTheDocument();
  });

  it('counts unread chat messages on the orders entry, in words for screen readers', async () => {
    renderCabinet('/payments/pay');
    const nav = await screen.findByRole('navigation', { name: 'Основное меню' });
    expect(within(nav).getByRole('link', { name: 'Мои заказы' })).toBeInTheDocument();
    act(() => replaceUnread(3, [{ order_id: 7, unread: 3 }]));
    expect(
      within(nav).getByRole('link', { name: 'Мои заказы 3 непрочитанных сообщения' }),
    ).toBeInTheDocument();
    act(() => replaceUnread(0, []));
    expect(within(nav).getByRole('link', { name: 'Мои заказы' })).toBeInTheDocument();
  });

  it('opens the promo group with bonus and friend', async () => {
    const user = userEvent.setup();
    renderCabinet('/home/active');
    await user.click(await screen.findByRole('button', { name: 'Акции' }));
    expect(await screen.findByRole('link', { name: 'Бонусы' })).toHaveAttribute('href', '/bonus');
    expect(screen.getByRole('link', { name: 'Пригласить друга' })).toHaveAttribute('href', '/friend');
  });

  it('shows money and bonus in the header (kopecks as roubles), tappable to payments', async () => {
    renderCabinet('/home/active');
    const banner = await screen.findByRole('banner');
    const finances = within(banner).getByRole('link', { name: /Баланс/ });
    expect(finances).toHaveAttribute('href', '/payments/pay');
    expect(plain(finances.textContent)).toContain('1 234,50 ₽');
    expect(plain(finances.textContent)).toContain('500 бонусов');
  });

  it('shows the support phone the server is configured with as a tel: link, in the header and the sidebar', async () => {
    renderCabinet('/home/active');
    const banner = await screen.findByRole('banner');
    const header = await within(banner).findByRole('link', {
      name: /^Телефон поддержки:\s*\+7 495 123-45-67$/,
    });
    expect(header).toHaveAttribute('href', 'tel:+74951234567');
    const nav = screen.getByRole('navigation', { name: 'Основное меню' });
    expect(within(nav).getByRole('link', { name: /\+7 495 123-45-67/ })).toHaveAttribute(
      'href',
      'tel:+74951234567',
    );
  });

  it.each([
    ['none is configured', null],
    ['the server still has spec §9’s placeholder', '{phone}'],
  ])('shows no support phone when %s', async (_, value) => {
    configuredPhone(value);
    renderCabinet('/home/active');
    await screen.findByRole('banner');
    // Let the company answer arrive.
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(screen.queryByRole('link', { name: /Телефон поддержки|\d{3}-\d{2}-\d{2}/ })).toBeNull();
    expect(document.body.textContent).not.toContain('{phone}');
  });

  it('offers profile and logout in the avatar menu', async () => {
    const user = userEvent.setup();
    renderCabinet('/home/active');
    await user.click(await screen.findByRole('button', { name: 'Меню профиля' }));
    expect(await screen.findByText('anna@example.com')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Выйти' })).toHaveAttribute('href', '/logout');
    expect(screen.getByRole('menuitem', { name: 'Профиль' })).toHaveAttribute('href', '/profile');
  });

  it('hides the sidebar and FAQ when the screen asks for it', async () => {
    renderCabinet('/space/7');
    expect(await screen.findByRole('heading', { name: 'Спецпредложение' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Основное меню' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Частые вопросы' })).not.toBeInTheDocument();
  });

  it('opens the FAQ with the support phone', async () => {
    const user = userEvent.setup();
    renderCabinet('/home/active');
    await user.click(await screen.findByRole('button', { name: 'Частые вопросы' }));
    const dialog = await screen.findByRole('dialog', { name: 'Частые вопросы' });
    expect(within(dialog).getByRole('link', { name: '+7 495 123-45-67' })).toHaveAttribute(
      'href',
      'tel:+74951234567',
    );
  });

  it('says so when the balance cannot be loaded', async () => {
    vi.mocked(useFinances).mockReturnValue({ isPending: false, isError: true } as unknown as Finances);
    renderCabinet('/home/active');
    expect(await screen.findByText('Баланс недоступен')).toBeInTheDocument();
  });

  describe('on a phone', () => {
    beforeEach(() => phoneScreen(true));

    it('keeps orders, new order, payments and profile one tap away in a bottom bar', async () => {
      renderCabinet('/payments/history');
      const bar = await screen.findByRole('navigation', { name: 'Быстрый переход' });
      const links = within(bar).getAllByRole('link');
      expect(links.map((l) => l.getAttribute('href'))).toEqual([
        '/home/active',
        '/order-new',
        '/payments/pay',
        '/profile',
      ]);
      expect(within(bar).getByRole('link', { name: 'Платежи' })).toHaveAttribute('aria-current', 'page');
    });

    it('counts unread chat messages on the bottom bar’s orders entry', async () => {
      renderCabinet('/payments/pay');
      const bar = await screen.findByRole('navigation', { name: 'Быстрый переход' });
      act(() => replaceUnread(21, [{ order_id: 7, unread: 21 }]));
      expect(
        within(bar).getByRole('link', { name: 'Заказы 21 непрочитанное сообщение' }),
      ).toBeInTheDocument();
    });

    it('keeps the closed sidebar out of reach until the burger opens it', async () => {
      const user = userEvent.setup();
      renderCabinet('/home/active');
      const burger = await screen.findByRole('button', { name: 'Открыть меню' });
      expect(burger).toHaveAttribute('aria-expanded', 'false');
      const nav = document.getElementById('cabinet-nav');
      expect(nav).toHaveAttribute('inert');
      await user.click(burger);
      expect(screen.getByRole('button', { name: 'Закрыть меню' })).toHaveAttribute('aria-expanded', 'true');
      expect(nav).not.toHaveAttribute('inert');
    });
  });
});
