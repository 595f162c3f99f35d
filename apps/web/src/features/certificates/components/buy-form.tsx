import { Button, Chip, Group, Stack, Text, TextInput } from '@mantine/core';
import { CERTIFICATE_PRESETS } from '@cabinet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { eagerSchema } from '../../../shared/lazy-schema';
import { paths } from '../../../shared/paths';
import { FormAlert } from '../../../shared/ui/form-alert';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { certificateKeys, createCertificate } from '../api';
import { certificateText as t } from '../messages';
import { buyFormSchema, type BuyFormOutput, type BuyFormValues } from '../model';
import { SectionCard } from '../../../shared/ui/section-card';

const FIELDS = ['value'] as const;
const schema = eagerSchema(buyFormSchema);

/** «Купить сертификат»: a preset or any whole rouble value, then the payment screen. */
export function BuyForm() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const presetsId = useId();
  const { form, alert, submit } = useServerForm<BuyFormValues, BuyFormOutput>({
    schema,
    defaultValues: { value: '' },
    fields: FIELDS,
    checkOnBlur: true,
    onSubmit: async (values) => {
      const certificate = await createCertificate(values.value);
      await client.invalidateQueries({ queryKey: certificateKeys.all });
      await navigate(paths.certificate.pay.getHref(certificate.id));
    },
  });
  const { errors, isSubmitting } = form.formState;
  const value = form.control('value').value;

  return (
    <SectionCard title={t.buyTitle} size="h3" onSubmit={(event) => void submit(event)}>
      <Stack gap={6}>
        <Text size="sm" id={presetsId}>
          {t.buyPresets}
        </Text>
        <Group gap="xs" role="group" aria-labelledby={presetsId}>
          {CERTIFICATE_PRESETS.map((kopecks) => {
            const roubles = String(kopecks / 100);
            return (
              <Chip
                key={kopecks}
                checked={value === roubles}
                onChange={() => form.setValue('value', roubles)}
                variant="outline"
              >
                {t.presetChoice(kopecks)}
              </Chip>
            );
          })}
        </Group>
      </Stack>
      <TextInput
        ref={form.elementRef('value')}
        name="value"
        label={t.buyValue}
        description={t.buyHint}
        value={value}
        onChange={(event) => form.setValue('value', event.currentTarget.value)}
        onBlur={() => form.control('value').onBlur()}
        error={errors.value?.message}
        inputMode="numeric"
        autoComplete="off"
        rightSection={<Text c="dimmed">₽</Text>}
        withAsterisk
        maw={260}
      />
      <FormAlert message={alert} />
      <Button type="submit" loading={isSubmitting} maw={320}>
        {t.buySubmit}
      </Button>
    </SectionCard>
  );
}
