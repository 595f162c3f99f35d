import { Button, Group, Text, Textarea } from '@mantine/core';
import { PAYOUT_MAX_KOPECKS, PAYOUT_MIN_KOPECKS, RefundClaimRequestSchema, z } from '@cabinet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ApiError } from '../../../shared/api/errors';
import { eagerSchema } from '../../../shared/lazy-schema';
import { notify } from '../../../shared/notify';
import { FormAlert } from '../../../shared/ui/form-alert';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { createRefundClaim, refreshMoney, refreshVerification, type ClaimBody } from '../api-money';
import { PaymentAttempt } from '../idempotency';
import { moneyMessages as m } from '../messages-money';
import { amountFieldFromRoubles, amountSchema, type ClaimFormValues } from '../model';
import { SectionCard } from '../../../shared/ui/section-card';
import { AmountInput } from './amount-input';

const FIELDS = ['amount', 'reason'] as const;

/**
 * A refund a manager decides on (`POST refund-claim/`): the sum, the reason and, when it came from
 * the storno plan, the payments it concerns. A 403 reads the phone's confirmation again (spec §4).
 */
export function ClaimForm({
  available,
  payIds,
  initialAmount,
  onDone,
}: {
  available: number;
  payIds?: number[];
  /** Kopecks. */
  initialAmount?: number;
  onDone: () => void;
}) {
  const client = useQueryClient();
  const [attempt] = useState(() => new PaymentAttempt());
  const schema = useMemo(
    () =>
      eagerSchema(
        z
          .object({
            amount: amountSchema({ min: PAYOUT_MIN_KOPECKS, max: PAYOUT_MAX_KOPECKS, available }),
            reason: z.string(),
          })
          .transform((values) => ({ ...values, ...(payIds?.length ? { pay_ids: payIds } : {}) }))
          .pipe(RefundClaimRequestSchema),
      ),
    [available, payIds],
  );
  const { form, alert, submit } = useServerForm<ClaimFormValues, ClaimBody>({
    schema,
    defaultValues: {
      amount: initialAmount ? amountFieldFromRoubles(String(initialAmount / 100)) : '',
      reason: '',
    },
    fields: FIELDS,
    onSubmit: async (values) => {
      try {
        await createRefundClaim(values, attempt.keyFor(values));
        attempt.finish();
      } catch (error) {
        attempt.finish(error);
        if (error instanceof ApiError && error.status === 403) await refreshVerification(client, 'repayment');
        throw error;
      }
      notify.success(m.claimDone);
      await refreshMoney(client);
      onDone();
    },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <SectionCard title={m.claimTitle} onSubmit={(event) => void submit(event)}>
      <Text size="sm">{m.claimHint}</Text>
      {payIds?.length ? <Text size="sm">{m.claimPayments(payIds.length)}</Text> : null}
      <AmountInput {...form.register('amount')} label={m.claimAmount} error={errors.amount?.message} />
      <Textarea
        {...form.register('reason')}
        label={m.claimReason}
        required
        rows={4}
        error={errors.reason?.message}
      />
      <FormAlert message={alert} />
      <Group>
        <Button type="submit" loading={isSubmitting}>
          {m.claimSubmit}
        </Button>
      </Group>
    </SectionCard>
  );
}
