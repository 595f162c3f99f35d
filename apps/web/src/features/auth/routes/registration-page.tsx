import { Button, Checkbox, Stack, Text, TextInput, Title } from '@mantine/core';
import { authMessages, PasswordSchema, RegistrationRequestSchema, z } from '@cabinet/contract';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { eagerSchema } from '../../../shared/lazy-schema';
import { paths } from '../../../shared/paths';
import { AppLink } from '../../../shared/ui/app-link';
import { FormAlert } from '../../../shared/ui/form-alert';
import { PasswordField } from '../../../shared/ui/password-field';
import { PhoneField } from '../../../shared/ui/phone-field';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { register as registerAccount } from '../api';
import { forgetInviteCode, inviteCodeFrom } from '../invite-code';
import { authScreenMessages as m } from '../messages';
import { useAfterSignIn } from './redirect-target';

/**
 * The contract schema, adapted to what the fields hold: an empty password means «send me one»,
 * and the checkbox starts unticked (the request itself only accepts `agree: true`). The newsletter
 * box starts unticked too: advertising mail needs the customer's consent first.
 */
const RegistrationFormSchema = RegistrationRequestSchema.extend({
  password: z.union([z.literal(''), PasswordSchema]),
  agree: z.boolean().refine((v) => v, { error: authMessages.agreeRequired }),
  newsletter: z.boolean(),
});

const FIELDS = ['email', 'fio', 'phone', 'password', 'agree', 'newsletter'] as const;

export default function RegistrationPage() {
  const afterSignIn = useAfterSignIn();
  // A friend's code from `?invite=` (kept for the tab's session: to /login and back keeps it).
  const { search } = useLocation();
  const [invite] = useState(() => inviteCodeFrom(search));
  const { form, alert, submit } = useServerForm({
    schema: eagerSchema(RegistrationFormSchema),
    defaultValues: { email: '', fio: '', phone: '', password: '', agree: false, newsletter: false },
    fields: FIELDS,
    onSubmit: async ({ email, fio, phone, password, newsletter }) => {
      await registerAccount({
        email,
        fio: fio || undefined,
        phone: phone || undefined,
        password: password || undefined,
        agree: true,
        newsletter,
        ...(invite ? { invite } : {}),
      });
      forgetInviteCode();
      // Say where the customer lands what the server has e-mailed (AuthService.register).
      afterSignIn(password ? m.registeredConfirmSent : m.registeredPasswordSent);
    },
  });
  const { register, control } = form;
  const { errors, isSubmitting } = form.formState;

  const agreeLabel = (
    <>
      {m.agreeBefore}
      <AppLink to={paths.documents.userAgreement.getHref()}>{m.agreeUserAgreement}</AppLink>
      {m.agreeBetween}
      <AppLink to={paths.documents.serviceContract.getHref()}>{m.agreeServiceContract}</AppLink>
      {m.agreeBeforePolicy}
      <AppLink to={paths.documents.privacyPolicy.getHref()}>{m.agreePrivacyPolicy}</AppLink>
    </>
  );

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {m.registrationTitle}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            {...register('email')}
            type="email"
            label={m.emailLabel}
            placeholder={m.emailPlaceholder}
            autoComplete="email"
            withAsterisk
            error={errors.email?.message}
          />
          <TextInput
            {...register('fio')}
            label={m.fioLabel}
            placeholder={m.fioPlaceholder}
            autoComplete="name"
            error={errors.fio?.message}
          />
          <PhoneField
            {...control('phone')}
            label={m.phoneLabel}
            placeholder={m.phonePlaceholder}
            description={m.phoneDescription}
            error={errors.phone?.message}
          />
          <PasswordField
            {...register('password')}
            label={m.passwordLabel}
            description={m.optionalPasswordDescription}
            autoComplete="new-password"
            error={errors.password?.message}
          />
          <Checkbox {...register('agree')} label={agreeLabel} error={errors.agree?.message} />
          <Checkbox {...register('newsletter')} label={m.newsletterLabel} />
          <FormAlert message={alert} />
          <Button type="submit" fullWidth loading={isSubmitting}>
            {m.registrationSubmit}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {m.haveAccount} <AppLink to={paths.login.getHref()}>{m.toLogin}</AppLink>
      </Text>
    </Stack>
  );
}
