import { ActionIcon, Grid, Group, Paper, Stack, Title } from '@mantine/core';
import { OrderStatusId, type Order } from '@cabinet/contract';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Outlet, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { workspaceOrderQuery } from '../api';
import { workspaceText as t } from '../messages';
import { OrderTimeline } from '../components/order-timeline';
import { LoadError, LoadingRows } from '../../../shared/ui/query-states';
import { OrderMoves, WorkspaceHeader } from '../components/workspace-header';
import { WorkspaceTabs } from '../components/workspace-tabs';

// The rating of the author loads only for a finished order with an author (most pages never show it).
const AuthorReviewCard = lazy(() =>
  import('../components/author-review-card').then((module) => ({ default: module.AuthorReviewCard })),
);

/** Below Mantine's `sm` (48em), as the cabinet layout counts a phone. */
const PHONE_QUERY = '(max-width: 47.99em)';

/**
 * The header on a phone: one line — the number, the status and a button that unfolds the whole
 * header. The full card took some 60 % of a 390×844 screen and pushed the chat's composer below
 * the fold; the tab's screen is what the customer came for.
 */
function PhoneHeader({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const toggle = (
    <ActionIcon
      variant="default"
      size="lg"
      aria-expanded={open}
      aria-label={open ? t.headerLess : t.headerMore}
      onClick={() => setOpen((o) => !o)}
    >
      {open ? <IconChevronUp size={18} aria-hidden /> : <IconChevronDown size={18} aria-hidden />}
    </ActionIcon>
  );
  if (open) {
    return (
      <Stack gap={4}>
        <WorkspaceHeader order={order} />
        <Group justify="flex-end">{toggle}</Group>
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="md" px="sm" py={6} component="header">
      <Group justify="space-between" gap="xs" wrap="nowrap" data-testid="workspace-header-line">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Title order={1} size="h4" style={{ whiteSpace: 'nowrap' }}>
            {t.orderNumber(order.id)}
          </Title>
          <StatusBadge status={order.status} />
        </Group>
        {toggle}
      </Group>
      <OrderMoves order={order} compact />
    </Paper>
  );
}

/**
 * `/order/{id}/…`: the order's header and tabs around the tab's screen, with the timeline beside
 * it (below it on a phone, where the header folds to one line). The route guard has loaded the
 * order into the cache already.
 */
export default function WorkspaceLayout() {
  const { id = '' } = useParams();
  const order = useQuery(workspaceOrderQuery(id));
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });

  if (order.isPending) return <LoadingRows rows={4} label={t.orderNumber(Number(id))} />;
  if (order.isError)
    return <LoadError title={t.loadFailed} error={order.error} onRetry={() => void order.refetch()} />;

  return (
    <Stack gap="md">
      {phone ? <PhoneHeader order={order.data} /> : <WorkspaceHeader order={order.data} />}
      {order.data.status.id === OrderStatusId.completed && order.data.author ? (
        <Suspense fallback={null}>
          <AuthorReviewCard order={order.data} />
        </Suspense>
      ) : null}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <WorkspaceTabs orderId={order.data.id} attention={order.data.attention} />
            <Outlet />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <OrderTimeline orderId={id} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
