import { Badge, Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { PAYMENT_PURPOSES, type Payment, type PaymentPurpose } from '@cabinet/contract';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatCount, formatDate, formatKopecks } from '../../../shared/format';
import { paths } from '../../../shared/paths';
import { useHistory } from '../api-money';
import { EmptyState, LoadError, LoadingRows } from '../../../shared/ui/query-states';
import { Pager } from '../../../shared/ui/pager';
import { moneyMessages as m } from '../messages-money';
import {
  historyQuery,
  pageCount,
  readHistoryFilters,
  writeHistoryFilters,
  type HistoryFilters,
} from '../model';

const STATUS_COLORS = { pending: 'yellow', succeeded: 'green', canceled: 'gray', declined: 'red' } as const;

/**
 * `/payments/history`: past payments (`GET history/`), paged, filtered by period and kind. The
 * filters and the page live in the address, so a filtered list survives a reload and can be shared.
 */
export default function HistoryTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readHistoryFilters(searchParams);
  const history = useHistory(historyQuery(filters));
  const filtered = Boolean(filters.from || filters.to || filters.purpose);

  // A changed filter starts again from the first page.
  const apply = (next: Partial<HistoryFilters>) =>
    setSearchParams(writeHistoryFilters({ ...filters, page: 1, ...next }), { replace: true });
  const setPage = (page: number) => setSearchParams(writeHistoryFilters({ ...filters, page }));

  let content;
  if (history.data) {
    content =
      history.data.results.length === 0 ? (
        filtered ? (
          <EmptyState text={m.historyEmptyFiltered}>
            <Button variant="light" onClick={() => setSearchParams(new URLSearchParams())}>
              {m.historyReset}
            </Button>
          </EmptyState>
        ) : (
          <EmptyState text={m.historyEmpty}>
            <Button component={Link} to={paths.payments.getHref('pay')} variant="light">
              {m.historyToPay}
            </Button>
          </EmptyState>
        )
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {m.historyCount(history.data.count)}
          </Text>
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {history.data.results.map((payment) => (
              <PaymentRow key={payment.pay_id} payment={payment} />
            ))}
          </Stack>
          <Pager
            label={m.pagesLabel}
            page={filters.page}
            total={pageCount(history.data.count)}
            onChange={setPage}
          />
        </Stack>
      );
  } else if (history.isError) {
    content = (
      <LoadError title={m.historyLoadFailed} error={history.error} onRetry={() => void history.refetch()} />
    );
  } else {
    content = <LoadingRows label={m.historyLoading} />;
  }

  return (
    <Stack gap="md">
      <Filters filters={filters} onChange={apply} />
      {content}
    </Stack>
  );
}

function Filters({
  filters,
  onChange,
}: {
  filters: HistoryFilters;
  onChange: (next: Partial<HistoryFilters>) => void;
}) {
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby={headingId}>
      <Text fw={600} size="sm" id={headingId} mb="xs">
        {m.historyFilters}
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label={m.historyFrom}
          value={filters.from ?? ''}
          max={filters.to}
          onChange={(event) => onChange({ from: event.currentTarget.value || undefined })}
          w={170}
        />
        <TextInput
          type="date"
          label={m.historyTo}
          value={filters.to ?? ''}
          min={filters.from}
          onChange={(event) => onChange({ to: event.currentTarget.value || undefined })}
          w={170}
        />
        <NativeSelect
          label={m.historyPurpose}
          data={[
            { value: '', label: m.historyPurposeAll },
            ...PAYMENT_PURPOSES.map((p) => ({ value: p, label: m.purposes[p] })),
          ]}
          value={filters.purpose ?? ''}
          onChange={(event) =>
            onChange({ purpose: (event.currentTarget.value || undefined) as PaymentPurpose | undefined })
          }
          w={200}
        />
      </Group>
    </Paper>
  );
}

function PaymentRow({ payment }: { payment: Payment }) {
  return (
    <Paper component="li" withBorder radius="md" px="md" py="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text style={{ overflowWrap: 'anywhere' }}>{payment.title}</Text>
          <Text size="sm" c="dimmed">
            {m.purposes[payment.purpose]} · {formatDate(payment.paid_at ?? payment.created_at)}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatKopecks(payment.amount)}
          </Text>
          {payment.bonus > 0 ? (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {m.historyBonus(formatCount(payment.bonus / 100, m.bonusForms))}
            </Text>
          ) : null}
          {payment.refunded > 0 ? (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {m.historyRefunded(formatKopecks(payment.refunded))}
            </Text>
          ) : null}
          <Badge variant="light" color={STATUS_COLORS[payment.status]}>
            {m.statuses[payment.status]}
          </Badge>
        </Stack>
      </Group>
    </Paper>
  );
}
