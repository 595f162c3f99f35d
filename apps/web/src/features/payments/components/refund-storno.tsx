import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { PAYOUT_MAX_KOPECKS, z, type RefundStornoPlan } from '@cabinet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { formatKopecks } from '../../../shared/format';
import { notify } from '../../../shared/notify';
import { eagerSchema } from '../../../shared/lazy-schema';
import { FormAlert } from '../../../shared/ui/form-alert';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { executeStorno, loadStornoPlan, refreshMoney } from '../api-money';
import { PaymentAttempt } from '../idempotency';
import { moneyMessages as m } from '../messages-money';
import { amountSchema } from '../model';
import { errorText } from '../../../shared/ui/query-states';
import { SectionCard } from '../../../shared/ui/section-card';
import { AmountInput } from './amount-input';

/**
 * Storno (spec §3/§9, the default way back): the sum → `GET refund-storno/?refund_sum=` shows which
 * payments it reverses, newest first, each row checked (mode storno); «Вернуть» executes it
 * (`POST refund-storno/`). Leaving rows unchecked is not a storno any more: those rows can go into
 * a refund claim instead.
 */
export function StornoPanel({
  available,
  onClaim,
}: {
  available: number;
  /** Opens a claim for the checked rows and their sum. */
  onClaim: (payIds: number[], amount: number) => void;
}) {
  const planId = useId();
  const client = useQueryClient();
  const [plan, setPlan] = useState<RefundStornoPlan | null>(null);
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [attempt] = useState(() => new PaymentAttempt());
  const [round, setRound] = useState(0);
  const storno = useMutation({
    mutationFn: async (refundSum: number) => {
      const body = { refund_sum: refundSum };
      try {
        await executeStorno(refundSum, attempt.keyFor(body));
        attempt.finish();
      } catch (error) {
        attempt.finish(error);
        throw error;
      }
    },
    onSuccess: async () => {
      notify.success(m.stornoDone);
      setPlan(null);
      setRound((n) => n + 1);
      await refreshMoney(client);
    },
  });

  const toggle = (payId: number, on: boolean) =>
    setChecked((previous) => {
      const next = new Set(previous);
      if (on) next.add(payId);
      else next.delete(payId);
      return next;
    });

  const allChecked = plan !== null && plan.results.every((row) => checked.has(row.pay_id));
  const checkedRows = plan?.results.filter((row) => checked.has(row.pay_id)) ?? [];

  return (
    <SectionCard title={m.stornoTitle}>
      <Text size="sm">{m.stornoHint}</Text>
      <StornoAmountForm
        key={round}
        available={available}
        onPlan={(next) => {
          storno.reset();
          setPlan(next);
          // Spec §9: every row starts checked.
          setChecked(new Set(next?.results.map((row) => row.pay_id)));
        }}
      />
      {plan ? (
        <Stack gap="sm" aria-labelledby={planId} role="group">
          <Text fw={600} id={planId}>
            {m.stornoPlanTitle}
          </Text>
          {plan.results.map((row) => (
            <Checkbox
              key={row.pay_id}
              checked={checked.has(row.pay_id)}
              onChange={(event) => toggle(row.pay_id, event.currentTarget.checked)}
              label={m.stornoRow(row.title, formatKopecks(row.amount))}
            />
          ))}
          {allChecked ? (
            <Group>
              <Button
                onClick={() => {
                  if (!storno.isPending) storno.mutate(plan.refund_sum);
                }}
                loading={storno.isPending}
              >
                {m.stornoSubmit(formatKopecks(plan.refund_sum))}
              </Button>
            </Group>
          ) : (
            <Stack gap="xs" align="flex-start">
              <Text size="sm" c="dimmed">
                {m.stornoUncheckedHint}
              </Text>
              <Button
                variant="light"
                disabled={checkedRows.length === 0}
                onClick={() =>
                  onClaim(
                    checkedRows.map((row) => row.pay_id),
                    checkedRows.reduce((sum, row) => sum + row.amount, 0),
                  )
                }
              >
                {m.stornoToClaim}
              </Button>
            </Stack>
          )}
        </Stack>
      ) : null}
      <FormAlert message={storno.isError ? errorText(storno.error) : null} />
    </SectionCard>
  );
}

/** The sum to return → the plan of the payments it reverses (`null` while the sum changes or failed). */
function StornoAmountForm({
  available,
  onPlan,
}: {
  available: number;
  onPlan: (plan: RefundStornoPlan | null) => void;
}) {
  const schema = useMemo(
    () => eagerSchema(z.object({ amount: amountSchema({ min: 1, max: PAYOUT_MAX_KOPECKS, available }) })),
    [available],
  );
  const { form, submit } = useServerForm<{ amount: string }, { amount: number }>({
    schema,
    defaultValues: { amount: '' },
    fields: ['amount'],
    onSubmit: async ({ amount }) => {
      try {
        onPlan(await loadStornoPlan(amount));
      } catch (error) {
        onPlan(null);
        form.setError('amount', { message: errorText(error) }, { shouldFocus: true });
      }
    },
  });
  const amount = form.register('amount');

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Group align="flex-end" gap="sm">
        <AmountInput
          {...amount}
          onChange={(event) => {
            amount.onChange(event);
            onPlan(null);
          }}
          label={m.stornoAmount}
          error={form.formState.errors.amount?.message}
        />
        <Button type="submit" variant="light" loading={form.formState.isSubmitting}>
          {m.stornoPlan}
        </Button>
      </Group>
    </form>
  );
}
