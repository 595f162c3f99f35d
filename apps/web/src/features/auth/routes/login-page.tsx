import { Alert, Anchor, Button, Group, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { authMessages } from '@cabinet/contract';
import { lazySchema } from '../../../shared/lazy-schema';
import { notify } from '../../../shared/notify';
import { paths } from '../../../shared/paths';
import { AppLink } from '../../../shared/ui/app-link';
import { EmailField } from '../../../shared/ui/email-field';
import { FormAlert } from '../../../shared/ui/form-alert';
import { applyServerErrors } from '../../../shared/ui/form-errors';
import { PasswordField } from '../../../shared/ui/password-field';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { login, requestLoginCode, verifyLoginCode } from '../api';
import { SocialButtons } from '../components/social-buttons';
import { authScreenMessages as m } from '../messages';
import { useAfterSignIn } from './redirect-target';

// The contract schemas (and zod) load when the visitor starts on a form, not with the screen.
const schemas = () => import('./login-schemas');
const passwordLoginSchema = lazySchema(() => schemas().then((m) => m.passwordLoginSchema));
const codeEmailSchema = lazySchema(() => schemas().then((m) => m.codeEmailSchema));
const codeSchema = lazySchema(() => schemas().then((m) => m.codeSchema));
const preloadSchemas = () => passwordLoginSchema.preload();

export default function LoginPage() {
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {m.loginTitle}
      </Title>
      <Tabs defaultValue="password" keepMounted={false}>
        <Tabs.List grow aria-label={m.loginMethodsLabel}>
          <Tabs.Tab value="password">{m.loginTabPassword}</Tabs.Tab>
          <Tabs.Tab value="code">{m.loginTabCode}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="password" pt="md">
          <PasswordLoginForm />
        </Tabs.Panel>
        <Tabs.Panel value="code" pt="md">
          <CodeLoginForm />
        </Tabs.Panel>
      </Tabs>
      <SocialButtons />
      <Text size="sm" ta="center">
        {m.noAccount} <AppLink to={paths.registration.getHref()}>{m.toRegistration}</AppLink>
      </Text>
    </Stack>
  );
}

function PasswordLoginForm() {
  const afterSignIn = useAfterSignIn();
  const { form, alert, submit } = useServerForm({
    schema: passwordLoginSchema,
    defaultValues: { email: '', password: '' },
    fields: ['email', 'password'],
    onSubmit: async ({ email, password }) => {
      await login({ email, password: password ?? '' });
      afterSignIn();
    },
  });
  const { register } = form;
  const { errors, isSubmitting } = form.formState;

  return (
    <form onSubmit={submit} onFocus={preloadSchemas} noValidate>
      <Stack gap="md">
        <EmailField
          {...register('email')}
          label={m.emailLabel}
          placeholder={m.emailPlaceholder}
          autoComplete="username"
          error={errors.email?.message}
        />
        <PasswordField
          {...register('password')}
          label={m.passwordLabel}
          autoComplete="current-password"
          error={errors.password?.message}
        />
        <Group justify="flex-end">
          <AppLink to={paths.restore.getHref()} size="sm">
            {m.forgotPassword}
          </AppLink>
        </Group>
        <FormAlert message={alert} />
        <Button type="submit" fullWidth loading={isSubmitting}>
          {m.loginSubmit}
        </Button>
      </Stack>
    </form>
  );
}

/** Two steps: e-mail → «Получить код», then the 6-digit code → «Войти». */
function CodeLoginForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  return sentTo === null ? (
    <CodeEmailStep onSent={setSentTo} />
  ) : (
    <CodeStep email={sentTo} onChangeEmail={() => setSentTo(null)} />
  );
}

function CodeEmailStep({ onSent }: { onSent: (email: string) => void }) {
  const { form, alert, submit } = useServerForm({
    schema: codeEmailSchema,
    defaultValues: { email: '' },
    fields: ['email'],
    onSubmit: async ({ email }) => {
      await requestLoginCode(email);
      onSent(email);
    },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <form onSubmit={submit} onFocus={preloadSchemas} noValidate>
      <Stack gap="md">
        <EmailField
          {...form.register('email')}
          label={m.emailLabel}
          placeholder={m.emailPlaceholder}
          error={errors.email?.message}
        />
        <FormAlert message={alert} />
        <Button type="submit" fullWidth loading={isSubmitting}>
          {m.codeRequest}
        </Button>
      </Stack>
    </form>
  );
}

function CodeStep({ email, onChangeEmail }: { email: string; onChangeEmail: () => void }) {
  const afterSignIn = useAfterSignIn();
  const [resending, setResending] = useState(false);
  const { form, alert, setAlert, submit } = useServerForm({
    schema: codeSchema,
    defaultValues: { code: '' },
    fields: ['code'],
    onSubmit: async ({ code }) => {
      await verifyLoginCode({ email, code });
      afterSignIn();
    },
  });
  const { register, setError } = form;
  const { errors, isSubmitting } = form.formState;

  const resend = async () => {
    setAlert(null);
    setResending(true);
    try {
      await requestLoginCode(email);
      notify.info(authMessages.codeSent);
    } catch (err) {
      setAlert(applyServerErrors(err, setError, []));
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={submit} onFocus={preloadSchemas} noValidate>
      <Stack gap="md">
        <Alert color="brand" role="status">
          {m.codeSentTo(email)}
        </Alert>
        <TextInput
          {...register('code')}
          label={m.codeLabel}
          description={m.codeDescription}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          data-autofocus
          error={errors.code?.message}
        />
        <FormAlert message={alert} />
        <Button type="submit" fullWidth loading={isSubmitting}>
          {m.codeSubmit}
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={onChangeEmail}>
            {m.codeChangeEmail}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={resend} disabled={resending}>
            {m.codeResend}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
