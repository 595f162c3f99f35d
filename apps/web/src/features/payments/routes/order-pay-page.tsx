import { Alert, Button, Checkbox, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { OrderStatusId, type Order, type PayRequest } from '@cabinet/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { getOrderQueryOptions } from '../../../shared/api/get-order';
import { eagerSchema } from '../../../shared/lazy-schema';
import { paths } from '../../../shared/paths';
import { discountRows, priceBreakdownMessages } from '../../../shared/price-breakdown';
import { FormAlert } from '../../../shared/ui/form-alert';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { financesQuery, methodsQuery, pay } from '../api';
import { LoadError, LoadingRows } from '../../../shared/ui/query-states';
import { MethodPicker } from '../components/method-picker';
import { PaySummary, type SummaryLine } from '../components/pay-summary';
import { usePayment } from '../components/use-payment';
import { payMessages as m } from '../messages';
import {
  amountLeft,
  canPayHalf,
  halfOf,
  orderCharge,
  orderPayFormSchema,
  type OrderPayFormOutput,
  type OrderPayFormValues,
} from '../pay-model';

const FIELDS = ['payment_method', 'part', 'use_bonus'] as const;
const schema = eagerSchema(orderPayFormSchema);

/** `/order/{id}/pay`: the order's sum, bonuses, all or half, the method, and one button. */
export default function OrderPayPage() {
  const { id = '' } = useParams();
  const order = useQuery(getOrderQueryOptions(id));

  if (order.isPending) return <LoadingRows label={m.orderNumber(id)} rows={4} />;
  if (order.isError) {
    return <LoadError title={m.loadFailed} error={order.error} onRetry={() => void order.refetch()} />;
  }
  return (
    <Stack gap="md" maw={560}>
      <div>
        <Title order={1}>{m.orderPayTitle(order.data.id)}</Title>
        <Text c="dimmed">
          {order.data.details.topic ? `${order.data.title}: «${order.data.details.topic}»` : order.data.title}
        </Text>
      </div>
      {order.data.status.id === OrderStatusId.awaitingPayment && amountLeft(order.data) > 0 ? (
        <OrderPayForm order={order.data} />
      ) : (
        <NotPayable order={order.data} />
      )}
    </Stack>
  );
}

function NotPayable({ order }: { order: Order }) {
  const paidInFull = order.status.id === OrderStatusId.awaitingPayment;
  return (
    <Alert color="yellow" title={m.notPayableTitle} role="status">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{paidInFull ? m.nothingLeft : m.notPayableStatus(order.status.title)}</Text>
        {order.status.id === OrderStatusId.pricing && <Text size="sm">{m.noPrice}</Text>}
        <Button component={Link} to={paths.order.getHref(order.id)} variant="light">
          {m.toOrder}
        </Button>
      </Stack>
    </Alert>
  );
}

function OrderPayForm({ order }: { order: Order }) {
  const finances = useQuery(financesQuery());
  const heldBonus = finances.data?.bonus ?? 0;
  // The share of the price bonuses may cover is the server's setting, told with the methods (the
  // same request as the method picker's while no bonus is taken); none until it is known.
  const methods = useQuery(methodsQuery('order', amountLeft(order)));
  const bonusPercent = methods.data?.bonus_max_percent ?? 0;
  const half = canPayHalf(order);
  const payment = usePayment<PayRequest>();
  const { form, alert, submit } = useServerForm<OrderPayFormValues, OrderPayFormOutput>({
    schema,
    defaultValues: { payment_method: '', part: 'full', use_bonus: false },
    fields: FIELDS,
    onSubmit: async (values) => {
      const charge = orderCharge(order, values.part, heldBonus, values.use_bonus, bonusPercent);
      const body: PayRequest = {
        purpose: 'order',
        object_id: order.id,
        payment_method: values.payment_method,
        ...(half ? { part: values.part } : {}),
        ...(charge.bonus > 0 ? { bonus: charge.bonus } : {}),
      };
      await payment.run(body, pay);
    },
  });
  const { errors, isSubmitting } = form.formState;
  const part = form.control('part').value;
  const bonusOn = form.control('use_bonus').value;
  const method = form.control('payment_method').value;
  const charge = orderCharge(order, part, heldBonus, bonusOn, bonusPercent);
  // What could go to bonuses at most, whether or not the box is ticked.
  const bonusMax = orderCharge(order, part, heldBonus, true, bonusPercent).bonus;

  const lines: SummaryLine[] = [
    // The price before discounts and each discount the order keeps, when it has any (ADR 027).
    ...(order.discounts.length > 0
      ? [{ label: priceBreakdownMessages.base, kopecks: order.cost }, ...discountRows(order.discounts)]
      : [{ label: m.price, kopecks: order.price }]),
    ...(order.paid > 0 ? [{ label: m.paid, kopecks: order.paid }] : []),
    { label: m.left, kopecks: amountLeft(order) },
    ...(charge.bonus > 0 ? [{ label: m.bonusLine, kopecks: charge.bonus, minus: true }] : []),
    { label: m.toPay, kopecks: charge.money, total: true },
  ];

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <PaySummary lines={lines} />
          {half && (
            <Radio.Group
              name="part"
              label={m.part}
              value={part}
              onChange={(value) => form.setValue('part', value === 'half' ? 'half' : 'full')}
              error={errors.part?.message}
            >
              <Stack gap="sm" mt="xs">
                <Radio
                  value="full"
                  label={m.partFullChoice(amountLeft(order))}
                  ref={form.elementRef('part')}
                />
                <Radio
                  value="half"
                  label={m.partHalfChoice(halfOf(order.price))}
                  description={m.partHalfHint}
                />
              </Stack>
            </Radio.Group>
          )}
          {bonusMax > 0 ? (
            <Checkbox
              ref={form.elementRef('use_bonus')}
              name="use_bonus"
              label={m.useBonus}
              description={m.useBonusHint(bonusMax, bonusPercent)}
              checked={bonusOn}
              onChange={(event) => form.setValue('use_bonus', event.currentTarget.checked)}
            />
          ) : null}
          <MethodPicker
            purpose="order"
            amount={charge.money}
            value={method}
            onChange={(value) => form.setValue('payment_method', value)}
            error={errors.payment_method?.message}
            ref={form.elementRef('payment_method')}
          />
          <FormAlert message={alert} />
          <Button type="submit" size="md" loading={isSubmitting || payment.leaving}>
            {m.payButton(charge.money)}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
