import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { StaffRefundClaim } from '@cabinet/contract';
import { useState } from 'react';
import { errorText } from '../../../shared/ui/query-states';
import { formatKopecks } from '../../../shared/format';
import { notify } from '../../../shared/notify';
import { useRefundClaimDecision, useRefundClaims } from '../api';
import { LoadError, LoadingRows } from '../components/query-states';
import { staffOrdersMessages as m } from '../messages';
import { formatDateTime } from '../model';

const statusColor = { pending: 'orange', succeeded: 'green', canceled: 'gray' } as const;

/** /staff/refunds (managers): customers' refund claims, pending first; each approved or rejected once. */
export default function RefundClaimsPage() {
  const claims = useRefundClaims();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {m.refundsTitle}
      </Title>
      {claims.isPending ? (
        <LoadingRows />
      ) : claims.isError ? (
        <LoadError error={claims.error} onRetry={() => void claims.refetch()} />
      ) : claims.data.results.length === 0 ? (
        <Text c="dimmed">{m.refundsEmpty}</Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={m.refundsList}>
          {claims.data.results.map((claim) => (
            <ClaimCard key={claim.id} claim={claim} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function ClaimCard({ claim }: { claim: StaffRefundClaim }) {
  const decide = useRefundClaimDecision();
  const [asking, setAsking] = useState<'approve' | 'reject' | null>(null);
  const amount = formatKopecks(claim.amount);
  const headingId = `refund-claim-${claim.id}`;

  const run = (decision: 'approve' | 'reject') =>
    decide.mutate(
      { id: claim.id, decision },
      {
        onSuccess: () => {
          setAsking(null);
          notify.success(decision === 'approve' ? m.refundApproved : m.refundRejected);
        },
      },
    );

  return (
    <Card component="li" withBorder padding="sm" aria-labelledby={headingId}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text fw={600} id={headingId}>
            {m.refundClaimOf(claim.id, claim.email)}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(claim.created_at)}
          </Text>
        </Group>
        <Group gap="xs">
          <Badge variant="light" color={statusColor[claim.status]}>
            {m.refundStatus[claim.status]}
          </Badge>
          <Text size="sm">
            {m.refundAmount}: <b>{amount}</b>
          </Text>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {m.refundReason}: {claim.reason}
        </Text>
        {claim.pay_ids.length > 0 && (
          <Text size="xs" c="dimmed">
            {m.refundPayments(claim.pay_ids)}
          </Text>
        )}
        {decide.isError && (
          <Alert color="red" role="alert" p="xs">
            {errorText(decide.error)}
          </Alert>
        )}
        {claim.status === 'pending' &&
          (asking ? (
            <Stack gap="xs">
              <Text size="sm">
                {asking === 'approve' ? m.refundApproveConfirm(amount) : m.refundRejectConfirm(amount)}
              </Text>
              <Group gap="xs">
                <Button
                  size="xs"
                  color={asking === 'approve' ? undefined : 'red'}
                  loading={decide.isPending}
                  onClick={() => run(asking)}
                >
                  {asking === 'approve' ? m.refundApprove : m.refundReject}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  disabled={decide.isPending}
                  onClick={() => setAsking(null)}
                >
                  {m.cancel}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group gap="xs">
              <Button size="xs" onClick={() => setAsking('approve')}>
                {m.refundApprove}
              </Button>
              <Button size="xs" variant="default" onClick={() => setAsking('reject')}>
                {m.refundReject}
              </Button>
            </Group>
          ))}
      </Stack>
    </Card>
  );
}
