import { Box, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  AttributionReportQuerySchema,
  type AttributionReportQuery,
  type AttributionReportRow,
} from '@cabinet/contract';
import { useSearchParams } from 'react-router';
import { formatKopecks } from '../../../shared/format';
import { lazySchema } from '../../../shared/lazy-schema';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { LoadError, LoadingRows } from '../../../shared/ui/query-states';
import { useAttributionReport } from '../api';
import { staffReportsMessages as m } from '../messages';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const rangeSchema = lazySchema(() => Promise.resolve(AttributionReportQuerySchema));

/** Today and 29 days before it (UTC calendar days, as the report counts them). */
function defaultRange(now = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  const start = new Date(now);
  start.setUTCDate(start.getUTCDate() - 29);
  return { from: start.toISOString().slice(0, 10), to };
}

const dayText = (day: string) => day.split('-').reverse().join('.');

/**
 * /staff/reports/attribution (managers): which campaign tag and partner brought orders, paid
 * orders, money and registrations in a period. The period is in the address, so a reload or a
 * shared link shows the same report.
 */
export default function AttributionReportPage() {
  const [params, setParams] = useSearchParams();
  const fallback = defaultRange();
  const fromParam = params.get('from') ?? '';
  const toParam = params.get('to') ?? '';
  const from = DAY.test(fromParam) ? fromParam : fallback.from;
  const to = DAY.test(toParam) ? toParam : fallback.to;
  const report = useAttributionReport(from, to);
  const caption = report.data ? m.tableCaption(dayText(report.data.from), dayText(report.data.to)) : '';
  // The period is checked as the server checks it (a reversed or too long one is refused here).
  const { form, submit } = useServerForm<{ from: string; to: string }, AttributionReportQuery>({
    schema: rangeSchema,
    defaultValues: { from, to },
    fields: ['from', 'to'],
    onSubmit: async (range) => setParams(range),
  });
  const { errors } = form.formState;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {m.attributionTitle}
      </Title>
      <Text size="sm" c="dimmed">
        {m.attributionLead}
      </Text>
      <form onSubmit={(event) => void submit(event)} aria-label={m.rangeLegend} noValidate>
        <Group align="start" gap="sm">
          <TextInput
            {...form.register('from')}
            type="date"
            label={m.from}
            required
            error={errors.from?.message}
          />
          <TextInput {...form.register('to')} type="date" label={m.to} required error={errors.to?.message} />
          <Button
            type="submit"
            loading={report.isFetching}
            // Level with the fields below their labels (a field's error grows it downwards).
            mt="calc(var(--mantine-font-size-sm) * 1.55)"
          >
            {m.show}
          </Button>
        </Group>
      </form>
      {report.isPending ? (
        <LoadingRows rows={5} height={36} />
      ) : report.isError ? (
        <LoadError title={m.loadFailed} error={report.error} onRetry={() => void report.refetch()} />
      ) : report.data.results.length === 0 ? (
        <Text c="dimmed">{m.empty}</Text>
      ) : (
        // A narrow screen scrolls the table in its own box, which the keyboard can scroll too.
        <Box role="region" aria-label={caption} tabIndex={0} style={{ overflowX: 'auto' }}>
          <Table striped withTableBorder highlightOnHover miw={640}>
            <Table.Caption>{caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{m.campaign}</Table.Th>
                <Table.Th scope="col">{m.partner}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {m.ordersPlaced}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {m.ordersPaid}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {m.moneyPaid}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {m.registered}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.data.results.map((row) => (
                <ReportRow key={`${row.campaign ?? ''}|${row.partner ?? ''}`} row={row} />
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr fw={700}>
                <Table.Th scope="row" colSpan={2}>
                  {m.total}
                </Table.Th>
                <Table.Td ta="right">{report.data.total.orders_placed}</Table.Td>
                <Table.Td ta="right">{report.data.total.orders_paid}</Table.Td>
                <Table.Td ta="right">{formatKopecks(report.data.total.money_paid)}</Table.Td>
                <Table.Td ta="right">{report.data.total.customers_registered}</Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Box>
      )}
    </Stack>
  );
}

function ReportRow({ row }: { row: AttributionReportRow }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={400} style={{ overflowWrap: 'anywhere' }}>
        {row.campaign ?? m.none}
      </Table.Th>
      <Table.Td>{row.partner ?? m.none}</Table.Td>
      <Table.Td ta="right">{row.orders_placed}</Table.Td>
      <Table.Td ta="right">{row.orders_paid}</Table.Td>
      <Table.Td ta="right">{formatKopecks(row.money_paid)}</Table.Td>
      <Table.Td ta="right">{row.customers_registered}</Table.Td>
    </Table.Tr>
  );
}
