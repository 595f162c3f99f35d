import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { authMessages, NewPasswordRequestSchema, z } from '@cabinet/contract';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { eagerSchema } from '../../../shared/lazy-schema';
import { notify } from '../../../shared/notify';
import { paths } from '../../../shared/paths';
import { AppLink } from '../../../shared/ui/app-link';
import { FormAlert } from '../../../shared/ui/form-alert';
import { PasswordField } from '../../../shared/ui/password-field';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { setNewPassword } from '../api';
import { authScreenMessages as m } from '../messages';

const ChangePasswordFormSchema = NewPasswordRequestSchema.extend({ repeat: z.string() }).refine(
  (v) => v.password === v.repeat,
  { path: ['repeat'], error: m.passwordsMismatch },
);

export default function ChangePasswordPage() {
  const { id = '' } = useParams();
  const [done, setDone] = useState(false);
  const { form, alert, submit } = useServerForm({
    schema: eagerSchema(ChangePasswordFormSchema),
    defaultValues: { password: '', repeat: '' },
    fields: ['password', 'repeat'],
    onSubmit: async ({ password }) => {
      await setNewPassword(id, password);
      notify.success(authMessages.passwordChanged);
      setDone(true);
    },
  });
  const { register } = form;
  const { errors, isSubmitting } = form.formState;

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {m.changePasswordTitle}
      </Title>
      {done ? (
        <Alert color="green" role="status" icon={<IconCircleCheck size={18} aria-hidden />}>
          {authMessages.passwordChanged}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <PasswordField
              {...register('password')}
              label={m.newPasswordLabel}
              description={m.newPasswordDescription}
              autoComplete="new-password"
              error={errors.password?.message}
            />
            <PasswordField
              {...register('repeat')}
              label={m.repeatPasswordLabel}
              autoComplete="new-password"
              error={errors.repeat?.message}
            />
            <FormAlert message={alert} />
            {alert && (
              <Text size="sm">
                <AppLink to={paths.restore.getHref()}>{m.requestNewLink}</AppLink>
              </Text>
            )}
            <Button type="submit" fullWidth loading={isSubmitting}>
              {m.changePasswordSubmit}
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center">
        <AppLink to={paths.login.getHref()}>{done ? m.toLogin : m.backToLogin}</AppLink>
      </Text>
    </Stack>
  );
}
