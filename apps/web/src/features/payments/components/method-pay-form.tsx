import { Button, Stack } from '@mantine/core';
import type { PaymentPurpose, PayResult } from '@cabinet/contract';
import type { ReactNode } from 'react';
import { eagerSchema } from '../../../shared/lazy-schema';
import { FormAlert } from '../../../shared/ui/form-alert';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { methodFormSchema, type MethodFormOutput, type MethodFormValues } from '../pay-model';
import { MethodPicker } from './method-picker';
import { usePayment } from './use-payment';

const FIELDS = ['payment_method'] as const;
const schema = eagerSchema(methodFormSchema);

interface Props<Body> {
  purpose: PaymentPurpose;
  /** Kopecks to pay: the methods are asked for this sum. */
  amount: number;
  submitLabel: string;
  /** The request for the chosen method; null when there is nothing to send (nothing selected). */
  bodyFor: (method: MethodFormOutput['payment_method']) => Body | null;
  send: (body: Body, idempotencyKey: string) => Promise<PayResult>;
  /** Said under the button while it cannot be pressed. */
  disabledHint?: ReactNode;
}

/** A sum the server knows (a packet, selected invoices): the method and one button. */
export function MethodPayForm<Body>({
  purpose,
  amount,
  submitLabel,
  bodyFor,
  send,
  disabledHint,
}: Props<Body>) {
  const payment = usePayment<Body>();
  const { form, alert, submit } = useServerForm<MethodFormValues, MethodFormOutput>({
    schema,
    defaultValues: { payment_method: '' },
    fields: FIELDS,
    onSubmit: async (values) => {
      const body = bodyFor(values.payment_method);
      if (body !== null) await payment.run(body, send);
    },
  });
  const { errors, isSubmitting } = form.formState;
  const disabled = amount <= 0;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <MethodPicker
          purpose={purpose}
          amount={amount > 0 ? amount : null}
          value={form.control('payment_method').value}
          onChange={(value) => form.setValue('payment_method', value)}
          error={errors.payment_method?.message}
          ref={form.elementRef('payment_method')}
        />
        <FormAlert message={alert} />
        <Button
          type="submit"
          size="md"
          maw={320}
          disabled={disabled}
          loading={isSubmitting || payment.leaving}
        >
          {submitLabel}
        </Button>
        {disabled && disabledHint}
      </Stack>
    </form>
  );
}
