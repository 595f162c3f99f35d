import { Alert, Button, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import type { CertificateRedeemResult } from '@cabinet/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { eagerSchema } from '../../../shared/lazy-schema';
import { paths } from '../../../shared/paths';
import { FormAlert } from '../../../shared/ui/form-alert';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { awaitingOrdersQuery, redeemCertificate, refreshAfterRedeem } from '../api';
import { certificateText as t } from '../messages';
import { redeemBody, redeemFormSchema, type RedeemFormOutput, type RedeemFormValues } from '../model';
import { SectionCard } from '../../../shared/ui/section-card';

const FIELDS = ['code', 'target'] as const;
const schema = eagerSchema(redeemFormSchema);

/**
 * «Активировать сертификат»: a code and where its money goes — the balance, or an order awaiting
 * payment (the customer's invoices). What was typed stays after a refusal.
 */
export function RedeemForm() {
  const client = useQueryClient();
  const [done, setDone] = useState<CertificateRedeemResult | null>(null);
  const invoices = useQuery(awaitingOrdersQuery());
  const orders = new Map<number, { title: string; amount: number }>();
  for (const p of invoices.data?.results ?? []) {
    if (p.purpose === 'order' && p.object_id !== null && !orders.has(p.object_id)) {
      orders.set(p.object_id, { title: p.title, amount: p.amount });
    }
  }
  const { form, alert, submit } = useServerForm<RedeemFormValues, RedeemFormOutput>({
    schema,
    defaultValues: { code: '', target: 'balance' },
    fields: FIELDS,
    onSubmit: async (values) => {
      setDone(null);
      const result = await redeemCertificate(redeemBody(values));
      setDone(result);
      await refreshAfterRedeem(client);
    },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <SectionCard title={t.redeemTitle} size="h3" onSubmit={(event) => void submit(event)}>
      <Text size="sm">{t.redeemIntro}</Text>
      <TextInput
        {...form.register('code')}
        label={t.redeemCode}
        description={t.redeemCodeHint}
        error={errors.code?.message}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        withAsterisk
        maw={360}
      />
      <NativeSelect
        {...form.control('target')}
        onChange={(event) => form.setValue('target', event.currentTarget.value)}
        label={t.redeemTarget}
        error={errors.target?.message}
        data={[
          { value: 'balance', label: t.redeemToBalance },
          ...[...orders].map(([id, o]) => ({
            value: String(id),
            label: t.redeemToOrder(o.title, o.amount),
          })),
        ]}
        maw={520}
      />
      <FormAlert message={alert} />
      {done && (
        <Alert color="green" role="status">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {done.order_id === null
                ? t.redeemedToBalance(done.amount, done.money)
                : t.redeemedToOrder(done.amount, done.order_paid, done.order_id, done.money)}
            </Text>
            <Button component={Link} to={paths.payments.getHref('balance')} variant="light" size="xs">
              {t.toBalance}
            </Button>
          </Stack>
        </Alert>
      )}
      <Button type="submit" loading={isSubmitting} maw={320}>
        {t.redeemSubmit}
      </Button>
    </SectionCard>
  );
}
