import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { OrderStatusId, type Order } from '@cabinet/contract';
import { IconCalendarDue, IconShieldCheck, IconUser, IconWallet } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/errors';
import { commonMessages } from '../../../shared/messages';
import { notify } from '../../../shared/notify';
import { paths } from '../../../shared/paths';
import { priceBreakdown, priceBreakdownMessages } from '../../../shared/price-breakdown';
import { MoneyTable } from '../../../shared/ui/money-table';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { TitlePageButton } from '../../../shared/title-page';
import { acceptOrder, refreshOrder } from '../api';
import { workspaceText as t } from '../messages';
import { deadlineCountdown, deadlineLabel, guaranteeLine, paymentLine, type CountdownTone } from '../model';
import { OriginalityLine } from './originality-line';
import { AuthorLine } from './author-line';
import { useNow } from './use-now';

// The confirmation's dialog loads only for an order the customer can accept (most never show it).
const AcceptDialog = lazy(() =>
  import('./accept-dialog').then((module) => ({ default: module.AcceptDialog })),
);

/** The theme's error colour reads at 4.5:1 in both schemes; a near deadline is only bolder. */
const toneColor: Record<CountdownTone, string | undefined> = {
  overdue: 'var(--mantine-color-error)',
  soon: undefined,
  normal: undefined,
};

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      {icon}
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        {children}
      </Stack>
    </Group>
  );
}

/**
 * The customer's move on the order, when there is one: pay it, leave a tip, or accept the work or
 * send it back. On a phone it stays under the folded header's one line (`compact`, no tip), so
 * that «Принять работу» is never a tap away behind «Подробнее о заказе».
 */
export function OrderMoves({ order, compact = false }: { order: Order; compact?: boolean }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [accepting, setAccepting] = useState(false);
  const payable = order.status.id === OrderStatusId.awaitingPayment && order.price > order.paid;
  const tippable = !compact && order.status.id === OrderStatusId.completed && order.author !== null;
  if (!payable && !tippable && !order.can_accept) return null;
  const size = compact ? 'xs' : 'sm';

  const accept = async () => {
    setAccepting(true);
    try {
      await acceptOrder(order.id);
      await refreshOrder(client, order.id);
      setConfirming(false);
      notify.success(t.accepted);
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : commonMessages.unexpectedError);
    } finally {
      setAccepting(false);
    }
  };

  const moves = (
    <>
      {payable || tippable ? (
        <Group gap="sm">
          {payable ? (
            <Button component={Link} to={paths.order.pay.getHref(order.id)} size={compact ? size : undefined}>
              {t.pay}
            </Button>
          ) : (
            <Button component={Link} to={paths.order.tip.getHref(order.id)} variant="light">
              {t.tip}
            </Button>
          )}
        </Group>
      ) : null}
      {order.can_accept ? (
        <Group gap={compact ? 'xs' : 'sm'}>
          <Button onClick={() => setConfirming(true)} size={compact ? size : undefined}>
            {t.accept}
          </Button>
          <Button
            variant="default"
            size={compact ? size : undefined}
            onClick={() => void navigate(`${paths.order.getHref(order.id, 'reworks')}?new=1`)}
          >
            {t.sendBack}
          </Button>
        </Group>
      ) : null}
      {order.can_accept ? (
        <Suspense fallback={null}>
          <AcceptDialog
            opened={confirming}
            accepting={accepting}
            onClose={() => setConfirming(false)}
            onConfirm={() => void accept()}
          />
        </Suspense>
      ) : null}
    </>
  );
  return compact ? (
    <Stack gap={6} mt={6}>
      {moves}
    </Stack>
  ) : (
    moves
  );
}

/** The order at a glance: number, work, status, deadline countdown, money, author, guarantee, and the customer's move. */
export function WorkspaceHeader({ order }: { order: Order }) {
  const now = useNow();
  const countdown = order.deadline_at ? deadlineCountdown(order.deadline_at, now) : null;
  const guarantee = guaranteeLine(order.guarantee_until, now);

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="header">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={1} size="h2">
              {t.orderNumber(order.id)}
            </Title>
            <Text size="sm" c="dimmed">
              {order.details.work_type.title}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {order.details.topic}
            </Text>
          </Stack>
          <Group gap="xs">
            <StatusBadge status={order.status} />
            <TitlePageButton order={order} size="xs" />
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Fact icon={<IconCalendarDue size={20} aria-hidden />} label={t.deadline}>
            {order.deadline_at ? (
              <>
                <Text size="sm">{deadlineLabel(order.deadline_at)}</Text>
                {countdown ? (
                  <Text size="sm" fw={countdown.tone === 'normal' ? 400 : 700} c={toneColor[countdown.tone]}>
                    {countdown.text}
                  </Text>
                ) : null}
              </>
            ) : (
              <Text size="sm">{t.noDeadline}</Text>
            )}
          </Fact>
          <Fact icon={<IconWallet size={20} aria-hidden />} label={t.price}>
            <Text size="sm">{paymentLine(order)}</Text>
          </Fact>
          <Fact icon={<IconUser size={20} aria-hidden />} label={t.author}>
            <AuthorLine author={order.author} />
          </Fact>
          {guarantee ? (
            <Fact icon={<IconShieldCheck size={20} aria-hidden />} label={t.guarantee}>
              <Text size="sm">{guarantee}</Text>
            </Fact>
          ) : null}
        </SimpleGrid>
        <OriginalityLine order={order} />
        {order.discounts.length > 0 ? (
          <MoneyTable rows={priceBreakdown(order)} label={priceBreakdownMessages.summary} size="sm" />
        ) : null}
        <OrderMoves order={order} />
      </Stack>
    </Paper>
  );
}
