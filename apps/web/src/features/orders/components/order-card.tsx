import { ActionIcon, Card, Group, Stack, Text } from '@mantine/core';
import type { OrderListItem } from '@cabinet/contract';
import { IconArchive, IconDots, IconEdit, IconExternalLink, IconRestore } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '../../../shared/format';
import { paths } from '../../../shared/paths';
import { ordersMessages as m } from '../messages';
import { canRestore, canTrash, deadlineDate, kopecksToRoubles, relativeDeadline } from '../model';
import classes from './order-card.module.css';
import { ActionMenu } from '../../../shared/ui/action-menu';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { UnreadBadge, useOrderUnread } from '../../../shared/realtime';

type Props = {
  order: OrderListItem;
  now: Date;
  onTrash: (order: OrderListItem) => void;
  onRestore: (order: OrderListItem) => void;
};

export function OrderCard({ order, now, onTrash, onRestore }: Props) {
  const { deadline, topic } = order.details;
  const trashed = order.trash.is_trash;
  const unread = useOrderUnread(order.id);
  return (
    <Card
      component="article"
      withBorder
      padding="md"
      radius="md"
      aria-label={m.orderNumber(order.id)}
      className={classes.card}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed">
              {m.orderNumber(order.id)}
              {order.packet_id !== null && ` · ${m.packet}`}
            </Text>
            {trashed ? (
              <Text fw={600}>{order.title}</Text>
            ) : (
              <Link
                to={paths.order.getHref(order.id)}
                className={classes.link}
                aria-label={m.openOrder(order.id, order.title, topic)}
              >
                {order.title}
              </Link>
            )}
          </Stack>
          <ActionMenu
            target={(props) => (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={m.actions(order.id)}
                className={classes.above}
                {...props}
              >
                <IconDots size={20} aria-hidden />
              </ActionIcon>
            )}
            items={[
              ...(trashed
                ? []
                : [
                    {
                      label: m.open,
                      to: paths.order.getHref(order.id),
                      icon: <IconExternalLink size={16} aria-hidden />,
                    },
                  ]),
              ...(order.is_editable
                ? [
                    {
                      label: m.edit,
                      to: paths.order.edit.getHref(order.id),
                      icon: <IconEdit size={16} aria-hidden />,
                    },
                  ]
                : []),
              ...(canTrash(order)
                ? [
                    {
                      label: m.trash,
                      icon: <IconArchive size={16} aria-hidden />,
                      onClick: () => onTrash(order),
                    },
                  ]
                : []),
              ...(canRestore(order)
                ? [
                    {
                      label: m.restore,
                      icon: <IconRestore size={16} aria-hidden />,
                      onClick: () => onRestore(order),
                    },
                  ]
                : []),
            ]}
          />
        </Group>
        {topic && (
          <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {topic}
          </Text>
        )}
        <Group gap="xs" wrap="wrap">
          <StatusBadge status={order.status} />
          <UnreadBadge count={unread} circle={false} />
        </Group>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">
            {deadline
              ? `${m.deadline(formatDate(deadlineDate(deadline)))} · ${relativeDeadline(deadline, now)}`
              : m.noDeadline}
          </Text>
          <Text fw={600} aria-label={`${m.priceLabel}: ${formatMoney(kopecksToRoubles(order.price))}`}>
            {formatMoney(kopecksToRoubles(order.price))}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
