import { Badge } from '@mantine/core';
import type { CertificateStatus } from '@cabinet/contract';
import { certificateText as t } from '../messages';

const COLORS: Record<CertificateStatus, string> = {
  awaiting_payment: 'yellow',
  active: 'green',
  redeemed: 'gray',
  expired: 'red',
};

export function StatusBadge({ status }: { status: CertificateStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light">
      {t.statuses[status]}
    </Badge>
  );
}
