import { Box, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { lazySchema } from '../../../shared/lazy-schema';
import { EmailField } from '../../../shared/ui/email-field';
import { FormAlert } from '../../../shared/ui/form-alert';
import { PasswordField } from '../../../shared/ui/password-field';
import { MAIN_CONTENT_ID } from '../../../shared/ui/skip-link';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { staffLogin } from '../api';
import { staffRedirectTarget } from '../guards';
import { staffAuthMessages as m } from '../messages';

const loginSchema = lazySchema(() => import('./staff-login-schema').then((s) => s.StaffLoginRequestSchema));

/** /staff/login: e-mail and password; on success the `redirect` staff screen or the queue. */
export default function StaffLoginPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const { form, alert, submit } = useServerForm({
    schema: loginSchema,
    defaultValues: { email: '', password: '' },
    fields: ['email', 'password'],
    onSubmit: async (credentials) => {
      await staffLogin(credentials);
      await navigate(staffRedirectTarget(search), { replace: true });
    },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} mih="100dvh" p="md" bg="var(--app-canvas)">
      <Card withBorder radius="md" p="lg" maw={420} mx="auto" mt={{ base: 'md', sm: 80 }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {m.loginTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {m.loginLead}
          </Text>
          <form onSubmit={submit} onKeyDown={loginSchema.preload} noValidate>
            <Stack gap="md">
              <EmailField
                {...form.register('email')}
                label={m.emailLabel}
                autoComplete="username"
                autoFocus
                error={errors.email?.message}
              />
              <PasswordField
                {...form.register('password')}
                label={m.passwordLabel}
                autoComplete="current-password"
                error={errors.password?.message}
              />
              <FormAlert message={alert} />
              <Button type="submit" fullWidth loading={isSubmitting}>
                {m.submit}
              </Button>
            </Stack>
          </form>
        </Stack>
      </Card>
    </Box>
  );
}
