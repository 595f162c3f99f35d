import { Table } from '@mantine/core';
import { formatKopecks } from '../format';
import type { MoneyRow } from '../price-breakdown';

/**
 * Sums as a two-column table a screen reader reads row by row: a label, an amount (with a minus
 * when it is taken off); the total row bold.
 */
export function MoneyTable({ rows, label, size }: { rows: readonly MoneyRow[]; label: string; size?: 'sm' }) {
  return (
    <Table variant="vertical" withTableBorder layout="fixed" aria-label={label} fz={size}>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.label} fw={row.total ? 700 : undefined}>
            <Table.Th scope="row" w="55%" fw={row.total ? 700 : undefined}>
              {row.label}
            </Table.Th>
            <Table.Td ta="right">
              {row.minus ? `−${formatKopecks(row.kopecks)}` : formatKopecks(row.kopecks)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
