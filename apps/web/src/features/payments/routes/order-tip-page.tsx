import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { OrderStatusId } from '@cabinet/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { getOrderQueryOptions } from '../../../shared/api/get-order';
import { paths } from '../../../shared/paths';
import { AmountPayForm } from '../components/amount-pay-form';
import { LoadError, LoadingRows } from '../../../shared/ui/query-states';
import { payMessages as m } from '../messages';
import { roublesParam } from '../pay-model';

/** One-tap sums of a tip, in roubles. */
const QUICK_TIPS = [100, 300, 500] as const;

/** `/order/{id}/tip?tip=500`: a tip to the author of a completed order, pre-filled from the address. */
export default function OrderTipPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const order = useQuery(getOrderQueryOptions(id));

  if (order.isPending) return <LoadingRows label={m.orderNumber(id)} rows={3} />;
  if (order.isError) {
    return <LoadError title={m.loadFailed} error={order.error} onRetry={() => void order.refetch()} />;
  }
  const { author } = order.data;
  const allowed = order.data.status.id === OrderStatusId.completed && author !== null;

  return (
    <Stack gap="md" maw={560}>
      <div>
        <Title order={1}>{m.tipTitle(order.data.id)}</Title>
        {author && <Text c="dimmed">{m.tipAuthor(author.name)}</Text>}
      </div>
      {allowed ? (
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Text>{m.tipText}</Text>
            <AmountPayForm
              purpose="tip"
              objectId={order.data.id}
              initialRoubles={String(roublesParam(search.get('tip')) ?? '')}
              amountLabel={m.tipAmount}
              submitLabel={m.tipSubmit}
              quick={QUICK_TIPS}
            />
          </Stack>
        </Paper>
      ) : (
        <Alert color="yellow" title={m.tipNotAllowed} role="status">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{m.notPayableStatus(order.data.status.title)}</Text>
            <Button component={Link} to={paths.order.getHref(order.data.id)} variant="light">
              {m.toOrder}
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
