import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Pagination,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { STAFF_PAGE_SIZE, STAFF_STATUS_TITLES, type StaffOrderListItem } from '@cabinet/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDate, formatMoney } from '../../../shared/format';
import { paths } from '../../../shared/paths';
import { useStaffMe } from '../../../shared/staff/session';
import { useStaffQueue, useWorkTypes } from '../api';
import { DeadlineCell } from '../components/deadline-cell';
import { LoadError, LoadingRows } from '../components/query-states';
import { staffOrdersMessages as m } from '../messages';
import { roublesOf } from '../model';
import {
  apiQueryOf,
  EMPTY_FILTERS,
  filtersFromSearch,
  searchFromFilters,
  withFilter,
  type QueueFilters,
} from '../queue-filters';
import classes from './queue-page.module.css';

const SEARCH_DELAY_MS = 400;
const statusOptions = Object.entries(STAFF_STATUS_TITLES).map(([value, label]) => ({ value, label }));

/** /staff/orders: the queue with its filters in the address. An author sees only their orders. */
export default function QueuePage() {
  const me = useStaffMe();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearch(searchParams);
  const query = apiQueryOf(filters, me?.role);
  const list = useStaffQueue(query);
  const setFilters = (next: QueueFilters, replace = false) =>
    setSearchParams(searchFromFilters(next), { replace, preventScrollReset: true });

  const pages = list.data ? Math.max(1, Math.ceil(list.data.count / STAFF_PAGE_SIZE)) : 1;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {m.queueTitle}
      </Title>
      <Filters filters={filters} onChange={setFilters} />
      {list.isPending ? (
        <LoadingRows />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.results.length === 0 ? (
        <Card withBorder>
          <Stack gap="xs" align="flex-start">
            <Text fw={600}>{m.emptyQueue}</Text>
            <Text size="sm" c="dimmed">
              {m.emptyQueueHint}
            </Text>
            <Button variant="default" onClick={() => setFilters(EMPTY_FILTERS)}>
              {m.resetFilters}
            </Button>
          </Stack>
        </Card>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {m.total(list.data.count)}
          </Text>
          <QueueTable orders={list.data.results} />
          <QueueCards orders={list.data.results} />
          {pages > 1 && (
            <Pagination
              total={pages}
              value={Math.min(filters.page, pages)}
              onChange={(page) => setFilters({ ...filters, page })}
              getControlProps={(control) => ({
                'aria-label': control === 'previous' ? m.pagePrevious : m.pageNext,
              })}
              getItemProps={(page) => ({ 'aria-label': m.pageNumber(page) })}
            />
          )}
        </>
      )}
    </Stack>
  );
}

