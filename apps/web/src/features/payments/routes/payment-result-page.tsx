import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLoaderData } from 'react-router';
import { paths } from '../../../shared/paths';
import { queryClient } from '../../../shared/query-client';
import { refreshAfterPayment } from '../cache';
import { paymentMessages as m } from '../messages';

/** What the /payment route loader returns (app/guards.ts). */
interface PaymentResultData {
  status: 'success' | 'fail';
  authenticated: boolean;
}

/**
 * `/payment?status=success|fail`: where the payment provider returns the customer. It sits in the
 * public layout's card for visitors and customers alike. After a success the cached money, bonus,
 * orders and payments are marked stale, so that the cabinet's header and lists show the payment
 * without a reload (the layout has no query provider: the app's one cache is used directly).
 */
export default function PaymentResultPage() {
  const { status, authenticated } = useLoaderData() as PaymentResultData;
  const success = status === 'success';
  const Icon = success ? IconCircleCheck : IconCircleX;

  useEffect(() => {
    if (success && authenticated) void refreshAfterPayment(queryClient);
  }, [success, authenticated]);

  return (
    <Stack align="center" gap="md" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" color={success ? 'green' : 'red'}>
        <Icon size={32} aria-hidden />
      </ThemeIcon>
      <Title order={1} size="h2">
        {success ? m.resultSuccessTitle : m.resultFailTitle}
      </Title>
      <Text>{success ? m.resultSuccessText : m.resultFailText}</Text>
      {authenticated ? (
        <Group justify="center">
          <Button component={Link} to={paths.payments.getHref()}>
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
