import { Badge, Button, Card, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { OrderGreeting } from '@cabinet/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../../shared/format';
import { paths } from '../../../shared/paths';
import { ordersMessages as m } from '../messages';
import { kopecksToRoubles, statusBadgeColor } from '../model';
import { OrdersError } from './list-states';

type Props = {
  title: string;
  lead: ReactNode;
  greeting: OrderGreeting;
};

/** The body of the success and welcome screens: the order in brief, what happens next, where to go. */
export function OrderGreetingView({ title, lead, greeting }: Props) {
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
            <Badge color={statusBadgeColor(greeting.status.id)} variant="filled" radius="sm">
              {greeting.status.title}
            </Badge>
          </Row>
          <Row label={m.priceLabel}>
            <Text span fw={700} size="lg">
              {formatMoney(kopecksToRoubles(greeting.price))}
            </Text>
          </Row>
        </Stack>
      </Card>
      <Stack gap="xs">
        <Title order={2} size="h3">
          {m.nextTitle}
        </Title>
        <List type="ordered" spacing="xs">
          {m.nextSteps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
      </Stack>
      <Group gap="sm" wrap="wrap">
        <Button component={Link} to={paths.order.getHref(greeting.id)}>
          {m.toOrder}
        </Button>
        {greeting.packet_id !== null && (
          <Button component={Link} to={paths.payPacket.getHref(greeting.packet_id)} variant="outline">
            {m.payPacket}
          </Button>
        )}
        <Button component={Link} to={paths.home.getHref()} variant="subtle">
          {m.toList}
        </Button>
      </Group>
    </Stack>
  );
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
