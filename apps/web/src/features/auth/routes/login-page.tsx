import { Alert, Anchor, Button, Group, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
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
import {
  attemptsLeft,
  forgetAutoLoginFailure,
  lastAutoLoginFailure,
  login,
  requestLoginCode,
  verifyLoginCode,
} from '../api';
import { SocialButtons } from '../components/social-buttons';
import { loginScreenMessages as m } from '../login-messages';
import { readDraft, saveDraft } from '../sign-in-draft';
import { useAfterSignIn } from './redirect-target';

// The contract schemas (and zod) load when the visitor starts on a form, not with the screen.
const schemas = () => import('./login-schemas');
const passwordLoginSchema = lazySchema(() => schemas().then((m) => m.passwordLoginSchema));
const codeEmailSchema = lazySchema(() => schemas().then((m) => m.codeEmailSchema));
const codeSchema = lazySchema(() => schemas().then((m) => m.codeSchema));
const preloadSchemas = () => passwordLoginSchema.preload();
/**
 * The visitor starting on a form (a key or a pointer, not the focus: the e-mail field is focused
 * on arrival, and the schemas are no part of what a first visit downloads).
 */
const preloadOnUse = { onKeyDown: preloadSchemas, onPointerDown: preloadSchemas };

export default function LoginPage() {
  const [draft] = useState(readDraft);
  // The e-mail field takes the focus on arrival, not when the visitor moves between the tabs.
  const [arriving, setArriving] = useState(true);
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {m.loginTitle}
      </Title>
      <AutoLoginNotice />
      <Tabs
        defaultValue={draft.method}
        keepMounted={false}
        onChange={(method) => {
          setArriving(false);
          saveDraft({ method: method === 'code' ? 'code' : 'password' });
        }}
      >
        <Tabs.List grow aria-label={m.loginMethodsLabel}>
          <Tabs.Tab value="password">{m.loginTabPassword}</Tabs.Tab>
          <Tabs.Tab value="code">{m.loginTabCode}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="password" pt="md">
          <PasswordLoginForm autoFocus={arriving} />
        </Tabs.Panel>
        <Tabs.Panel value="code" pt="md">
          <CodeLoginForm autoFocus={arriving} />
        </Tabs.Panel>
      </Tabs>
      <SocialButtons />
      <Text size="sm" ta="center">
        {m.noAccount} <AppLink to={paths.registration.getHref()}>{m.toRegistration}</AppLink>
      </Text>
    </Stack>
  );
}

/** Spec §2/§4: an `al` link that did not sign in lands here; say why and what to do instead. */
function AutoLoginNotice() {
  const [failure] = useState(lastAutoLoginFailure);
  useEffect(() => forgetAutoLoginFailure, []);
  if (!failure) return null;
  return (
    <Alert color="yellow" role="alert" title={m.linkUsedTitle}>
      {failure === 'used' ? m.linkUsed : m.linkFailed}
    </Alert>
  );
}

/** The last try before the lockout, or none left (the server's `attempts_left`). */
function AttemptsWarning({ left }: { left: number | null }) {
  if (left === null || left > 1) return null;
  return (
    <Alert color="yellow" role="alert">
      <Stack gap={4} align="flex-start">
        <Text size="sm">{left === 1 ? m.lastAttempt : m.noAttemptsLeft}</Text>
        {/* In the alert's own text colour: the link colour is too faint on dark yellow. */}
        <AppLink to={paths.restore.getHref()} size="sm" c="inherit" fw={600} underline="always">
          {m.restoreInstead}
        </AppLink>
      </Stack>
    </Alert>
  );
}

/** Keeps the typed e-mail for the tab (sign-in-draft.ts) as the visitor types it. */
function useDraftEmail(subscribe: (listener: (values: { email: string }) => void) => () => void) {
  useEffect(() => subscribe(({ email }) => saveDraft({ email })), [subscribe]);
}

