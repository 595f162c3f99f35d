import { Anchor, AppShell, Box, Burger, Group, NavLink, Stack, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconDiscount, IconHelpCircle, IconPhone } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { LazyBanners, preloadFaqSearch } from '../../features/content/components/lazy';
import { DiplomaPopup } from '../../features/profile/components/diploma-popup';
import { useSupportPhone } from '../../features/documents/company';
import { commonMessages } from '../../shared/messages';
import { deepestHandle } from '../../shared/route-handle';
import { ColorSchemeToggle } from '../../shared/ui/color-scheme-toggle';
import { MAIN_CONTENT_ID, SkipLink } from '../../shared/ui/skip-link';
import { Brand } from './brand';
import { Finances, UserMenu } from './cabinet-header';
import { BottomBar, PROMO_ITEMS, SideLink, isActive, sectionOf, useNavItems } from './cabinet-nav';
import { layoutMessages as m } from './messages';
import { TestPaymentsRibbon } from './test-payments-ribbon';
import { QueryProvider } from '../../shared/query-provider';
import { ConnectionBanner, RealtimeProvider } from '../../shared/realtime';
import { whenIdle } from '../../shared/when-idle';

// The FAQ's dialog (Mantine's Modal and what it needs) loads apart, as the search inside it does:
// when the browser is idle, on pointing at or focusing its button, or when it is opened.
const loadFaqDialog = () => import('./faq-dialog');
const FaqDialog = lazy(() => loadFaqDialog().then((module) => ({ default: module.FaqDialog })));
function preloadFaq(): void {
  preloadFaqSearch();
  void loadFaqDialog().catch(() => undefined);
}

/** Matches Mantine's `sm` breakpoint (48em = 768 px): below it the cabinet is in phone mode. */
const PHONE_QUERY = '(max-width: 47.99em)';

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
  // Mounted from its first opening on, so that it can play its closing transition.
  const [faqMounted, setFaqMounted] = useState(false);
  if (faqOpened && !faqMounted) setFaqMounted(true);
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const hideSidebar = useHideSidebar();
  const { pathname } = useLocation();
  const items = useNavItems();
  // From the server's configuration; none while it loads or when unset (never spec §9's `{phone}`).
  const phone = useSupportPhone();
  // The FAQ's code, once the cabinet's own work is done: the dialog then opens with its field in place.
  useEffect(() => {
    if (hideSidebar) return;
    return whenIdle(preloadFaq, { fallbackMs: 2000 });
  }, [hideSidebar]);
  const navHidden = hideSidebar || (isPhone && !menuOpened);
  const [promoOpened, setPromoOpened] = useState(() =>
    isActive(
      pathname,
      PROMO_ITEMS.flatMap((item) => item.prefixes),
    ),
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
                {PROMO_ITEMS.map((item) => (
                  <SideLink key={item.href} item={item} pathname={pathname} onNavigate={menu.close} />
                ))}
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
                onPointerEnter={preloadFaq}
                onFocus={preloadFaq}
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

      {faqMounted && (
        <Suspense fallback={null}>
          <FaqDialog opened={faqOpened && !hideSidebar} onClose={faq.close} phone={phone} />
        </Suspense>
      )}
      <DiplomaPopup />
    </AppShell>
  );
}
