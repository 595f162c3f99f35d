import { Anchor, Box, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { Banner } from '@cabinet/contract';
import { Link } from 'react-router';
import { contentMessages as m } from '../messages';
import { BANNER_MIN_HEIGHT, isInternal, safeHref, safeImageSrc } from '../model';
import classes from './banner-card.module.css';

/** The banners worth showing (a link that is safe to follow), that link made safe. */
export function shownBanners(banners: readonly Banner[] | undefined): Banner[] {
  return (banners ?? []).flatMap((b) => {
    const href = safeHref(b.href);
    return href ? [{ ...b, href }] : [];
  });
}

/**
 * The text keeps clear of what the carousel lays over the card: the arrows at the sides (12 px
 * from the edge, 26 px wide) and the dots at the foot.
 */
export function BannerCard({ banner, multiple }: { banner: Banner; multiple: boolean }) {
  const image = banner.image ? safeImageSrc(banner.image, window.location.origin) : null;
  const link = isInternal(banner.href) ? (
    <Anchor component={Link} to={banner.href} fw={600}>
      {m.bannerMore}
    </Anchor>
  ) : (
    <Anchor href={banner.href} target="_blank" rel="noopener noreferrer" fw={600}>
      {m.bannerMore}
    </Anchor>
  );
  return (
    <Paper
      withBorder
      radius="md"
      pt="md"
      pb={multiple ? 36 : 'md'}
      px={multiple ? { base: 48, sm: 56 } : 'md'}
      bg="var(--app-surface)"
      h="100%"
      mih={BANNER_MIN_HEIGHT}
    >
      <Stack gap={6}>
        {image && <Image src={image} alt="" h={96} fit="contain" />}
        <Title order={2} size="h4">
          {banner.title}
        </Title>
        <Text size="sm">{banner.text}</Text>
        <Box>{link}</Box>
      </Stack>
    </Paper>
  );
}

/** The element of the still banners the keyboard was on, until it leaves them (see takeFocusFromStill). */
let focusedInStill: Element | null = null;

/**
 * Whether the keyboard was in the still banners when the carousel took their place: the focused
 * link went with them, and the page's focus fell back to its body. Read once, by the carousel.
 */
export function takeFocusFromStill(): boolean {
  const was = focusedInStill !== null && !focusedInStill.isConnected;
  focusedInStill = null;
  return was && (document.activeElement === null || document.activeElement === document.body);
}

/**
 * The banners as the carousel first shows them, drawn before its code has arrived: the first one,
 * in a box as tall as the tallest (the others are laid in the same place, unseen), so that the
 * carousel takes its place without moving anything. Nothing of it is interactive but the first
 * banner's link; the carousel, once here, is what a screen reader and the keyboard move through.
 */
export function BannersStill({ banners }: { banners: readonly Banner[] }) {
  const multiple = banners.length > 1;
  return (
    <div
      className={classes.still}
      onFocus={(e) => {
        focusedInStill = e.target;
      }}
      onBlur={(e) => {
        // Left for somewhere else on the page; a blur with no new target may be the swap itself.
        if (e.relatedTarget && !e.currentTarget.contains(e.relatedTarget)) focusedInStill = null;
      }}
    >
      {banners.map((banner, i) => (
        <div key={banner.id} className={classes.layer} inert={i > 0}>
          <BannerCard banner={banner} multiple={multiple} />
        </div>
      ))}
    </div>
  );
}
