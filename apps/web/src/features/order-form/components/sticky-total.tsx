import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { orderFormMessages as m } from '../messages';
import classes from './sticky-total.module.css';
import { rub, type PriceState } from './price-summary';

/**
 * The order's total with the submit button, stuck to the bottom of a narrow screen. It only
 * shows the figure: the form announces a new total once, politely, after the calculation.
 */
export function StickyTotal({
  state,
  lastTotal,
  submitLabel,
  submitting,
}: {
  state: PriceState;
  /** The total of the last finished calculation, kept while a new one runs. */
  lastTotal: number | null;
  submitLabel: string;
  submitting: boolean;
}) {
  let figure;
  if (state.status === 'done') {
    figure = rub(state.result.total);
  } else if (state.status === 'loading' && lastTotal !== null) {
    figure = rub(lastTotal);
  } else if (state.status === 'loading') {
    figure = m.stickyLoading;
  } else if (state.status === 'error') {
    figure = m.stickyFailed;
  } else {
    figure = null;
  }
  return (
    <div className={classes.bar} data-testid="sticky-total">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={0} style={{ minWidth: 0 }}>
          {figure === null ? (
            <Text size="sm" c="dimmed">
              {m.stickyHint}
            </Text>
          ) : (
            <>
              <Text size="xs" c="dimmed">
                {m.priceTotal}
              </Text>
              <Group gap={6} wrap="nowrap">
                <Text fw={700} size="lg" style={{ whiteSpace: 'nowrap' }}>
                  {figure}
                </Text>
                {state.status === 'loading' ? <Loader size="xs" aria-hidden /> : null}
              </Group>
            </>
          )}
        </Stack>
        <Button type="submit" loading={submitting} style={{ flexShrink: 0 }}>
          {submitLabel}
        </Button>
      </Group>
    </div>
  );
}
