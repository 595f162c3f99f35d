import { Button, Card, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { isOrderStatusId, type OrderGreeting } from '@cabinet/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../../shared/format';
import { paths } from '../../../shared/paths';
import { ordersMessages as m } from '../messages';
import { greetingAction, kopecksToRoubles, type GreetingAction } from '../model';
import { OrdersError } from './list-states';
import { StatusBadge } from '../../../shared/ui/status-badge';

type Props = {
  title: string;
  lead: ReactNode;
  greeting: OrderGreeting;
};

/** The body of the success and welcome screens: the order in brief, what happens next, where to go. */
export function OrderGreetingView({ title, lead, greeting }: Props) {
  const action = greetingAction(greeting.status.id);
  const main = actionLink(action, greeting);
  const steps = isOrderStatusId(greeting.status.id) ? m.nextSteps[greeting.status.id] : null;
  return (
    <Stack gap="lg" maw={640}>
      <Stack gap="xs">
        <Title order={1}>{title}</Title>
        <Text>{lead}</Text>
      </Stack>
      <Card withBorder padding="lg" radius="md">
        <Stack gap="xs">
          <Row label={m.workTypeLabel}>{greeting.title}</Row>
          {greeting.topic && <Row label={m.topicLabel}>{greeting.topic}</Row>}
          <Row label={m.statusLabel}>
            <StatusBadge status={greeting.status} />
          </Row>
          <Row label={m.priceLabel}>
            <Text span fw={700} size="lg">
              {formatMoney(kopecksToRoubles(greeting.price))}
            </Text>
          </Row>
        </Stack>
      </Card>
      {steps && (
        <Stack gap="xs">
          <Title order={2} size="h3">
            {m.nextTitle}
          </Title>
          <List type="ordered" spacing="xs">
            {steps.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        </Stack>
      )}
      <Group gap="sm" wrap="wrap">
        <Button component={Link} to={main.href}>
          {main.label}
        </Button>
        {action !== 'order' && action !== 'chat' && action !== 'archive' && (
          <Button component={Link} to={paths.order.getHref(greeting.id)} variant="outline">
            {m.toOrder}
          </Button>
        )}
        <Button component={Link} to={paths.home.getHref()} variant="subtle">
          {m.toList}
        </Button>
      </Group>
    </Stack>
  );
}

/** Where the main button leads: a packet is paid as a whole, on its own screen. */
function actionLink(action: GreetingAction, greeting: OrderGreeting): { href: string; label: string } {
  const id = greeting.id;
  switch (action) {
    case 'pay':
      return greeting.packet_id === null
        ? { href: paths.order.pay.getHref(id), label: m.nextActions.pay }
        : { href: paths.payPacket.getHref(greeting.packet_id), label: m.nextActions.payPacket };
    case 'review':
      return { href: paths.order.getHref(id, 'files'), label: m.nextActions.review };
    case 'files':
      return { href: paths.order.getHref(id, 'files'), label: m.nextActions.files };
    case 'chat':
      return { href: paths.order.getHref(id, 'chat'), label: m.nextActions.chat };
    case 'order':
      return { href: paths.order.getHref(id), label: m.nextActions.order };
    case 'newOrder':
      return { href: paths.orderNew.getHref(), label: m.nextActions.newOrder };
    case 'archive':
      return { href: paths.home.getHref('archive'), label: m.nextActions.archive };
  }
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" miw={110}>
        {label}
      </Text>
      <Text component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

export function GreetingSkeleton() {
  return (
    <Stack gap="md" maw={640} aria-busy="true" role="status" aria-label={m.loading}>
      <Skeleton height={32} width="70%" />
      <Skeleton height={16} width="90%" />
      <Skeleton height={140} />
    </Stack>
  );
}

export function GreetingError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Stack gap="md" maw={640}>
      <OrdersError title={m.greetingFailed} message={message} onRetry={onRetry} />
      <Button component={Link} to={paths.home.getHref()} variant="subtle" w="fit-content">
        {m.toList}
      </Button>
    </Stack>
  );
}
