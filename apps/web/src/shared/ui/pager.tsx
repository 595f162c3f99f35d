import { Box, Pagination } from '@mantine/core';

const pagerText = {
  pageNumber: (page: number) => `Страница ${page}`,
  controls: {
    first: 'Первая страница',
    previous: 'Предыдущая страница',
    next: 'Следующая страница',
    last: 'Последняя страница',
  },
} as const;

/**
 * Page links of a list in a navigation landmark named `label`, the current one
 * `aria-current="page"`; nothing when there is one page.
 */
export function Pager({
  label,
  page,
  total,
  onChange,
}: {
  label: string;
  page: number;
  total: number;
  onChange: (p: number) => void;
}) {
  if (total <= 1) return null;
  return (
    <Box component="nav" aria-label={label}>
      <Pagination
        total={total}
        value={Math.min(page, total)}
        onChange={onChange}
        siblings={1}
        boundaries={1}
        getItemProps={(p) => ({
          'aria-label': pagerText.pageNumber(p),
          'aria-current': p === page ? 'page' : undefined,
        })}
        getControlProps={(control) => ({ 'aria-label': pagerText.controls[control] })}
      />
    </Box>
  );
}
