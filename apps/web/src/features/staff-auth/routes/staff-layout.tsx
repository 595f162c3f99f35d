import { AppShell, Burger, Button, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Icon } from '@tabler/icons-react';
import {
  IconChartBar,
  IconLifebuoy,
  IconListDetails,
  IconLogout,
  IconPhoneCall,
  IconReceiptRefund,
  IconUserCircle,
} from '@tabler/icons-react';
import { staffRoleTitles } from '@cabinet/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link, Outlet, useLocation } from 'react-router';
import { paths } from '../../../shared/paths';
import { IN_APP_SIGN_OUT } from '../../../shared/sign-out';
import { ConnectionBanner, RealtimeProvider, UnreadBadge, useUnreadTotal } from '../../../shared/realtime';
import { staffQueryClient } from '../../../shared/staff/query-client';
import { useStaffMe } from '../../../shared/staff/session';
import { ColorSchemeToggle } from '../../../shared/ui/color-scheme-toggle';
import { MAIN_CONTENT_ID, SkipLink } from '../../../shared/ui/skip-link';
import { staffAuthMessages as m } from '../messages';

interface NavItem {
  label: string;
  href: string;
  path: string;
  icon: Icon;
  unread?: number;
}

const isActive = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** The staff frame: who is signed in and as whom, the sections, the theme and «Выйти». */
export default function StaffLayout() {
  return (
    <QueryClientProvider client={staffQueryClient}>
      <RealtimeProvider side="staff">
        <StaffFrame />
      </RealtimeProvider>
    </QueryClientProvider>
  );
}

function StaffFrame() {
  const me = useStaffMe();
  const unread = useUnreadTotal();
  const { pathname } = useLocation();
  const [opened, menu] = useDisclosure(false);
  const items: NavItem[] = [
    {
      label: m.navOrders,
      href: paths.staff.orders.getHref(),
      path: paths.staff.orders.path,
      icon: IconListDetails,
      unread,
    },
  ];
  items.push({
    label: m.navProfile,
    href: paths.staff.profile.getHref(),
    path: paths.staff.profile.path,
    icon: IconUserCircle,
  });
  if (me?.role === 'manager') {
    items.push({
      label: m.navCare,
      href: paths.staff.care.getHref(),
      path: paths.staff.care.path,
      icon: IconLifebuoy,
    });
    items.push({
      label: m.navRefunds,
      href: paths.staff.refunds.getHref(),
      path: paths.staff.refunds.path,
      icon: IconReceiptRefund,
    });
    items.push({
      label: m.navCallbacks,
      href: paths.staff.callbacks.getHref(),
      path: paths.staff.callbacks.path,
      icon: IconPhoneCall,
    });
    items.push({
      label: m.navAttribution,
      href: paths.staff.attributionReport.getHref(),
      path: paths.staff.attributionReport.path,
      icon: IconChartBar,
    });
  }

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <SkipLink />
      <AppShell.Header bg="var(--app-surface)">
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Burger
              opened={opened}
              onClick={menu.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={m.menu}
              aria-expanded={opened}
              aria-controls="staff-nav"
            />
            <Text fw={700} truncate>
              {m.brand}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {me && (
              <Stack gap={0} visibleFrom="xs" align="flex-end">
                <Text size="sm" fw={600} lh={1.2}>
                  {me.name}
                </Text>
                <Text size="xs" c="dimmed" lh={1.2}>
                  {staffRoleTitles[me.role]}
                </Text>
              </Stack>
            )}
            <ColorSchemeToggle />
            <Button
              component={Link}
              to={paths.staff.logout.getHref()}
              state={IN_APP_SIGN_OUT}
              variant="default"
              leftSection={<IconLogout size={18} aria-hidden />}
            >
              {m.logout}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar id="staff-nav" aria-label={m.navLabel} p="sm" bg="var(--app-surface)">
        {me && (
          <Stack gap={0} hiddenFrom="xs" mb="sm">
            <Text size="sm" fw={600}>
              {me.name}
            </Text>
            <Text size="xs" c="dimmed">
              {staffRoleTitles[me.role]}
            </Text>
          </Stack>
        )}
        <Stack gap={4}>
          {items.map((item) => {
            const active = isActive(pathname, item.path);
            const ItemIcon = item.icon;
            return (
              <NavLink
                key={item.href}
                component={Link}
                to={item.href}
                label={item.label}
                leftSection={<ItemIcon size={20} aria-hidden />}
                rightSection={item.unread ? <UnreadBadge count={item.unread} /> : undefined}
                active={active}
                aria-current={active ? 'page' : undefined}
                onClick={menu.close}
              />
            );
          })}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} bg="var(--app-canvas)">
        <ConnectionBanner />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
