import { useMatches } from 'react-router';
import { PAYMENTS_TABS, paths } from '../shared/paths';
import { deepestHandle } from '../shared/route-handle';
import { SectionPlaceholder } from '../shared/ui/section-placeholder';
import { tabLabels } from './messages';

/** Route components for the screens later issues build: the route's title and, for tabbed sections, the tabs. */

function useTitle(): string {
  return deepestHandle(useMatches())?.title ?? '';
}

export function TitledPlaceholder() {
  return <SectionPlaceholder title={useTitle()} />;
}

export function PaymentsTabsPlaceholder() {
  const links = PAYMENTS_TABS.map((tab) => ({
    label: tabLabels.payments[tab],
    to: paths.payments.getHref(tab),
  }));
  return <SectionPlaceholder title={useTitle()} links={links} linksLabel={tabLabels.paymentsNav} />;
}
