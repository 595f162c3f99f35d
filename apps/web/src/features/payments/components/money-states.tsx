import { Box, Pagination } from '@mantine/core';
import { moneyMessages as m } from '../messages-money';

const controlLabels = {
  first: m.firstPage,
  previous: m.previousPage,
  next: m.nextPage,
  last: m.lastPage,
} as const;

/** Page links of a list, the current one `aria-current="page"`; nothing when there is one page. */
export function Pager({
  page,
  total,
  onChange,
}: {
  page: number;
  total: number;
  onChange: (p: number) => void;
}) {
  if (total <= 1) return null;
  return (
    <Box component="nav" aria-label={m.pagesLabel}>
      <Pagination
        total={total}
        value={Math.min(page, total)}
        onChange={onChange}
        siblings={1}
        boundaries={1}
        getItemProps={(p) => ({
          'aria-label': m.pageNumber(p),
          'aria-current': p === page ? 'page' : undefined,
        })}
        getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
      />
    </Box>
  );
}
