import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { Box, VisuallyHidden } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import Autoplay from 'embla-carousel-autoplay';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useBanners } from '../api';
import { contentMessages as m } from '../messages';
import classes from './banners-carousel.module.css';
import { CAROUSEL_AUTOPLAY_MS, CAROUSEL_SPEED_MS, emblaDuration } from '../model';
import { BannerCard, shownBanners, takeFocusFromStill } from './banner-card';

/**
 * The embla settings of the banners (spec §9): 400 ms scrolls, a new banner every 5 000 ms,
 * held while the pointer is over the carousel or focus is inside it; no autoplay at all for
 * someone who asked the system for less motion.
 */
export function carouselSettings(reducedMotion: boolean) {
  return {
    emblaOptions: { loop: true, duration: emblaDuration(CAROUSEL_SPEED_MS) },
    autoplay: reducedMotion
      ? null
      : {
          delay: CAROUSEL_AUTOPLAY_MS,
          stopOnMouseEnter: true,
          stopOnFocusIn: true,
          stopOnInteraction: false,
        },
  };
}

/** The banners above the orders list; nothing at all when there are none (or they failed to load). */
export function BannersCarousel() {
  const { data } = useBanners();
  // Read at once, not after the first paint: an autoplay started for a moment would still move a slide.
  const reducedMotion = useReducedMotion(false, { getInitialValueInEffect: false });
  const settings = carouselSettings(reducedMotion);
  // One plugin instance while the setting holds: a new one on every render would restart the timer.
  const plugins = useMemo(() => {
    const autoplay = carouselSettings(reducedMotion).autoplay;
    return autoplay ? [Autoplay(autoplay)] : [];
  }, [reducedMotion]);
  // The banner on screen; the others are inert, so neither Tab nor a screen reader reaches what is hidden.
  const [selected, setSelected] = useState(0);
  // Focus or the pointer inside hold the autoplay: only then is a change the person's own, worth saying.
  const [holding, setHolding] = useState(false);
  const banners = shownBanners(data);
  const multiple = banners.length > 1;
  // Mantine names the dots' tablist «Slides» after any attribute given to it; React sets that
  // constant once, so the Russian name put on it here stays.
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    frame.current?.querySelector('[role="tablist"]')?.setAttribute('aria-label', m.bannersIndicators);
  }, [multiple]);
  // Taking the still banners' place: the keyboard that was on their link goes on from the same
  // link here, before the page can be seen (or read) without a focus.
  const hasBanners = banners.length > 0;
  useLayoutEffect(() => {
    if (!hasBanners || !takeFocusFromStill()) return;
    frame.current
      ?.querySelector<HTMLElement>(`[aria-roledescription="${m.slideRole}"]:not([inert]) a`)
      ?.focus();
  }, [hasBanners]);
  if (banners.length === 0) return null;

  return (
    <Box
      ref={frame}
      onFocus={() => setHolding(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setHolding(false);
      }}
    >
      {/* Russian instead of Mantine's «Slide 1 of 3»; silent while the banners change by themselves. */}
      <VisuallyHidden role="status" aria-live={plugins.length > 0 && !holding ? 'off' : 'polite'} aria-atomic>
        {multiple ? m.bannerGoTo(selected + 1, banners.length) : null}
      </VisuallyHidden>
      <Carousel
        aria-label={m.bannersLabel}
        aria-roledescription={m.carouselRole}
        emblaOptions={settings.emblaOptions}
        plugins={plugins}
        withIndicators={multiple}
        withControls={multiple}
        classNames={{ root: classes.root, indicator: classes.indicator }}
        withKeyboardEvents
        onSlideChange={setSelected}
        previousControlProps={{ 'aria-label': m.bannerPrevious }}
        nextControlProps={{ 'aria-label': m.bannerNext }}
        getIndicatorProps={(i) => ({ 'aria-label': m.bannerGoTo(i + 1, banners.length) })}
      >
        {banners.map((banner, i) => (
          <Carousel.Slide
            key={banner.id}
            aria-roledescription={m.slideRole}
            aria-label={m.bannerGoTo(i + 1, banners.length)}
            inert={i !== selected}
          >
            <BannerCard banner={banner} multiple={multiple} />
          </Carousel.Slide>
        ))}
      </Carousel>
    </Box>
  );
}
