import { Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { PAYOUT_MAX_KOPECKS, type RefundStornoPlan } from '@cabinet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { formatKopecks } from '../../../shared/format';
import { notify } from '../../../shared/notify';
import { FormAlert } from '../../../shared/ui/form-alert';
import { executeStorno, loadStornoPlan, refreshMoney } from '../api-money';
import { PaymentAttempt } from '../idempotency';
import { moneyMessages as m } from '../messages-money';
import { amountSchema } from '../model';
import { errorText } from '../../../shared/ui/query-states';

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
  const headingId = useId();
  const planId = useId();
  const client = useQueryClient();
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [plan, setPlan] = useState<RefundStornoPlan | null>(null);
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [attempt] = useState(() => new PaymentAttempt());
  const amountInput = useRef<HTMLInputElement>(null);

  const calculate = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = amountSchema({ min: 1, max: PAYOUT_MAX_KOPECKS, available }).safeParse(amount);
    if (!parsed.success) {
      setAmountError(parsed.error.issues[0]?.message ?? m.amountInvalid);
      amountInput.current?.focus();
      return;
    }
    setAmountError(null);
    setAlert(null);
    setBusy(true);
    try {
      const next = await loadStornoPlan(parsed.data);
      setPlan(next);
      // Spec §9: every row starts checked.
      setChecked(new Set(next.results.map((row) => row.pay_id)));
    } catch (error) {
      setPlan(null);
      setAmountError(errorText(error));
      amountInput.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const execute = async () => {
    if (!plan || busy) return;
    setBusy(true);
    setAlert(null);
    const body = { refund_sum: plan.refund_sum };
    try {
      await executeStorno(plan.refund_sum, attempt.keyFor(body));
      attempt.finish();
      notify.success(m.stornoDone);
      setPlan(null);
      setAmount('');
      await refreshMoney(client);
    } catch (error) {
      attempt.finish(error);
      setAlert(errorText(error));
    } finally {
      setBusy(false);
    }
  };

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
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId}>
          {m.stornoTitle}
        </Title>
        <Text size="sm">{m.stornoHint}</Text>
        <form onSubmit={(event) => void calculate(event)} noValidate>
          <Group align="flex-end" gap="sm">
            <TextInput
              ref={amountInput}
              label={m.stornoAmount}
              required
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(event) => {
                setAmount(event.currentTarget.value);
                setPlan(null);
              }}
              error={amountError}
              maw={240}
            />
            <Button type="submit" variant="light" loading={busy && plan === null}>
              {m.stornoPlan}
            </Button>
          </Group>
        </form>
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
                <Button onClick={() => void execute()} loading={busy}>
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
        <FormAlert message={alert} />
      </Stack>
    </Paper>
  );
}
