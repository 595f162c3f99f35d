import { Table } from '@mantine/core';
import { formatKopecks } from '../../../shared/format';
import { payMessages as m } from '../messages';

export interface SummaryLine {
  label: string;
  kopecks: number;
  /** Written with a minus: taken off the sum (bonuses). */
  minus?: boolean;
  /** The line that is paid now. */
  total?: boolean;
}

/** What is paid and how it adds up, as a table a screen reader reads row by row. */
export function PaySummary({ lines }: { lines: readonly SummaryLine[] }) {
  return (
    <Table variant="vertical" withTableBorder layout="fixed" aria-label={m.summary}>
      <Table.Tbody>
        {lines.map((line) => (
          <Table.Tr key={line.label} fw={line.total ? 700 : undefined}>
            <Table.Th scope="row" w="55%">
              {line.label}
            </Table.Th>
            <Table.Td ta="right">
              {line.minus ? `−${formatKopecks(line.kopecks)}` : formatKopecks(line.kopecks)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
