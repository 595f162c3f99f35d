import { Paper, Stack, Text } from '@mantine/core';
import { AmountPayForm } from '../components/amount-pay-form';
import { payMessages as m } from '../messages';

/** A top-up cannot come from the balance itself. */
const NOT_FOR_TOP_UP = ['balance'] as const;

/** `/payments/replenish`: a sum from 1 to 500 000 ₽ and a method; the provider's page takes the money. */
export default function ReplenishTab() {
  return (
    <Paper withBorder radius="md" p="md" maw={560}>
      <Stack gap="md">
        <Text>{m.replenishText}</Text>
        <AmountPayForm
          purpose="replenish"
          initialRoubles=""
          amountLabel={m.replenishAmount}
          submitLabel={m.replenishSubmit}
          exclude={NOT_FOR_TOP_UP}
        />
      </Stack>
    </Paper>
  );
}
