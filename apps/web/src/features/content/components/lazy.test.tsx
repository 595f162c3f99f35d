import { api } from '@cabinet/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { renderRoute } from '../../../shared/ui/test-utils';
import { BANNER_MIN_HEIGHT } from '../model';
import { LazyBanners, LazyFaqSearch } from './lazy';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));

/** The carousel's code, held until the test lets it arrive (the module is asked for once per file). */
const carouselCode = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { requested: false, arrived, arrive: () => arrive() };
});
vi.mock('./banners-carousel', async (importOriginal) => {
  carouselCode.requested = true;
  await carouselCode.arrived;
  return importOriginal();
});

// jsdom has no IntersectionObserver; embla watches which slides are in view with one.
if (typeof window.IntersectionObserver === 'undefined') {
  window.IntersectionObserver = class {
    readonly root = null;
    readonly rootMargin = '';
    readonly thresholds = [];
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  } as unknown as typeof IntersectionObserver;
}

const fetchMock = vi.mocked(apiFetch);
const banner = { id: 1, title: 'Диплом за полцены', text: 'Скидка 50 %.', href: '/space/diplom-half-price' };
const second = { id: 2, title: 'Приведите друга', text: 'Бонусы вам обоим.', href: '/friend' };

/** The banners' answer, held until `release` is called. */
function heldBanners(results: unknown[]) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  fetchMock.mockImplementation(async (path) => {
    if (path === api.content.banners) {
      await held;
      return { results };
    }
    if (String(path).startsWith(api.content.faq)) return { results: [] };
    throw new Error(`unexpected ${String(path)}`);
  });
  return () => release();
}

const renderBanners = () =>
  renderRoute(<LazyBanners wrap={(content) => <section data-testid="banners">{content}</section>} />);

beforeEach(() => {
  fetchMock.mockReset();
});
afterEach(() => vi.restoreAllMocks());

describe('LazyBanners', () => {
  it('keeps a banner’s height while the banners load, draws them still until the carousel’s code is here, then shows the carousel in their place', async () => {
    const release = heldBanners([banner, second]);
    renderBanners();
    const placeholder = await screen.findByLabelText('Акции и новости');
    expect(placeholder).toHaveAttribute('aria-busy', 'true');
    expect(placeholder.style.getPropertyValue('--skeleton-height')).toBe(
      `calc(${BANNER_MIN_HEIGHT / 16}rem * var(--mantine-scale))`,
    );
    // The carousel's code is asked for beside the banners, not after them.
    await waitFor(() => expect(carouselCode.requested).toBe(true));

    // The banners are here, the carousel's code is not: the first banner, with its link, at once;
    // the second laid under it unseen and out of reach, so the box is as tall as the carousel's.
    release();
    const first = await screen.findByRole('heading', { name: 'Диплом за полцены' });
    expect(screen.getAllByRole('link', { name: 'Подробнее' })[0]).toHaveAttribute('href', banner.href);
    const other = screen.getByText(second.title).closest('[inert]');
    expect(other).not.toBeNull();
    expect(other?.parentElement).toContainElement(first);
    expect(first.closest('[inert]')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Акции и новости' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Акции и новости')).not.toBeInTheDocument();

    // The code arrives: the carousel, in Russian, takes their place.
    carouselCode.arrive();
    const carousel = await screen.findByLabelText('Акции и новости');
    expect(carousel).toHaveAttribute('aria-roledescription', 'карусель');
    expect(carousel).not.toHaveAttribute('aria-busy');
    expect(screen.getAllByRole('heading', { name: 'Диплом за полцены' })).toHaveLength(1);
  });

  it('leaves no room at all when there are no banners to show', async () => {
    const release = heldBanners([{ ...banner, href: 'javascript:alert(1)' }]);
    renderBanners();
    expect(await screen.findByTestId('banners')).toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.queryByTestId('banners')).not.toBeInTheDocument());
  });
});

describe('LazyFaqSearch', () => {
  it('stands in with rows of grey, then gives the search field', async () => {
    heldBanners([]);
    renderRoute(<LazyFaqSearch />);
    // Before its code has arrived: the rows, busy, and no field yet.
    expect(screen.getByLabelText('Загружаем ответы…')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(await screen.findByRole('searchbox', { name: 'Поиск по вопросам' })).toBeInTheDocument();
  });
});
