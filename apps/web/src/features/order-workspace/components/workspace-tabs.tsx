import { Badge, VisuallyHidden } from '@mantine/core';
import type { WorkspaceAttention } from '@cabinet/contract';
import { NavLink } from 'react-router';
import { ORDER_TABS, paths } from '../../../shared/paths';
import { useLiveOrderUnread } from '../../../shared/realtime';
import { workspaceText as t } from '../messages';
import { tabLabel } from '../model';
import classes from './workspace-tabs.module.css';

/**
 * The four tabs as links (the current one `aria-current="page"`), each with what is new on it.
 * The chat's count is the live unread one (the socket moves it) once known, the order's until then.
 */
export function WorkspaceTabs({
  orderId,
  attention: loaded,
}: {
  orderId: number;
  attention: WorkspaceAttention;
}) {
  const liveChat = useLiveOrderUnread(orderId);
  const attention = liveChat === null ? loaded : { ...loaded, chat: liveChat };
  return (
    <nav aria-label={t.tabsLabel} className={classes.tabs}>
      {ORDER_TABS.map((tab) => (
        <NavLink key={tab} to={paths.order.getHref(orderId, tab)} className={classes.tab}>
          {t.tabs[tab]}
          {attention[tab] > 0 ? (
            <>
              {/* The name read out is the visible name and what the badge counts: «Файлы (2 новых)». */}
              <VisuallyHidden>{tabLabel(tab, attention).slice(t.tabs[tab].length)}</VisuallyHidden>
              <Badge size="sm" circle color="red" variant="light" aria-hidden>
                {attention[tab]}
              </Badge>
            </>
          ) : null}
        </NavLink>
      ))}
    </nav>
  );
}
