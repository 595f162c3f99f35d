import { Alert, Button, Card, Skeleton, Stack, Text } from '@mantine/core';
import type { OrderTab } from '@cabinet/contract';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { ordersMessages as m } from '../messages';

const SKELETON_CARDS = 3;

export function OrdersSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={m.loading} role="status">
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        <Card key={i} withBorder padding="md" radius="md">
          <Skeleton height={12} width="30%" mb="xs" />
          <Skeleton height={16} width="60%" mb="xs" />
          <Skeleton height={12} width="90%" mb="xs" />
          <Skeleton height={12} width="40%" />
        </Card>
      ))}
    </Stack>
  );
}

/** «Новый заказ»: to the order form. */
export function NewOrderButton() {
  return (
    <Button component={Link} to={paths.orderNew.getHref()} leftSection={<IconPlus size={18} aria-hidden />}>
      {m.newOrder}
    </Button>
  );
}

export function OrdersEmpty({ tab }: { tab: OrderTab }) {
  return (
    <Card withBorder padding="xl" radius="md">
      <Stack align="center" gap="md" ta="center">
        <Text>{m.empty[tab]}</Text>
        <NewOrderButton />
      </Stack>
    </Card>
  );
}

type ErrorProps = { message: string; onRetry: () => void; title?: string };

export function OrdersError({ message, onRetry, title = m.loadFailed }: ErrorProps) {
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button variant="outline" color="red" size="sm" onClick={onRetry}>
          {m.retry}
        </Button>
      </Stack>
    </Alert>
  );
}
