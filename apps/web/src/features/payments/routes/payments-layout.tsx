import { useMatches } from 'react-router';
import { Outlet } from 'react-router';
import { PAYMENTS_TABS, paths } from '../../../shared/paths';
import { deepestHandle } from '../../../shared/route-handle';
import { SectionPlaceholder } from '../../../shared/ui/section-placeholder';
import { paymentMessages as t } from '../messages';

// Seam for issue 11: the payments section's tabs around each tab's screen (replaced by its screen).
export default function PaymentsLayout() {
  const links = PAYMENTS_TABS.map((tab) => ({ label: t.tabs[tab], to: paths.payments.getHref(tab) }));
  return (
    <>
      <SectionPlaceholder
        title={deepestHandle(useMatches())?.title ?? ''}
        links={links}
        linksLabel={t.tabsNav}
      />
      <Outlet />
    </>
  );
}
