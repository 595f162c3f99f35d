import { Badge, Group, Text } from '@mantine/core';
import { formatDate } from '../../../shared/format';
import { staffOrdersMessages as m } from '../messages';
import { deadlineUrgency, type Urgency } from '../model';

const urgencyBadge: Partial<Record<Urgency, { color: string; label: string }>> = {
  overdue: { color: 'red', label: m.overdue },
  today: { color: 'orange', label: m.today },
  tomorrow: { color: 'yellow', label: m.tomorrow },
};

/** The deadline day, with overdue in red and today / tomorrow highlighted (in words, not colour alone). */
export function DeadlineCell({
  deadline,
  deadlineAt,
  statusId,
}: {
  deadline: string;
  deadlineAt: string;
  statusId: number;
}) {
  const badge = urgencyBadge[deadlineUrgency(deadline, deadlineAt, statusId)];
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c={badge?.color === 'red' ? 'red.8' : undefined} fw={badge ? 600 : undefined}>
        {formatDate(`${deadline}T12:00:00Z`)}
      </Text>
      {badge && (
        <Badge color={badge.color} variant="light" size="sm">
          {badge.label}
        </Badge>
      )}
    </Group>
  );
}
