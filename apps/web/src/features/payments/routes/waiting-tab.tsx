import { Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import type { Payment, PayManyRequest } from '@cabinet/contract';
import { PAYMENTS_PAGE_SIZE } from '@cabinet/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDate, formatKopecks } from '../../../shared/format';
import { paths } from '../../../shared/paths';
import { payMany, waitingQuery } from '../api';
import { LoadError, LoadingRows } from '../../../shared/ui/query-states';
import { MethodPayForm } from '../components/method-pay-form';
import { payMessages as m } from '../messages';
import { Pager } from '../../../shared/ui/pager';

function parsePage(value: string | null): number {
  const page = value !== null && /^\d+$/.test(value) ? Number(value) : 1;
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/**
 * `/payments/pay`: payments awaiting payment (`GET waiting/`, paged), each with a box ticked by
 * default (spec §9); the ticked rows of the page are paid together (`POST pay-many/`).
 */
export default function WaitingTab() {
  const [search, setSearch] = useSearchParams();
  const page = parsePage(search.get('page'));
  const list = useQuery(waitingQuery(page));
  // What the customer changed; a row nobody touched keeps the server's `checked`.
  const [ticks, setTicks] = useState<ReadonlyMap<number, boolean>>(new Map());

  if (list.isPending) return <LoadingRows label={m.waitingList} rows={4} />;
  if (list.isError) {
    return <LoadError title={m.loadFailed} error={list.error} onRetry={() => void list.refetch()} />;
  }
  const rows = list.data.results;
  if (rows.length === 0 && page === 1) {
    return (
      <Stack gap="sm" align="flex-start" py="md">
        <Text c="dimmed">{m.waitingEmpty}</Text>
        <Button component={Link} to={paths.home.getHref('active')} variant="light">
          {m.toOrders}
        </Button>
      </Stack>
    );
  }

  const isTicked = (row: Payment) => ticks.get(row.pay_id) ?? row.checked;
  const selected = rows.filter(isTicked);
  const sum = selected.reduce((total, row) => total + row.amount, 0);
  const tick = (ids: number[], value: boolean) =>
    setTicks((previous) => new Map([...previous, ...ids.map((id) => [id, value] as const)]));
  const total = Math.max(1, Math.ceil(list.data.count / PAYMENTS_PAGE_SIZE));

  return (
    <Stack gap="md" maw={720}>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Checkbox
            label={m.waitingSelectAll}
            checked={selected.length === rows.length}
            indeterminate={selected.length > 0 && selected.length < rows.length}
            onChange={(event) =>
              tick(
                rows.map((row) => row.pay_id),
                event.currentTarget.checked,
              )
            }
          />
          <Stack component="ul" gap="xs" p={0} m={0} aria-label={m.waitingList} style={{ listStyle: 'none' }}>
            {rows.map((row) => (
              <li key={row.pay_id}>
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                  <Checkbox
                    checked={isTicked(row)}
                    onChange={(event) => tick([row.pay_id], event.currentTarget.checked)}
                    aria-label={m.waitingSelect(row.title)}
                    label={row.title}
                    description={formatDate(row.created_at)}
                  />
                  <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatKopecks(row.amount)}
                  </Text>
                </Group>
              </li>
            ))}
          </Stack>
          <Text fw={600} aria-live="polite">
            {selected.length > 0 ? m.waitingSelected(selected.length, sum) : m.waitingNoneSelected}
          </Text>
        </Stack>
      </Paper>
      <Pager
        label={m.pagesLabel}
        page={page}
        total={total}
        onChange={(next) => setSearch(next === 1 ? {} : { page: String(next) })}
      />
      <Paper withBorder radius="md" p="md">
        <MethodPayForm<PayManyRequest>
          purpose="order"
          amount={sum}
          submitLabel={m.waitingSubmit}
          bodyFor={(method) =>
            selected.length > 0
              ? { pay_ids: selected.map((row) => row.pay_id), payment_method: method }
              : null
          }
          send={payMany}
          disabledHint={
            <Text size="sm" c="dimmed">
              {m.waitingNoneSelected}
            </Text>
          }
        />
      </Paper>
    </Stack>
  );
}
