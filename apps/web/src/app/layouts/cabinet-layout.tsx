import {
  Anchor,
  AppShell,
  Avatar,
  Box,
  Burger,
  Group,
  Menu,
  Modal,
  NavLink,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { Icon } from '@tabler/icons-react';
import {
  IconCertificate,
  IconCoins,
  IconCreditCard,
  IconDiscount,
  IconFilePlus,
  IconGift,
  IconHelpCircle,
  IconListDetails,
  IconLogout,
  IconPhone,
  IconUser,
  IconUsers,
  IconWallet,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useMatches } from 'react-router';
import { LazyBanners, LazyFaqSearch, preloadFaqSearch } from '../../features/content/components/lazy';
import { useFinances, useProfile } from '../../features/profile/api';
import { useAvatarUrl } from '../../features/profile/avatar-api';
import { IN_APP_SIGN_OUT } from '../../shared/sign-out';
import { DiplomaPopup } from '../../features/profile/components/diploma-popup';
import { useSupportPhone } from '../../features/documents/company';
import { formatCount, formatKopecks } from '../../shared/format';
import { commonMessages } from '../../shared/messages';
import { paths } from '../../shared/paths';
import { deepestHandle } from '../../shared/route-handle';
import { ColorSchemeToggle } from '../../shared/ui/color-scheme-toggle';
import { MAIN_CONTENT_ID, SkipLink } from '../../shared/ui/skip-link';
import { Brand } from './brand';
import { layoutMessages as m } from './messages';
import { TestPaymentsRibbon } from './test-payments-ribbon';
import { QueryProvider } from '../../shared/query-provider';
import { ConnectionBanner, RealtimeProvider, UnreadBadge, useUnreadTotal } from '../../shared/realtime';
import { whenIdle } from '../../shared/when-idle';

/** Matches Mantine's `sm` breakpoint (48em = 768 px): below it the cabinet is in phone mode. */
const PHONE_QUERY = '(max-width: 47.99em)';

interface NavItem {
  label: string;
  short: string;
  href: string;
  icon: Icon;
  /** Path prefixes that belong to the section, for highlighting it on its inner screens. */
  prefixes: string[];
  /** Unread chat messages shown on the entry (the orders one). */
  unread?: number;
}

function sectionOf(href: string): string {
  return `/${href.split(/[/?#]/)[1] ?? ''}`;
}

function isActive(pathname: string, prefixes: string[]): boolean {
  return prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

function useNavItems() {
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

/** The deepest matched route decides whether the sidebar and FAQ show (spec §2: spaces, order-continue). */
function useHideSidebar(): boolean {
  return deepestHandle(useMatches())?.hideSidebar === true;
}

export default function CabinetLayout() {
  return (
    <QueryProvider>
      <RealtimeProvider side="customer">
        <CabinetFrame />
      </RealtimeProvider>
    </QueryProvider>
  );
}

function CabinetFrame() {
  const [menuOpened, menu] = useDisclosure(false);
  const [faqOpened, faq] = useDisclosure(false);
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const hideSidebar = useHideSidebar();
  const { pathname } = useLocation();
  const items = useNavItems();
  // From the server's configuration; none while it loads or when unset (never spec §9's `{phone}`).
  const phone = useSupportPhone();
  // The FAQ's code, once the cabinet's own work is done: the dialog then opens with its field in place.
  useEffect(() => {
    if (hideSidebar) return;
    return whenIdle(preloadFaqSearch, { fallbackMs: 2000 });
  }, [hideSidebar]);
  const navHidden = hideSidebar || (isPhone && !menuOpened);
  const [promoOpened, setPromoOpened] = useState(() =>
    isActive(pathname, [
      sectionOf(paths.bonus.getHref()),
      sectionOf(paths.friend.getHref()),
      sectionOf(paths.certificates.getHref()),
      '/certificate',
    ]),
  );

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: 260,
        breakpoint: 'sm',
        collapsed: { mobile: hideSidebar || !menuOpened, desktop: hideSidebar },
      }}
      // The bottom bar is for phones only, decided by CSS so that the prerendered shell (which has no
      // window to ask) shows it too and nothing moves when the app takes over.
      footer={{ height: { base: 64, sm: 0 } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <SkipLink />
      <AppShell.Header bg="var(--app-surface)">
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            {!hideSidebar && (
              <Burger
                opened={menuOpened}
                onClick={menu.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={menuOpened ? m.closeMenu : m.openMenu}
                aria-expanded={menuOpened}
                aria-controls="cabinet-nav"
              />
            )}
            <Brand to={items.orders.href} compact />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Finances />
            {phone && (
              <Anchor href={phone.href} visibleFrom="lg" size="sm" fw={600} underline="hover">
                <VisuallyHidden>{commonMessages.supportPhoneLabel}: </VisuallyHidden>
                {phone.label}
              </Anchor>
            )}
            <ColorSchemeToggle />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>

      {!hideSidebar && (
        <AppShell.Navbar
          id="cabinet-nav"
          aria-label={m.mainNav}
          p="sm"
          bg="var(--app-surface)"
          // Off-screen on phones until the burger opens it: keep its links out of the Tab order.
          inert={navHidden}
        >
          <AppShell.Section grow>
            <Stack gap={4}>
              {[items.orders, items.orderNew, items.payments].map((item) => (
                <SideLink key={item.href} item={item} pathname={pathname} onNavigate={menu.close} />
              ))}
              <NavLink
                component="button"
                type="button"
                label={m.promo}
                leftSection={<IconDiscount size={20} aria-hidden />}
                opened={promoOpened}
                onChange={setPromoOpened}
                aria-expanded={promoOpened}
              >
                <SideLink
                  item={{
                    label: m.bonus,
                    short: m.bonus,
                    href: paths.bonus.getHref(),
                    icon: IconGift,
                    prefixes: [sectionOf(paths.bonus.getHref())],
                  }}
                  pathname={pathname}
                  onNavigate={menu.close}
                />
                <SideLink
                  item={{
                    label: m.friend,
                    short: m.friend,
                    href: paths.friend.getHref(),
                    icon: IconUsers,
                    prefixes: [sectionOf(paths.friend.getHref())],
                  }}
                  pathname={pathname}
                  onNavigate={menu.close}
                />
                <SideLink
                  item={{
                    label: m.certificates,
                    short: m.certificates,
                    href: paths.certificates.getHref(),
                    icon: IconCertificate,
                    prefixes: [sectionOf(paths.certificates.getHref()), '/certificate'],
                  }}
                  pathname={pathname}
                  onNavigate={menu.close}
                />
              </NavLink>
              <SideLink item={items.profile} pathname={pathname} onNavigate={menu.close} />
            </Stack>
          </AppShell.Section>
          <AppShell.Section>
            <Stack gap={4}>
              <NavLink
                component="button"
                type="button"
                label={m.faq}
                leftSection={<IconHelpCircle size={20} aria-hidden />}
                onClick={faq.open}
                onPointerEnter={preloadFaqSearch}
                onFocus={preloadFaqSearch}
              />
              {phone && (
                <NavLink
                  component="a"
                  href={phone.href}
                  label={phone.label}
                  description={commonMessages.supportPhoneLabel}
                  leftSection={<IconPhone size={20} aria-hidden />}
                />
              )}
            </Stack>
          </AppShell.Section>
        </AppShell.Navbar>
      )}

      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} bg="var(--app-canvas)">
        <ConnectionBanner />
        <TestPaymentsRibbon />
        {isActive(pathname, [sectionOf(items.orders.href)]) && (
          <LazyBanners wrap={(banners) => <Box mb="md">{banners}</Box>} />
        )}
        <Outlet />
      </AppShell.Main>

      <AppShell.Footer bg="var(--app-surface)" hiddenFrom="sm">
        <BottomBar
          items={[items.orders, items.orderNew, items.payments, items.profile]}
          pathname={pathname}
        />
      </AppShell.Footer>

      <Modal opened={faqOpened && !hideSidebar} onClose={faq.close} title={m.faq} size="lg">
        <Stack gap="md">
          <LazyFaqSearch />
          {phone && (
            <Stack gap={4}>
              <Text size="sm">{m.faqText}</Text>
              <Anchor href={phone.href} fw={600}>
                {phone.label}
              </Anchor>
            </Stack>
          )}
        </Stack>
      </Modal>
      <DiplomaPopup />
    </AppShell>
  );
}

function SideLink({
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
function BottomBar({ items, pathname }: { items: NavItem[]; pathname: string }) {
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

/** Money and bonus (kopecks) from `PATCH /api/client/profile/status/`; tapping opens the payments. */
function Finances() {
  const { data, isPending, isError } = useFinances();
  if (isPending) return <Skeleton height={28} width={96} radius="xl" />;
  if (isError || !data) {
    return (
      <UnstyledButton component={Link} to={paths.payments.getHref()} aria-label={m.toPayments}>
        <Group gap={4} wrap="nowrap" c="dimmed">
          <IconWallet size={18} aria-hidden />
          <Text size="sm">{m.financesUnavailable}</Text>
        </Group>
      </UnstyledButton>
    );
  }
  return (
    <UnstyledButton component={Link} to={paths.payments.getHref()} title={m.toPayments}>
      <Group gap="sm" wrap="nowrap">
        <Group gap={4} wrap="nowrap">
          <IconWallet size={18} aria-hidden />
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            <VisuallyHidden>{m.balance} </VisuallyHidden>
            {formatKopecks(data.money)}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap" visibleFrom="xs">
          <IconCoins size={18} aria-hidden />
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            <VisuallyHidden>{m.bonuses} </VisuallyHidden>
            {formatCount(data.bonus / 100, m.bonusForms)}
          </Text>
        </Group>
      </Group>
    </UnstyledButton>
  );
}

function UserMenu() {
  const { data: profile } = useProfile();
  const name = profile?.fio || profile?.email || '';
  const photo = useAvatarUrl(64);
  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton>
          {/* Initials are decoration; the hidden text names the button (an aria-label would not match the visible initials). */}
          <VisuallyHidden>{m.userMenu}</VisuallyHidden>
          <Avatar
            src={photo}
            alt=""
            name={name || undefined}
            variant="filled"
            radius="xl"
            size={36}
            aria-hidden
          />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {name && (
          <Box px="sm" py={6}>
            <Text size="sm" fw={600} truncate>
              {profile?.fio || profile?.email}
            </Text>
            {profile?.fio && (
              <Text size="xs" c="dimmed" truncate>
                {profile.email}
              </Text>
            )}
          </Box>
        )}
        <Menu.Item
          component={Link}
          to={paths.profile.getHref()}
          leftSection={<IconUser size={16} aria-hidden />}
        >
          {m.profile}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={paths.logout.getHref()}
          state={IN_APP_SIGN_OUT}
          leftSection={<IconLogout size={16} aria-hidden />}
        >
          {m.logout}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
