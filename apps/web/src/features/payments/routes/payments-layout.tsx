import { Stack, Title } from '@mantine/core';
import { NavLink, Outlet, useMatches } from 'react-router';
import { PAYMENTS_TABS, paths } from '../../../shared/paths';
import { deepestHandle } from '../../../shared/route-handle';
import { paymentMessages as t } from '../messages';
import classes from './payments-layout.module.css';

/**
 * `/payments`: the section's title (the open tab's) and its four tabs as links — the open one
 * `aria-current="page"` — around the tab's screen.
 */
export default function PaymentsLayout() {
  const title = deepestHandle(useMatches())?.title ?? '';
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <nav aria-label={t.tabsNav} className={classes.tabs}>
        {PAYMENTS_TABS.map((tab) => (
          <NavLink key={tab} to={paths.payments.getHref(tab)} className={classes.tab}>
            {t.tabs[tab]}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </Stack>
  );
}