function Filters({
  filters,
  onChange,
}: {
  filters: QueueFilters;
  onChange: (next: QueueFilters, replace?: boolean) => void;
}) {
  const workTypes = useWorkTypes();
  const [typed, setTyped] = useState(filters.q);
  // Back, Forward or «Сбросить» change the address under the field: the field follows it.
  const [shownQ, setShownQ] = useState(filters.q);
  if (filters.q !== shownQ) {
    setShownQ(filters.q);
    if (filters.q !== typed.trim()) setTyped(filters.q);
  }
  // Typing replaces the history entry: Back leaves the queue, not each letter.
  const search = useDebouncedCallback(
    (q: string) => onChange(withFilter(filters, { q: q.trim() }), true),
    SEARCH_DELAY_MS,
  );
  const isFiltered = searchFromFilters({ ...filters, page: 1 }) !== '';

  return (
    <Stack gap="sm" component="section" aria-label={m.filtersLabel}>
      <TextInput
        type="search"
        label={m.searchLabel}
        placeholder={m.searchPlaceholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={typed}
        onChange={(event) => {
          setTyped(event.currentTarget.value);
          search(event.currentTarget.value);
        }}
      />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
        <NativeSelect
          label={m.statusLabel}
          value={filters.status === null ? '' : String(filters.status)}
          data={[{ value: '', label: m.anyStatus }, ...statusOptions]}
          onChange={(event) =>
            onChange(withFilter(filters, { status: Number(event.currentTarget.value) || null }))
          }
        />
        {/* Without the list (the server may refuse it) the filter is left out rather than empty. */}
        {workTypes.isSuccess && (
          <NativeSelect
            label={m.workTypeLabel}
            value={filters.workType === null ? '' : String(filters.workType)}
            data={[
              { value: '', label: m.anyWorkType },
              ...workTypes.data.map((t) => ({ value: String(t.id), label: t.title })),
            ]}
            onChange={(event) =>
              onChange(withFilter(filters, { workType: Number(event.currentTarget.value) || null }))
            }
          />
        )}
        <NativeSelect
          label={m.assignedLabel}
          value={filters.assigned ?? ''}
          data={[
            { value: '', label: m.assignedAny },
            { value: 'yes', label: m.assignedYes },
            { value: 'no', label: m.assignedNo },
          ]}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange(withFilter(filters, { assigned: value === 'yes' || value === 'no' ? value : null }));
          }}
        />
        <TextInput
          type="date"
          label={m.deadlineFromLabel}
          value={filters.deadlineFrom ?? ''}
          onChange={(event) =>
            onChange(withFilter(filters, { deadlineFrom: event.currentTarget.value || null }))
          }
        />
        <TextInput
          type="date"
          label={m.deadlineToLabel}
          value={filters.deadlineTo ?? ''}
          onChange={(event) =>
            onChange(withFilter(filters, { deadlineTo: event.currentTarget.value || null }))
          }
        />
      </SimpleGrid>
      {isFiltered && (
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              setTyped('');
              onChange(EMPTY_FILTERS);
            }}
          >
            {m.resetFilters}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function Money({ order }: { order: StaffOrderListItem }) {
  if (order.price === 0)
    return (
      <Text size="sm" c="dimmed">
        {m.priceNotSet}
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text size="sm">{formatMoney(roublesOf(order.price))}</Text>
      <Text size="xs" c="dimmed">
        {m.paidOf(formatMoney(roublesOf(order.paid)))}
      </Text>
    </Stack>
  );
}

function Waiting({ order }: { order: StaffOrderListItem }) {
  return (
    <Group gap={4}>
      {order.open_reworks > 0 && (
        <Badge color="orange" variant="light" size="sm">
          {m.openReworks(order.open_reworks)}
        </Badge>
      )}
      {order.open_care > 0 && (
        <Badge color="grape" variant="light" size="sm">
          {m.openCare(order.open_care)}
        </Badge>
      )}
    </Group>
  );
}

const statusTitle = (order: StaffOrderListItem) => STAFF_STATUS_TITLES[order.status.id] ?? order.status.title;

function QueueTable({ orders }: { orders: StaffOrderListItem[] }) {
  return (
    <Table.ScrollContainer minWidth={1100} visibleFrom="sm">
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{m.colNumber}</Table.Th>
            <Table.Th>{m.colCreated}</Table.Th>
            <Table.Th>{m.colCustomer}</Table.Th>
            <Table.Th>{m.colWorkType}</Table.Th>
            <Table.Th>{m.colTopic}</Table.Th>
            <Table.Th>{m.colStatus}</Table.Th>
            <Table.Th>{m.colDeadline}</Table.Th>
            <Table.Th>{m.colPrice}</Table.Th>
            <Table.Th>{m.colPerformer}</Table.Th>
            <Table.Th>{m.colWaiting}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr key={order.id} className={classes.row}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={paths.staff.order.getHref(order.id)}
                  fw={600}
                  aria-label={m.orderNumber(order.id)}
                  className={classes.rowLink}
                >
                  {order.id}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(order.created_at)}</Table.Td>
              <Table.Td>{order.customer_name}</Table.Td>
              <Table.Td>{order.work_type}</Table.Td>
              <Table.Td maw={280}>
                <Text size="sm" lineClamp={2}>
                  {order.topic}
                </Text>
              </Table.Td>
              <Table.Td>{statusTitle(order)}</Table.Td>
              <Table.Td>
                <DeadlineCell
                  deadline={order.deadline}
                  deadlineAt={order.deadline_at}
                  statusId={order.status.id}
                />
              </Table.Td>
              <Table.Td>
                <Money order={order} />
              </Table.Td>
              <Table.Td>
                {order.performer?.name ?? (
                  <Text size="sm" c="dimmed">
                    {m.noPerformer}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Waiting order={order} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one card per order instead of a table that would scroll sideways. */
function QueueCards({ orders }: { orders: StaffOrderListItem[] }) {
  return (
    <Stack gap="sm" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {orders.map((order) => (
        <Card key={order.id} withBorder component="li" padding="sm" className={classes.row}>
          <Stack gap={4}>
            <Group justify="space-between" gap="xs">
              <Anchor
                component={Link}
                to={paths.staff.order.getHref(order.id)}
                fw={700}
                className={classes.rowLink}
              >
                {m.orderNumber(order.id)}
              </Anchor>
              <Text size="sm">{statusTitle(order)}</Text>
            </Group>
            <Text size="sm">{m.createdBy(formatDate(order.created_at), order.customer_name)}</Text>
            <Text size="sm" c="dimmed">
              {order.work_type}
            </Text>
            <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {order.topic}
            </Text>
            <DeadlineCell
              deadline={order.deadline}
              deadlineAt={order.deadline_at}
              statusId={order.status.id}
            />
            <Group justify="space-between" align="flex-start" gap="xs">
              <Money order={order} />
              <Text size="sm">{order.performer?.name ?? m.noPerformer}</Text>
            </Group>
            <Waiting order={order} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
