import { displayIntlPhone, normalizePhone } from '@cabinet/contract';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { eagerSchema } from '../../../shared/lazy-schema';
import { FormAlert } from '../../../shared/ui/form-alert';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { requestCallback } from '../api';
import { profileMessages as m } from '../messages';
import { CALLBACK_TIME_OPTIONS, CallbackFormSchema } from '../model';
import { ChoiceRadios } from './choice-fields';
import { IntlPhoneField } from './intl-phone-field';
import { ProfileSection } from './profile-form';

/** A phone callback (POST callbacks/), which a manager sees in the staff side. */
export function CallbackForm({ phone }: { phone: string }) {
  const [sent, setSent] = useState(false);
  const { form, alert, submit } = useServerForm({
    schema: eagerSchema(CallbackFormSchema),
    defaultValues: { phone: displayIntlPhone(normalizePhone(phone)), time: '' },
    fields: ['phone', 'time'],
    onSubmit: async (values) => {
      await requestCallback(values);
      setSent(true);
    },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <ProfileSection title={m.callbackSection}>
      {sent ? (
        <Alert color="green" role="status">
          {m.callbackSent}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">{m.callbackIntro}</Text>
            <IntlPhoneField
              {...form.control('phone')}
              placeholder={m.phonePlaceholder}
              label={m.callbackPhoneLabel}
              withAsterisk
              error={errors.phone?.message}
            />
            <ChoiceRadios
              {...form.control('time')}
              label={m.callbackTimeLabel}
              data={CALLBACK_TIME_OPTIONS}
              error={errors.time?.message}
            />
            <FormAlert message={alert} />
            <Button type="submit" variant="light" loading={isSubmitting} style={{ alignSelf: 'flex-start' }}>
              {m.callbackSubmit}
            </Button>
          </Stack>
        </form>
      )}
    </ProfileSection>
  );
}