/** Runs a sign-in and notes how many failures the server still allows when it refuses. */
function useCountedAttempt() {
  const [left, setLeft] = useState<number | null>(null);
  const counted = async (attempt: Promise<void>) => {
    try {
      await attempt;
    } catch (error) {
      setLeft(attemptsLeft(error));
      throw error;
    }
  };
  return { left, counted };
}

function PasswordLoginForm({ autoFocus }: { autoFocus: boolean }) {
  const afterSignIn = useAfterSignIn();
  const [draft] = useState(readDraft);
  const { left, counted } = useCountedAttempt();
  const { form, alert, submit } = useServerForm({
    schema: passwordLoginSchema,
    defaultValues: { email: draft.email, password: '' },
    fields: ['email', 'password'],
    onSubmit: async ({ email, password }) => {
      await counted(login({ email, password: password ?? '' }));
      afterSignIn();
    },
  });
  useDraftEmail(form.subscribe);
  const { register } = form;
  const { errors, isSubmitting } = form.formState;

  return (
    <form onSubmit={submit} {...preloadOnUse} noValidate>
      <Stack gap="md">
        <EmailField
          {...register('email')}
          label={m.emailLabel}
          placeholder={m.emailPlaceholder}
          autoComplete="username"
          // Back from /429 with the e-mail kept, the password is what is left to type.
          autoFocus={autoFocus && !draft.email}
          error={errors.email?.message}
        />
        <PasswordField
          {...register('password')}
          label={m.passwordLabel}
          autoComplete="current-password"
          autoFocus={autoFocus && !!draft.email}
          error={errors.password?.message}
        />
        <Group justify="flex-end">
          <AppLink to={paths.restore.getHref()} size="sm">
            {m.forgotPassword}
          </AppLink>
        </Group>
        <FormAlert message={alert} />
        <AttemptsWarning left={alert ? left : null} />
        <Button type="submit" fullWidth loading={isSubmitting}>
          {m.loginSubmit}
        </Button>
      </Stack>
    </form>
  );
}

/** Two steps: e-mail → «Получить код», then the 6-digit code → «Войти». */
function CodeLoginForm({ autoFocus }: { autoFocus: boolean }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  return sentTo === null ? (
    <CodeEmailStep onSent={setSentTo} autoFocus={autoFocus} />
  ) : (
    <CodeStep email={sentTo} onChangeEmail={() => setSentTo(null)} />
  );
}

function CodeEmailStep({ onSent, autoFocus }: { onSent: (email: string) => void; autoFocus: boolean }) {
  const [draft] = useState(readDraft);
  const { form, alert, submit } = useServerForm({
    schema: codeEmailSchema,
    defaultValues: { email: draft.email },
    fields: ['email'],
    onSubmit: async ({ email }) => {
      await requestLoginCode(email);
      onSent(email);
    },
  });
  useDraftEmail(form.subscribe);
  const { errors, isSubmitting } = form.formState;

  return (
    <form onSubmit={submit} {...preloadOnUse} noValidate>
      <Stack gap="md">
        <EmailField
          {...form.register('email')}
          label={m.emailLabel}
          placeholder={m.emailPlaceholder}
          autoFocus={autoFocus}
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
  const { left, counted } = useCountedAttempt();
  const { form, alert, setAlert, submit } = useServerForm({
    schema: codeSchema,
    defaultValues: { code: '' },
    fields: ['code'],
    onSubmit: async ({ code }) => {
      await counted(verifyLoginCode({ email, code }));
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
    <form onSubmit={submit} {...preloadOnUse} noValidate>
      <Stack gap="md">
        {/* A long address breaks anywhere rather than overflow a phone's width. */}
        <Alert color="brand" role="status" style={{ overflowWrap: 'anywhere' }}>
          {m.codeSentTo(email)}
        </Alert>
        <TextInput
          {...register('code')}
          label={m.codeLabel}
          description={m.codeDescription}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          // The visitor has just asked for the code: the field it goes into is next.
          autoFocus
          error={errors.code?.message}
        />
        <FormAlert message={alert} />
        <AttemptsWarning left={alert || errors.code ? left : null} />
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
