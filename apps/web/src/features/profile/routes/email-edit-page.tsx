import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { authMessages, ChangeEmailRequestSchema } from '@cabinet/contract';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { paths } from '../../../shared/paths';
import { AppLink } from '../../../shared/ui/app-link';
import { FormAlert } from '../../../shared/ui/form-alert';
import { EmailField } from '../../../shared/ui/email-field';
import { PasswordField } from '../../../shared/ui/password-field';
import { eagerSchema } from '../../../shared/lazy-schema';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { requestEmailChange } from '../api';
import { profileMessages as m } from '../messages';

export default function EmailEditPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, alert, submit } = useServerForm({
    schema: eagerSchema(ChangeEmailRequestSchema),
    defaultValues: { email: '', password: '' },
    fields: ['email', 'password'],
    onSubmit: async ({ email, password }) => {
      await requestEmailChange({ email, password });
      setSentTo(email);
    },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <Stack gap="lg" maw={480}>
      <Title order={1}>{m.emailEditTitle}</Title>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        {sentTo ? (
          <Alert color="brand" role="status" icon={<IconMail size={18} aria-hidden />}>
            <Stack gap="xs">
              <Text size="sm">{authMessages.emailChangeSent}</Text>
              <Text size="sm" fw={600}>
                {sentTo}
              </Text>
              <Text size="sm">{m.emailEditSentHint}</Text>
              <Text size="sm">{m.oldAddressNotice}</Text>
            </Stack>
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <Text size="sm">{m.emailEditIntro}</Text>
              <EmailField
                {...form.register('email')}
                label={m.newEmailLabel}
                placeholder={m.emailPlaceholder}
                error={errors.email?.message}
              />
              <PasswordField
                {...form.register('password')}
                label={m.currentPasswordLabel}
                description={m.currentPasswordDescription}
                autoComplete="current-password"
                error={errors.password?.message}
              />
              <FormAlert message={alert} />
              <Button type="submit" loading={isSubmitting} style={{ alignSelf: 'flex-start' }}>
                {m.emailEditSubmit}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
      <AppLink to={paths.profile.getHref()}>{m.backToProfile}</AppLink>
    </Stack>
  );
}
