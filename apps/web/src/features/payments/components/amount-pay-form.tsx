import { Button, Stack } from '@mantine/core';
import type { PaymentMethodId, PaymentPurpose, PayRequest } from '@cabinet/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { eagerSchema } from '../../../shared/lazy-schema';
import { FormAlert } from '../../../shared/ui/form-alert';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { pay } from '../api';
import { amountFormSchema, typedKopecks, type AmountFormOutput, type AmountFormValues } from '../pay-model';
import { AmountField } from './amount-field';
import { MethodPicker } from './method-picker';
import { usePayment } from './use-payment';

const FIELDS = ['amount', 'payment_method'] as const;
const schema = eagerSchema(amountFormSchema);
/** The methods are asked for again once typing pauses, not on every digit. */
const TYPING_PAUSE_MS = 300;

interface Props {
  purpose: Extract<PaymentPurpose, 'tip' | 'replenish'>;
  objectId?: number;
  /** Roubles to start with (from the address), or ''. */
  initialRoubles: string;
  amountLabel: string;
  submitLabel: string;
  quick?: readonly number[];
  exclude?: readonly PaymentMethodId[];
}

/** A sum the customer chooses (a tip, a top-up), a method, one button: POST pay/ with the sum in kopecks. */
export function AmountPayForm({
  purpose,
  objectId,
  initialRoubles,
  amountLabel,
  submitLabel,
  quick,
  exclude,
}: Props) {
  const payment = usePayment<PayRequest>();
  const { form, alert, submit } = useServerForm<AmountFormValues, AmountFormOutput>({
    schema,
    defaultValues: { amount: initialRoubles, payment_method: '' },
    fields: FIELDS,
    checkOnBlur: true,
    onSubmit: async (values) => {
      const body: PayRequest = {
        purpose,
        ...(objectId === undefined ? {} : { object_id: objectId }),
        amount: values.amount,
        payment_method: values.payment_method,
      };
      await payment.run(body, pay);
    },
  });
  const { errors, isSubmitting } = form.formState;
  const amount = form.control('amount').value;
  const method = form.control('payment_method').value;
  const [settled] = useDebouncedValue(amount, TYPING_PAUSE_MS);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <AmountField
          label={amountLabel}
          value={amount}
          onChange={(value) => form.setValue('amount', value)}
          onBlur={() => form.control('amount').onBlur()}
          error={errors.amount?.message}
          quick={quick}
          ref={form.elementRef('amount')}
        />
        <MethodPicker
          purpose={purpose}
          amount={typedKopecks(settled)}
          value={method}
          onChange={(value) => form.setValue('payment_method', value)}
          error={errors.payment_method?.message}
          exclude={exclude}
          ref={form.elementRef('payment_method')}
        />
        <FormAlert message={alert} />
        <Button type="submit" size="md" loading={isSubmitting || payment.leaving} maw={320}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
