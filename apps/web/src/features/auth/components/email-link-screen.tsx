import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';
import { paths } from '../../../shared/paths';
import { AppLink } from '../../../shared/ui/app-link';
import { EmailField } from '../../../shared/ui/email-field';
import { FormAlert } from '../../../shared/ui/form-alert';
import type { ServerForm } from '../../../shared/ui/use-server-form';
import { authScreenMessages as m } from '../messages';

/**
 * A screen that e-mails a link (a password restore, a social sign-in's address proof): the address
 * and «send»; once sent, `sent` says what to do next. «Back to sign-in» below either way.
 */
export function EmailLinkScreen({
  title,
  intro,
  submitLabel,
  sent,
  request,
}: {
  title: string;
  intro: string;
  submitLabel: string;
  /** What the sent mail asks of the customer, or null while nothing is sent. */
  sent: ReactNode | null;
  request: {
    form: ServerForm<{ email: string }>;
    alert: string | null;
    submit: (event?: FormEvent) => Promise<void>;
  };
}) {
  const { form, alert, submit } = request;
  const { errors, isSubmitting } = form.formState;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      {sent ? (
        <Alert color="brand" role="status" icon={<IconMail size={18} aria-hidden />}>
          <Stack gap="xs">{sent}</Stack>
        </Alert>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <Text size="sm">{intro}</Text>
            <EmailField
              {...form.register('email')}
              label={m.emailLabel}
              placeholder={m.emailPlaceholder}
              error={errors.email?.message}
            />
            <FormAlert message={alert} />
            <Button type="submit" fullWidth loading={isSubmitting}>
              {submitLabel}
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center">
        <AppLink to={paths.login.getHref()}>{m.backToLogin}</AppLink>
      </Text>
    </Stack>
  );
}
