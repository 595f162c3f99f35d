import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { PAYOUT_MAX_KOPECKS, PAYOUT_MIN_KOPECKS } from '@cabinet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../shared/api/errors';
import { errorText } from '../../../shared/ui/query-states';
import { formatKopecks } from '../../../shared/format';
import { eagerSchema } from '../../../shared/lazy-schema';
import { notify } from '../../../shared/notify';
import { FormAlert } from '../../../shared/ui/form-alert';
import { CardNumberField } from './refund-card-field';
import { useServerForm } from '../../../shared/ui/use-server-form';
import {
  createRepayment,
  refreshMoney,
  refreshVerification,
  useRefundCountries,
  useRefundExtra,
  type RepaymentBody,
} from '../api-money';
import { PaymentAttempt } from '../idempotency';
import { moneyMessages as m } from '../messages-money';
import { cardEnding, repaymentFormSchema, type RepaymentFormValues } from '../model';
import { SectionCard } from '../../../shared/ui/section-card';
import { AmountInput } from './amount-input';

const FIELDS = ['amount', 'card_number', 'recipient_name', 'country'] as const;
const DEFAULT_COUNTRY = 'RU';

/**
 * The balance to a card (`POST repayment/`, spec §7): the amount in roubles within the limits of
 * `GET refund-extra/` and what the balance holds, the card, the recipient and the card's country
 * (`GET refund-recipient-countries/`). A summary asks once; a 403 means the phone's confirmation
 * lapsed, so the status is read again (spec §4) and the confirmation takes the form's place.
 */
export function RepaymentForm({
  available,
  initialAmount = '',
  onDone,
}: {
  /** Kopecks on the balance. */
  available: number;
  initialAmount?: string;
  onDone?: () => void;
}) {
  const client = useQueryClient();
  const countries = useRefundCountries();
  const extra = useRefundExtra();
  const [attempt] = useState(() => new PaymentAttempt());
  const [pending, setPending] = useState<RepaymentBody | null>(null);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);

  const min = extra.data?.min_amount ?? PAYOUT_MIN_KOPECKS;
  const max = extra.data?.max_amount ?? PAYOUT_MAX_KOPECKS;
  const schema = useMemo(
    () => eagerSchema(repaymentFormSchema({ min, max, available })),
    [min, max, available],
  );
  const { form, alert, submit } = useServerForm<RepaymentFormValues, RepaymentBody>({
    schema,
    defaultValues: { amount: initialAmount, card_number: '', recipient_name: '', country: DEFAULT_COUNTRY },
    fields: FIELDS,
    onSubmit: async (values) => {
      setSendError(null);
      setPending(values);
    },
  });
  // The summary's button takes the focus once it is drawn (an effect: a timer could run before the
  // render under load, and the focus would stay behind).
  useEffect(() => {
    if (pending) confirmRef.current?.focus();
  }, [pending]);
  const { errors, isSubmitting } = form.formState;

  const confirm = async () => {
    if (!pending || sending) return;
    setSending(true);
    setSendError(null);
    try {
      await createRepayment(pending, attempt.keyFor(pending));
      attempt.finish();
      notify.success(m.repaymentDone);
      setPending(null);
      await refreshMoney(client);
      onDone?.();
    } catch (error) {
      attempt.finish(error);
      if (error instanceof ApiError && error.status === 403) {
        // Spec §4: the confirmation is asked again; this form gives way to it.
        notify.error(error.message);
        await refreshVerification(client, 'repayment');
        return;
      }
      setSendError(errorText(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <SectionCard title={m.repaymentTitle} onSubmit={(event) => void submit(event)}>
      <Text size="sm" c="dimmed">
        {m.repaymentAvailable(available)}
        {extra.data ? ` · ${m.repaymentLimits(min, max, extra.data.fee_percent, extra.data.days)}` : null}
      </Text>
      <AmountInput
        {...form.register('amount')}
        label={m.repaymentAmount}
        error={errors.amount?.message}
        readOnly={pending !== null}
      />
      <CardNumberField
        {...form.control('card_number')}
        label={m.repaymentCard}
        required
        error={errors.card_number?.message}
        maw={320}
        readOnly={pending !== null}
      />
      <TextInput
        {...form.register('recipient_name')}
        label={m.repaymentRecipient}
        required
        autoComplete="cc-name"
        error={errors.recipient_name?.message}
        maw={420}
        readOnly={pending !== null}
      />
      <NativeSelect
        label={m.repaymentCountry}
        required
        data={[
          { value: '', label: m.repaymentCountryPlaceholder, disabled: true },
          ...(countries.data?.results ?? []).map((c) => ({ value: c.code, label: c.title })),
        ]}
        {...form.control('country')}
        onChange={(event) => form.setValue('country', event.currentTarget.value)}
        error={errors.country?.message}
        maw={320}
        disabled={pending !== null}
      />
      <FormAlert message={alert} />
      {pending ? (
        <Alert
          color="blue"
          title={m.repaymentSummary(formatKopecks(pending.amount), cardEnding(pending.card_number))}
        >
          <Stack gap="sm">
            <FormAlert message={sendError} />
            <Group gap="sm">
              <Button ref={confirmRef} onClick={() => void confirm()} loading={sending}>
                {m.repaymentConfirm}
              </Button>
              <Button variant="default" onClick={() => setPending(null)} disabled={sending}>
                {m.repaymentEdit}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Group>
          <Button type="submit" loading={isSubmitting}>
            {m.repaymentSubmit}
          </Button>
        </Group>
      )}
    </SectionCard>
  );
}
