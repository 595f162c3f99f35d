import { Box, Group, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import {
  IconCertificate,
  IconCreditCard,
  IconFilePlus,
  IconGift,
  IconListDetails,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../shared/paths';
import { UnreadBadge, useUnreadTotal } from '../../shared/realtime';
import { layoutMessages as m } from './messages';

/** The cabinet's four sections: in the sidebar (SideLink) and, on phones, in the bottom bar. */

export interface NavItem {
  label: string;
  short: string;
  href: string;
  icon: Icon;
  /** Path prefixes that belong to the section, for highlighting it on its inner screens. */
  prefixes: string[];
  /** Unread chat messages shown on the entry (the orders one). */
  unread?: number;
}

export function sectionOf(href: string): string {
  return `/${href.split(/[/?#]/)[1] ?? ''}`;
}

export function isActive(pathname: string, prefixes: string[]): boolean {
  return prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export function useNavItems() {
  const unread = useUnreadTotal();
  const orders = paths.home.getHref('active');
  const orderNew = paths.orderNew.getHref();
  const payments = paths.payments.getHref();
  const profile = paths.profile.getHref();
  return {
    orders: {
      label: m.orders,
      short: m.ordersShort,
      href: orders,
      icon: IconListDetails,
      // An order's own screens live under /order/{id}; they belong to «Мои заказы».
      prefixes: [sectionOf(orders), '/order'],
      unread,
    },
    orderNew: {
      label: m.newOrder,
      short: m.newOrderShort,
      href: orderNew,
      icon: IconFilePlus,
      prefixes: [sectionOf(orderNew)],
    },
    payments: {
      label: m.payments,
      short: m.payments,
      href: payments,
      icon: IconCreditCard,
      prefixes: [sectionOf(payments)],
    },
    profile: {
      label: m.profile,
      short: m.profile,
      href: profile,
      icon: IconUser,
      prefixes: [sectionOf(profile), sectionOf(paths.emailEdit.getHref())],
    },
  } satisfies Record<string, NavItem>;
}

const promoItem = (label: string, href: string, icon: Icon, extraPrefixes: string[] = []): NavItem => ({
  label,
  short: label,
  href,
  icon,
  prefixes: [sectionOf(href), ...extraPrefixes],
});

/** «Акции»: the sidebar's group of the bonuses, the friends' invitations and the gift certificates. */
export const PROMO_ITEMS: readonly NavItem[] = [
  promoItem(m.bonus, paths.bonus.getHref(), IconGift),
  promoItem(m.friend, paths.friend.getHref(), IconUsers),
  // A certificate's own screens live under /certificate/{id}.
  promoItem(m.certificates, paths.certificates.getHref(), IconCertificate, ['/certificate']),
];

export function SideLink({
  item,
  pathname,
  onNavigate,
}: {
  item: NavItem;
  pathname: string;
  onNavigate: () => void;
}) {
  const active = isActive(pathname, item.prefixes);
  const ItemIcon = item.icon;
  return (
    <NavLink
      component={Link}
      to={item.href}
      label={item.label}
      leftSection={<ItemIcon size={20} aria-hidden />}
      rightSection={item.unread ? <UnreadBadge count={item.unread} /> : undefined}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
}

/** The four most used destinations, one tap away on phones. */
export function BottomBar({ items, pathname }: { items: NavItem[]; pathname: string }) {
  return (
    <Group component="nav" aria-label={m.bottomNav} h="100%" grow gap={0} wrap="nowrap">
      {items.map((item) => {
        const active = isActive(pathname, item.prefixes);
        const ItemIcon = item.icon;
        return (
          <UnstyledButton
            key={item.href}
            component={Link}
            to={item.href}
            aria-current={active ? 'page' : undefined}
            h="100%"
            c={active ? 'var(--mantine-color-anchor)' : 'dimmed'}
            fw={active ? 700 : 500}
          >
            <Stack gap={2} align="center" justify="center" h="100%" pos="relative">
              <ItemIcon size={22} aria-hidden />
              <Text size="xs" inherit>
                {item.short}
              </Text>
              {item.unread ? (
                // After the label in the reading order («Заказы, 3 непрочитанных…»), drawn on the icon.
                <Box pos="absolute" top={4} left="calc(50% + 6px)" lh={1}>
                  <UnreadBadge count={item.unread} size="xs" />
                </Box>
              ) : null}
            </Stack>
          </UnstyledButton>
        );
      })}
    </Group>
  );
}
