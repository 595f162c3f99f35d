import { api } from '@cabinet/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { renderRoute } from '../../../shared/ui/test-utils';
import { BANNER_MIN_HEIGHT } from '../model';
import { LazyBanners, LazyFaqSearch } from './lazy';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));

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
  it('keeps a banner’s height while the banners load, then shows the carousel in its place', async () => {
    const release = heldBanners([banner]);
    renderBanners();
    const placeholder = await screen.findByLabelText('Акции и новости');
    expect(placeholder).toHaveAttribute('aria-busy', 'true');
    expect(placeholder.style.getPropertyValue('--skeleton-height')).toBe(
      `calc(${BANNER_MIN_HEIGHT / 16}rem * var(--mantine-scale))`,
    );
    release();
    expect(await screen.findByRole('heading', { name: 'Диплом за полцены' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Акции и новости')).not.toHaveAttribute('aria-busy'));
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
