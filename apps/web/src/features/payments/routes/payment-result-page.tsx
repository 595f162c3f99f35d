import { Button, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Payment } from '@cabinet/contract';
import { IconCircleCheck, IconCircleX, IconClockHour4 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLoaderData, useSearchParams } from 'react-router';
import { formatKopecks } from '../../../shared/format';
import { paths } from '../../../shared/paths';
import { queryClient } from '../../../shared/query-client';
import { paymentResultQuery } from '../api';
import { refreshAfterPayment } from '../cache';
import { paymentMessages as m } from '../messages';

/** What the /payment route loader returns (app/guards.ts). */
interface PaymentResultData {
  status: 'success' | 'fail';
  authenticated: boolean;
}

type Outcome = 'success' | 'pending' | 'fail';

/** The payment's own status wins over the address's: a bank may send back «success» for a decline. */
function outcomeOf(status: PaymentResultData['status'], payment: Payment | undefined): Outcome {
  if (!payment) return status;
  if (payment.status === 'succeeded') return 'success';
  if (payment.status === 'pending') return status === 'fail' ? 'fail' : 'pending';
  return 'fail';
}

/** Back to the screen that pays the same thing again. */
export function retryHref(payment: Payment): string {
  const id = payment.object_id;
  switch (payment.purpose) {
    case 'order':
      // Several invoices paid together have no one order: the awaiting payments list.
      return id === null ? paths.payments.getHref('pay') : paths.order.pay.getHref(id);
    case 'packet':
      return id === null ? paths.payments.getHref('pay') : paths.payPacket.getHref(id);
    case 'tip':
      return id === null
        ? paths.payments.getHref('history')
        : paths.order.tip.getHref(id, payment.amount / 100);
    case 'certificate':
      return id === null ? paths.certificates.getHref() : paths.certificate.pay.getHref(id);
    case 'replenish':
      return paths.payments.getHref('replenish');
  }
}

function doneText(payment: Payment | undefined, outcome: Outcome): string {
  if (outcome === 'pending') return m.resultPending;
  if (outcome === 'fail') return payment?.status === 'declined' ? m.resultDeclined : m.resultFailText;
  if (!payment) return m.resultSuccessText;
  return payment.payment_method === 'balance' ? m.resultDoneBalance : m.resultDone;
}

const looks = {
  success: { Icon: IconCircleCheck, color: 'green', title: m.resultSuccessTitle },
  pending: { Icon: IconClockHour4, color: 'yellow', title: m.resultPendingTitle },
  fail: { Icon: IconCircleX, color: 'red', title: m.resultFailTitle },
} as const;

/**
 * `/payment?status=success|fail&pay_id=…`: where a payment ends — the provider's page returns here,
 * and so does a payment from the balance. It sits in the public layout's card for visitors and
 * customers alike. For a customer it looks the payment up (`pay_id`) and names what was paid and
 * how much, says whether it is done, and after a failure leads back to paying the same thing. After
 * a success the cached money, bonus, orders and payments are marked stale, so that the cabinet's
 * header and lists show the payment without a reload (the layout has no query provider: the app's
 * one cache is used directly).
 */
export default function PaymentResultPage() {
  const { status, authenticated } = useLoaderData() as PaymentResultData;
  const [search] = useSearchParams();
  const payId = Number(search.get('pay_id'));
  const lookup = useQuery(
    { ...paymentResultQuery(payId), enabled: authenticated && Number.isSafeInteger(payId) && payId > 0 },
    queryClient,
  );
  const payment = lookup.data;
  const outcome = outcomeOf(status, payment);
  const { Icon, color, title } = looks[outcome];
  const success = outcome === 'success';

  useEffect(() => {
    if (success && authenticated) void refreshAfterPayment(queryClient);
  }, [success, authenticated]);

  if (lookup.isLoading) return <Loader aria-label={m.resultPendingTitle} mx="auto" />;

  return (
    <Stack align="center" gap="md" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" color={color}>
        <Icon size={32} aria-hidden />
      </ThemeIcon>
      <Title order={1} size="h2">
        {title}
      </Title>
      {payment ? (
        <Text fw={600} data-testid="payment-what">
          {m.resultWhat(payment.title, formatKopecks(payment.amount))}
        </Text>
      ) : null}
      <Text>{doneText(payment, outcome)}</Text>
      {authenticated ? (
        <Group justify="center">
          {outcome === 'fail' && payment ? (
            <Button component={Link} to={retryHref(payment)}>
              {m.retry}
            </Button>
          ) : null}
          <Button
            component={Link}
            to={paths.payments.getHref()}
            variant={outcome === 'fail' && payment ? 'default' : 'filled'}
          >
            {m.toPayments}
          </Button>
          <Button component={Link} to={paths.home.getHref('active')} variant="default">
            {m.toOrders}
          </Button>
        </Group>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {m.resultSignInHint}
          </Text>
          <Button component={Link} to={paths.login.getHref()}>
            {m.signIn}
          </Button>
        </>
      )}
    </Stack>
  );
}
