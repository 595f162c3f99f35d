import { Badge } from '@mantine/core';
import { orderStatusGroup, type OrderStatus, type OrderStatusGroup } from '@cabinet/contract';

/**
 * The badge colour says whose move it is (the contract's status group): yellow with dark text when
 * the customer must act (pay, check the work), the brand teal while the service works, green when
 * done, grey when closed. Filled badges; every pair is above 4.5:1 (the axe scan checks it).
 */
const BADGE_LOOKS: Readonly<Record<OrderStatusGroup, StatusBadgeLook>> = {
  attention: { color: 'yellow.4', autoContrast: true },
  progress: { color: 'brand.7', autoContrast: false },
  done: { color: '#1f6b30', autoContrast: false },
  closed: { color: 'gray.7', autoContrast: false },
};

export type StatusBadgeLook = { color: string; autoContrast: boolean };

export function statusBadgeLook(statusId: number): StatusBadgeLook {
  return BADGE_LOOKS[orderStatusGroup(statusId)];
}

/** An order's status as the customer reads it, coloured by whose move it is. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const { color, autoContrast } = statusBadgeLook(status.id);
  return (
    <Badge color={color} autoContrast={autoContrast} variant="filled" radius="sm" tt="none">
      {status.title}
    </Badge>
  );
}
