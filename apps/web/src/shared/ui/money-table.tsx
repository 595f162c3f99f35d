import { formatKopecks } from '../format';
import type { MoneyRow } from '../price-breakdown';
import classes from './money-table.module.css';

/**
 * Sums as a two-column table a screen reader reads row by row: a label, an amount (with a minus
 * when it is taken off); the total row bold.
 */
export function MoneyTable({ rows, label, size }: { rows: readonly MoneyRow[]; label: string; size?: 'sm' }) {
  return (
    <table
      className={classes.table}
      aria-label={label}
      style={size ? { fontSize: `var(--mantine-font-size-${size})` } : undefined}
    >
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} className={row.total ? classes.total : undefined}>
            <th scope="row">{row.label}</th>
            <td>{row.minus ? `−${formatKopecks(row.kopecks)}` : formatKopecks(row.kopecks)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
