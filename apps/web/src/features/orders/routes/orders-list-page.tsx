import { Badge, Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { ORDER_TABS, type OrderCounters, type OrderListItem, type OrderTab } from '@cabinet/contract';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/errors';
import { notify } from '../../../shared/notify';
import { paths } from '../../../shared/paths';
import { useOrderMutations, useOrdersList } from '../api';
import { NewOrderButton, OrdersEmpty, OrdersError, OrdersSkeleton } from '../components/list-states';
import { DraftsStrip } from '../components/drafts-strip';
import { OrderCard } from '../components/order-card';
import { showUndoSnackbar } from '../components/undo-snackbar';
import { ordersMessages as m } from '../messages';
import { groupByPacket, pageCount, parsePage } from '../model';
import classes from './orders-list-page.module.css';
import { Pager } from '../../../shared/ui/pager';

const PAGE_PARAM = 'page';

function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : m.unexpectedError;
}

/** The tab comes validated by the route guard (spec §2); the fallback only satisfies the types. */
function useTab(): OrderTab {
  const { tab } = useParams();
  return (ORDER_TABS as readonly string[]).includes(tab ?? '') ? (tab as OrderTab) : 'active';
}

/** `/home/{tab}`: the customer's orders on a tab, 20 a page, with trash, restore and undo (spec §2, §4). */
export default function OrdersListPage() {
  const tab = useTab();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePage(searchParams.get(PAGE_PARAM));
  const list = useOrdersList(tab, page);
  const { trash, restore } = useOrderMutations(tab, page);
  const [now] = useState(() => new Date());

  // While a new tab loads, its counters are those the last answer gave.
  const [lastCounters, setLastCounters] = useState<OrderCounters | undefined>();
  const counters = list.data?.counters ?? lastCounters;
  if (list.data && list.data.counters !== lastCounters) setLastCounters(list.data.counters);

  const setPage = (next: number) =>
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (next > 1) params.set(PAGE_PARAM, String(next));
        else params.delete(PAGE_PARAM);
        return params;
      },
      { preventScrollReset: false },
    );

  // A page emptied by trashing its last order, or one that no longer exists, falls back a page.
  const emptiedPage = list.data && !list.isPlaceholderData && list.data.results.length === 0 && page > 1;
  const missingPage = list.error instanceof ApiError && list.error.status === 404 && page > 1;
  useEffect(() => {
    if (emptiedPage && list.data) setPage(Math.min(page - 1, pageCount(list.data.count)));
    else if (missingPage) setPage(1);
    // setPage is a fresh closure every render; the conditions are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [emptiedPage, missingPage]);

  const fail = (error: unknown) => notify.error(errorText(error));

  const onTrash = (order: OrderListItem) =>
    trash.mutate(order, {
      onSuccess: () =>
        showUndoSnackbar(m.trashed, () => restore.mutate({ order, backTo: tab }, { onError: fail })),
      onError: fail,
    });

  const onRestore = (order: OrderListItem) =>
    restore.mutate({ order }, { onSuccess: () => notify.success(m.restored), onError: fail });

  let content;
  if (list.data) {
    const total = pageCount(list.data.count);
    content =
      list.data.results.length === 0 ? (
        <OrdersEmpty tab={tab} />
      ) : (
        <Stack gap="sm">
          {groupByPacket(list.data.results).map((group) =>
            group.packetId === null ? (
              <OrderCard
                key={group.orders[0].id}
                order={group.orders[0]}
                now={now}
                onTrash={onTrash}
                onRestore={onRestore}
              />
            ) : (
              <PacketGroup key={`packet-${group.packetId}-${group.orders[0]?.id}`} packetId={group.packetId}>
                {group.orders.map((order) => (
                  <OrderCard key={order.id} order={order} now={now} onTrash={onTrash} onRestore={onRestore} />
                ))}
              </PacketGroup>
            ),
          )}
          <Pager label={m.pagesLabel} page={page} total={total} onChange={setPage} />
        </Stack>
      );
  } else if (list.isError) {
    content = <OrdersError message={errorText(list.error)} onRetry={() => void list.refetch()} />;
  } else {
    content = <OrdersSkeleton />;
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1}>{m.listTitle}</Title>
        <NewOrderButton />
      </Group>
      <DraftsStrip />
      <Tabs
        value={tab}
        onChange={(value) => value && navigate(paths.home.getHref(value as OrderTab))}
        classNames={{ list: classes.list, tab: classes.tab, tabSection: classes.tabSection }}
      >
        <Tabs.List aria-label={m.tabsLabel}>
          {ORDER_TABS.map((t) => (
            <Tabs.Tab
              key={t}
              value={t}
              rightSection={
                counters && (
                  <Badge variant="filled" color="gray.7" size="sm" circle={counters[t] < 10}>
                    {counters[t]}
                  </Badge>
                )
              }
            >
              {m.tabs[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {ORDER_TABS.map((t) => (
          <Tabs.Panel key={t} value={t} pt="md">
            {t === tab && content}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

/** Orders placed together in a packet: one frame, paid at once (spec §2 /pay-packet/{id}). */
function PacketGroup({ packetId, children }: { packetId: number; children: ReactNode[] }) {
  const titleId = useId();
  return (
    <Paper component="section" withBorder radius="md" p="sm" aria-labelledby={titleId} bg="var(--app-canvas)">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text id={titleId} fw={600} size="sm">
            {m.packetGroup(children.length)}
          </Text>
          <Button component={Link} to={paths.payPacket.getHref(packetId)} size="xs" variant="light">
            {m.payPacket}
          </Button>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
