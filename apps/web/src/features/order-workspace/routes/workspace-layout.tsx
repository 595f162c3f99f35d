import { Grid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useParams } from 'react-router';
import { workspaceOrderQuery } from '../api';
import { workspaceText as t } from '../messages';
import { OrderTimeline } from '../components/order-timeline';
import { LoadError, LoadingRows } from '../../../shared/ui/query-states';
import { WorkspaceHeader } from '../components/workspace-header';
import { WorkspaceTabs } from '../components/workspace-tabs';

/**
 * `/order/{id}/…`: the order's header and tabs around the tab's screen, with the timeline beside
 * it (below it on a phone). The route guard has loaded the order into the cache already.
 */
export default function WorkspaceLayout() {
  const { id = '' } = useParams();
  const order = useQuery(workspaceOrderQuery(id));

  if (order.isPending) return <LoadingRows rows={4} label={t.orderNumber(Number(id))} />;
  if (order.isError)
    return <LoadError title={t.loadFailed} error={order.error} onRetry={() => void order.refetch()} />;

  return (
    <Stack gap="md">
      <WorkspaceHeader order={order.data} />
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
