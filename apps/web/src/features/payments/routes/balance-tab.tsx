import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { paymentMessages as contractMessages, type Balance, type BalanceMovement } from '@cabinet/contract';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatCount, formatDate, formatKopecks } from '../../../shared/format';
import { paths } from '../../../shared/paths';
import { useBalance, useVerificationStatus } from '../api-money';
import { ClaimForm } from '../components/refund-claim-form';
import { RepaymentForm } from '../components/refund-repayment-form';
import { StornoPanel } from '../components/refund-storno';
import { EmptyState, LoadError, LoadingRows } from '../../../shared/ui/query-states';
import { Pager } from '../../../shared/ui/pager';
import { VerificationBlock } from '../components/verification-block';
import { moneyMessages as m } from '../messages-money';
import { isVerificationPassed, pageCount, parsePage, signedKopecks } from '../model';

type Panel = 'repayment' | 'storno' | 'claim';
type Claim = { payIds?: number[]; amount?: number };

/**
 * `/payments/balance`: money and bonus with every movement that made them (paged), the way back
 * of money — to a card after the phone's confirmation, storno refunds, a refund claim — and the
 * phone's confirmation itself (spec §3/§4).
 */
export default function BalanceTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePage(searchParams.get('page'));
  const balance = useBalance(page);
  const verification = useVerificationStatus('repayment');
  const [panel, setPanel] = useState<Panel | null>(null);
  const [claim, setClaim] = useState<Claim>({});
  const panelId = useId();

  const setPage = (next: number) =>
    setSearchParams((previous) => {
      const params = new URLSearchParams(previous);
      if (next > 1) params.set('page', String(next));
      else params.delete('page');
      return params;
    });

  if (!balance.data) {
    return balance.isError ? (
      <LoadError title={m.balanceLoadFailed} error={balance.error} onRetry={() => void balance.refetch()} />
    ) : (
      <LoadingRows label={m.movementsLoading} />
    );
  }

  const money = balance.data.money;
  const verified = verification.data ? isVerificationPassed(verification.data) : false;
  const toggle = (next: Panel) => {
    setClaim({});
    setPanel((current) => (current === next ? null : next));
  };
  const actionProps = (name: Panel) => ({
    'aria-expanded': panel === name,
    'aria-controls': panelId,
    variant: panel === name ? 'filled' : 'light',
    onClick: () => toggle(name),
  });

  return (
    <Stack gap="lg">
      <Finances balance={balance.data} />
      <Group gap="sm">
        <Button {...actionProps('repayment')}>{m.repaymentAction}</Button>
        <Button {...actionProps('storno')}>{m.stornoAction}</Button>
        <Button {...actionProps('claim')}>{m.claimAction}</Button>
      </Group>
      <div id={panelId}>
        {panel === 'storno' ? (
          <StornoPanel
            available={money}
            onClaim={(payIds, amount) => {
              setClaim({ payIds, amount });
              setPanel('claim');
            }}
          />
        ) : null}
        {panel === 'repayment' || panel === 'claim' ? (
          verified ? (
            panel === 'repayment' ? (
              <RepaymentForm available={money} onDone={() => setPanel(null)} />
            ) : (
              <ClaimForm
                key={claim.payIds?.join(',') ?? ''}
                available={money}
                payIds={claim.payIds}
                initialAmount={claim.amount}
                onDone={() => setPanel(null)}
              />
            )
          ) : (
            <Alert color="yellow" role="status">
              {contractMessages.verificationRequired}
            </Alert>
          )
        ) : null}
      </div>
      {verification.data ? (
        <VerificationBlock purpose="repayment" status={verification.data} />
      ) : verification.isError ? (
        <LoadError
          title={m.verificationLoadFailed}
          error={verification.error}
          onRetry={() => void verification.refetch()}
        />
      ) : null}
      <Movements balance={balance.data} page={page} onPage={setPage} />
    </Stack>
  );
}

function Finances({ balance }: { balance: Balance }) {
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="sm">
        {m.financesLabel}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Figure label={m.money} value={formatKopecks(balance.money)} />
        <Figure label={m.bonus} value={formatBonus(balance.bonus)} />
      </SimpleGrid>
    </Paper>
  );
}

/** Bonuses come in kopecks like money and read as a count: «1 500 бонусов». */
const formatBonus = (kopecks: number) => formatCount(kopecks / 100, m.bonusForms);

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Stack>
  );
}

function Movements({
  balance,
  page,
  onPage,
}: {
  balance: Balance;
  page: number;
  onPage: (p: number) => void;
}) {
  const headingId = useId();
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {m.movementsTitle}
      </Title>
      {balance.results.length === 0 ? (
        <EmptyState text={m.movementsEmpty}>
          <Button component={Link} to={paths.payments.getHref('replenish')} variant="light">
            {m.toReplenish}
          </Button>
        </EmptyState>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {balance.results.map((movement) => (
            <MovementRow key={movement.id} movement={movement} />
          ))}
        </Stack>
      )}
      <Pager label={m.pagesLabel} page={page} total={pageCount(balance.count)} onChange={onPage} />
    </Stack>
  );
}

function MovementRow({ movement }: { movement: BalanceMovement }) {
  // The theme keeps the light variant's text readable (4.5:1) in both schemes.
  const tone = (value: number) => (value > 0 ? 'var(--mantine-color-green-light-color)' : undefined);
  return (
    <Paper component="li" withBorder radius="md" px="md" py="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text style={{ overflowWrap: 'anywhere' }}>{movement.title}</Text>
          <Text size="sm" c="dimmed">
            {formatDate(movement.created_at)}
          </Text>
        </Stack>
        <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
          {movement.money !== 0 || movement.bonus === 0 ? (
            <Text fw={600} c={tone(movement.money)} style={{ whiteSpace: 'nowrap' }}>
              {signedKopecks(movement.money, formatKopecks)}
            </Text>
          ) : null}
          {movement.bonus !== 0 ? (
            <Text size="sm" c={tone(movement.bonus)} style={{ whiteSpace: 'nowrap' }}>
              {signedKopecks(movement.bonus, formatBonus)}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}
