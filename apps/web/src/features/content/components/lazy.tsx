import { Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { useBanners } from '../api';
import { contentMessages as m } from '../messages';
import { BANNER_MIN_HEIGHT, safeHref } from '../model';
import { LoadingRows } from '../../../shared/ui/query-states';

// The carousel (Mantine's, embla and its autoplay) and the FAQ search load apart from the cabinet
// layout that shows them: the carousel only above the orders list, the search only once the FAQ
// is opened. Each keeps its place with a placeholder of its size while its code arrives.

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
 * The banners above the orders list: a placeholder of a banner's height while they (or the
 * carousel's code) load, the carousel once they are here, and nothing when there are none.
 */
export function LazyBanners({ wrap }: { wrap: (content: ReactNode) => ReactNode }) {
  const { data, isPending } = useBanners();
  if (isPending) return wrap(<BannersPlaceholder />);
  if (!data?.some((banner) => safeHref(banner.href))) return null;
  return wrap(
    <Suspense fallback={<BannersPlaceholder />}>
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
