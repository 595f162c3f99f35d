import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useBanners } from '../api';
import { contentMessages as m } from '../messages';
import { BANNER_MIN_HEIGHT } from '../model';
import { LoadingRows } from '../../../shared/ui/query-states';
import { BannersStill, shownBanners } from './banner-card';

// The carousel (Mantine's, embla and its autoplay) and the FAQ search load apart from the cabinet
// layout that shows them: the carousel only above the orders list, the search only once the FAQ
// is opened. Each keeps its place while its code arrives: the search with a placeholder of its
// size, the carousel with its banners drawn still (the largest text of the orders screen, which
// should not wait for the carousel's code to paint).

const loadCarousel = () => import('./banners-carousel');
const loadFaq = () => import('./faq-search');

const LazyCarousel = lazy(() => loadCarousel().then((module) => ({ default: module.BannersCarousel })));
const FaqSearchCode = lazy(() => loadFaq().then((module) => ({ default: module.FaqSearch })));

/**
 * Starts loading the FAQ search before it is opened (when the browser is idle, and on pointing at
 * or focusing its button), so that the dialog opens with the search field, focused, in place.
 */
export function preloadFaqSearch(): void {
  void loadFaq().catch(() => undefined);
}

function BannersPlaceholder() {
  return <Skeleton height={BANNER_MIN_HEIGHT} radius="md" aria-busy="true" aria-label={m.bannersLabel} />;
}

/**
 * The banners above the orders list: a placeholder of a banner's height while they load, the
 * banners drawn still while the carousel's code arrives (asked for at once, beside the banners
 * themselves), the carousel in their place once it is here, and nothing when there are none.
 */
export function LazyBanners({ wrap }: { wrap: (content: ReactNode) => ReactNode }) {
  const { data, isPending } = useBanners();
  useEffect(() => {
    void loadCarousel().catch(() => undefined);
  }, []);
  if (isPending) return wrap(<BannersPlaceholder />);
  const banners = shownBanners(data);
  if (banners.length === 0) return null;
  return wrap(
    <Suspense fallback={<BannersStill banners={banners} />}>
      <LazyCarousel />
    </Suspense>,
  );
}

/** The FAQ search in its dialog; a field and rows of grey stand in while its code loads. */
export function LazyFaqSearch() {
  return (
    <Suspense
      fallback={
        <Stack gap="md">
          <Skeleton height={60} radius="sm" />
          <LoadingRows rows={4} height={44} label={m.faqLoading} />
        </Stack>
      }
    >
      <FaqSearchCode />
    </Suspense>
  );
}
