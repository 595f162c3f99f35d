import { Badge } from '@mantine/core';
import type { OrderStatus } from '@cabinet/contract';
import { statusBadgeLook } from '../model';

/** An order's status as the customer reads it, coloured by whose move it is. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const { color, autoContrast } = statusBadgeLook(status.id);
  return (
    <Badge color={color} autoContrast={autoContrast} variant="filled" radius="sm" tt="none">
      {status.title}
    </Badge>
  );
}
