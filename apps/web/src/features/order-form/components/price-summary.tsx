import { Alert, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { DISCOUNT_CAP_PERCENT, type DiscountReason } from '@cabinet/contract';
import { formatMoney } from '../../../shared/format';
import { orderFormMessages as m } from '../messages';
import type { LatestEvent, PricedItem, PriceQuote } from '../pricing';

export type PriceState = LatestEvent<PriceQuote> | { status: 'idle' };

export const rub = (kopecks: number) => formatMoney(kopecks / 100);

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

function CostRows({ item }: { item: PricedItem }) {
  const { cost, title } = item;
  const volume =
    title === null
      ? m.priceBase(cost.pages_billed, rub(cost.price_per_page))
      : m.priceWork(title, cost.pages_billed, rub(cost.price_per_page));
  return (
    <>
      <Row label={volume} value={rub(cost.base)} />
      {cost.urgency_surcharge > 0 ? (
        <Row label={m.priceUrgency(cost.urgency_percent)} value={`+${rub(cost.urgency_surcharge)}`} />
      ) : null}
      {cost.originality_surcharge > 0 ? (
        <Row
          label={m.priceOriginality(cost.originality_percent)}
          value={`+${rub(cost.originality_surcharge)}`}
        />
      ) : null}
      {cost.verification_surcharge > 0 ? (
        <Row
          label={m.priceSystem(cost.verification_percent)}
          value={`+${rub(cost.verification_surcharge)}`}
        />
      ) : null}
    </>
  );
}

function discountLabel(reason: DiscountReason, packetPercent: number | null): string {
  if (reason === 'promo') return m.pricePromo;
  if (reason === 'first_order') return m.priceFirstOrder;
  return packetPercent === null ? m.pricePacketPlain : m.pricePacket(packetPercent);
}

/**
 * The estimated price with its breakdown, shown before the order is placed: each work, one
 * line per discount reason (what the server gave, so the lines add up to the total), and a word
 * on the cap only when it cut the discounts. Not a live region: the form announces the total once.
 */
export function PriceSummary({ state }: { state: PriceState }) {
  let body;
  if (state.status === 'idle') {
    body = (
      <Text size="sm" c="dimmed">
        {m.priceHint}
      </Text>
    );
  } else if (state.status === 'loading') {
    body = (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">{m.priceLoading}</Text>
      </Group>
    );
  } else if (state.status === 'error') {
    body = (
      <Alert color="red" p="xs">
        {m.priceFailed}
      </Alert>
    );
  } else {
    const quote = state.result;
    const packet = quote.packetPercent !== null;
    body = (
      <Stack gap={6}>
        {quote.items.map((item, i) => (
          <Stack gap={4} key={i}>
            <CostRows item={item} />
          </Stack>
        ))}
        {quote.discounts.map((line) => (
          <Row
            key={line.reason}
            label={discountLabel(line.reason, quote.packetPercent)}
            value={`−${rub(line.amount)}`}
          />
        ))}
        {quote.capped ? (
          <Text size="xs" c="dimmed">
            {m.priceDiscountCapped(DISCOUNT_CAP_PERCENT)}
          </Text>
        ) : null}
        <Divider />
        <Row label={m.priceTotal} value={rub(quote.total)} strong />
        <Text size="xs" c="dimmed">
          {packet ? m.packetPriceNote : m.priceEstimate}
        </Text>
      </Stack>
    );
  }
  return (
    <Paper withBorder p="md" radius="md" aria-label={m.priceTitle} component="section">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {m.priceTitle}
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
