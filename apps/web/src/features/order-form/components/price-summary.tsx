import { Alert, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { promoMessages, type CostBreakdown } from '@cabinet/contract';
import { formatMoney } from '../../../shared/format';
import { orderFormMessages as m } from '../messages';
import type { LatestEvent, PriceQuote } from '../model';

export type PriceState = LatestEvent<PriceQuote> | { status: 'idle' };

const rub = (kopecks: number) => formatMoney(kopecks / 100);

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

function CostRows({ cost }: { cost: CostBreakdown }) {
  return (
    <>
      <Row label={m.priceBase(cost.pages_billed, rub(cost.price_per_page))} value={rub(cost.base)} />
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

/** The estimated price with its breakdown, shown before the order is placed. */
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
    const discount = quote.discount;
    const promoProblem =
      discount && discount.promo_status !== 'none' && discount.promo_status !== 'applied'
        ? promoMessages[discount.promo_status]
        : null;
    body = (
      <Stack gap={6}>
        {quote.items.map((cost, i) => (
          <Stack gap={4} key={i}>
            <CostRows cost={cost} />
          </Stack>
        ))}
        {discount && discount.promo_discount > 0 ? (
          <Row label={m.pricePromo} value={`−${rub(discount.promo_discount)}`} />
        ) : null}
        {discount && discount.first_order_discount > 0 ? (
          <Row label={m.priceFirstOrder} value={`−${rub(discount.first_order_discount)}`} />
        ) : null}
        {discount && discount.discount < discount.promo_discount + discount.first_order_discount ? (
          <Row label={m.priceDiscountCapped} value={`−${rub(discount.discount)}`} />
        ) : null}
        {quote.packetPercent !== null && quote.packetDiscount > 0 ? (
          <Row label={m.pricePacket(quote.packetPercent)} value={`−${rub(quote.packetDiscount)}`} />
        ) : null}
        {promoProblem ? (
          <Text size="sm" c="red.8">
            {promoProblem}
          </Text>
        ) : null}
        <Divider />
        <Row label={m.priceTotal} value={rub(quote.total)} strong />
        <Text size="xs" c="dimmed">
          {quote.packetPercent !== null ? m.packetPriceNote : m.priceEstimate}
        </Text>
      </Stack>
    );
  }
  return (
    <Paper withBorder p="md" radius="md" aria-live="polite" aria-label={m.priceTitle} component="section">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {m.priceTitle}
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
