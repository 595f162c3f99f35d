import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Autoplay from 'embla-carousel-autoplay';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../shared/api/client';
import { fakeMediaQueryList } from '../../../shared/ui/media-query-fake';
import { renderRoute } from '../../../shared/ui/test-utils';
import { useState } from 'react';
import { BannersStill, shownBanners } from './banner-card';
import { BannersCarousel, carouselSettings } from './banners-carousel';

vi.mock('../../../shared/api/client', () => ({ apiFetch: vi.fn() }));
vi.mock('embla-carousel-autoplay', async (importOriginal) => {
  const actual = await importOriginal<{ default: typeof Autoplay }>();
  return { default: vi.fn(actual.default) };
});

const banners = [
  { id: 1, title: 'Диплом за полцены', text: 'Скидка 50 %.', href: '/space/diplom-half-price' },
  { id: 2, title: 'Приведите друга', text: 'Бонусы вам и другу.', href: '/friend' },
  { id: 3, title: 'Опасный', text: 'Не покажется.', href: 'javascript:alert(1)' },
];

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

function reducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, reduce && query.includes('prefers-reduced-motion')),
  );
}

beforeEach(() => {
  vi.mocked(apiFetch).mockReset();
  vi.mocked(Autoplay).mockClear();
  reducedMotion(false);
});

describe('carouselSettings', () => {
  it('scrolls in 400 ms and plays every 5 000 ms, held on hover and on focus (spec §9)', () => {
    expect(carouselSettings(false)).toEqual({
      emblaOptions: { loop: true, duration: 25 },
      autoplay: { delay: 5000, stopOnMouseEnter: true, stopOnFocusIn: true, stopOnInteraction: false },
    });
  });

  it('does not play by itself under prefers-reduced-motion', () => {
    expect(carouselSettings(true).autoplay).toBeNull();
  });
});

describe('BannersCarousel', () => {
  it('shows the banners with Russian controls, autoplaying every 5 000 ms', async () => {
    vi.mocked(apiFetch).mockResolvedValue({ results: banners });
    const user = userEvent.setup();
    renderRoute(<BannersCarousel />);
    expect(await screen.findByRole('heading', { name: 'Диплом за полцены' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Приведите друга' })).toBeInTheDocument();
    expect(screen.queryByText('Опасный')).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Подробнее' })[0]).toHaveAttribute(
      'href',
      '/space/diplom-half-price',
    );
    expect(screen.getByRole('region', { name: 'Акции и новости' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Следующий баннер' }));
    expect(screen.getByRole('button', { name: 'Предыдущий баннер' })).toBeInTheDocument();
    expect(vi.mocked(Autoplay)).toHaveBeenCalledWith(
      expect.objectContaining({ delay: 5000, stopOnMouseEnter: true, stopOnFocusIn: true }),
    );
  });

  it('names the carousel, its slides and dots in Russian and announces «Баннер N из M» when moved by hand', async () => {
    reducedMotion(true);
    vi.mocked(apiFetch).mockResolvedValue({ results: banners });
    const user = userEvent.setup();
    renderRoute(<BannersCarousel />);
    const region = await screen.findByRole('region', { name: 'Акции и новости' });
    expect(region).toHaveAttribute('aria-roledescription', 'карусель');
    for (const slide of screen.getAllByRole('group'))
      expect(slide).toHaveAttribute('aria-roledescription', 'слайд');
    expect(await screen.findByRole('tablist', { name: 'Выбор баннера' })).toBeInTheDocument();
    // Mantine's own «Slide 1 of 2» region is hidden by the stylesheet (checked in Chromium); ours speaks Russian.
    const ours = screen.getAllByRole('status').find((s) => s.textContent?.startsWith('Баннер'));
    expect(ours).toHaveTextContent('Баннер 1 из 2');
    expect(ours).toHaveAttribute('aria-live', 'polite');
    await user.click(screen.getByRole('button', { name: 'Следующий баннер' }));
    await vi.waitFor(() => expect(ours).toHaveTextContent('Баннер 2 из 2'));
  });

  it('keeps the announcement silent while the banners change by themselves', async () => {
    vi.mocked(apiFetch).mockResolvedValue({ results: banners });
    renderRoute(<BannersCarousel />);
    await screen.findByRole('heading', { name: 'Диплом за полцены' });
    const ours = screen.getAllByRole('status').find((s) => s.textContent?.startsWith('Баннер'));
    expect(ours).toHaveAttribute('aria-live', 'off');
  });

  it('does not autoplay under prefers-reduced-motion', async () => {
    reducedMotion(true);
    vi.mocked(apiFetch).mockResolvedValue({ results: banners });
    renderRoute(<BannersCarousel />);
    await screen.findByRole('heading', { name: 'Диплом за полцены' });
    expect(vi.mocked(Autoplay)).not.toHaveBeenCalled();
  });

  it('keeps the keyboard on the banner’s link when the carousel takes the still banners’ place', async () => {
    vi.mocked(apiFetch).mockResolvedValue({ results: banners });
    let takeOver = () => {};
    // The still banners while the carousel's code loads, then the carousel (features/content/components/lazy.tsx).
    function Swap() {
      const [arrived, setArrived] = useState(false);
      takeOver = () => setArrived(true);
      return arrived ? <BannersCarousel /> : <BannersStill banners={shownBanners(banners)} />;
    }
    renderRoute(<Swap />);
    const [stillLink] = screen.getAllByRole('link', { name: 'Подробнее' });
    act(() => stillLink?.focus());
    expect(document.activeElement).toBe(stillLink);
    act(() => takeOver());
    const region = await screen.findByRole('region', { name: 'Акции и новости' });
    await vi.waitFor(() => expect(region.contains(document.activeElement)).toBe(true));
    expect(document.activeElement).toHaveAttribute('href', '/space/diplom-half-price');
  });

  it('leaves the focus alone when the keyboard was not in the still banners', async () => {
    vi.mocked(apiFetch).mockResolvedValue({ results: banners });
    renderRoute(<BannersCarousel />);
    await screen.findByRole('region', { name: 'Акции и новости' });
    expect(document.activeElement).toBe(document.body);
  });

  it('draws nothing when there are no banners', async () => {
    vi.mocked(apiFetch).mockResolvedValue({ results: [] });
    const { container } = renderRoute(<BannersCarousel />);
    await vi.waitFor(() => expect(apiFetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[aria-roledescription="карусель"]')).toBeNull();
    expect(screen.queryByRole('region')).toBeNull();
  });
});
