import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { authMessages, RestoreRequestSchema } from '@cabinet/contract';
import { IconMail } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { paths } from '../../../shared/paths';
import { AppLink } from '../../../shared/ui/app-link';
import { FormAlert } from '../../../shared/ui/form-alert';
import { EmailField } from '../../../shared/ui/email-field';
import { eagerSchema } from '../../../shared/lazy-schema';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { requestPasswordRestore } from '../api';
import { authScreenMessages as m } from '../messages';
import { readDraft, saveDraft } from '../sign-in-draft';

export default function RestorePage() {
  const [sent, setSent] = useState(false);
  const [draft] = useState(readDraft);
  const { form, alert, submit } = useServerForm({
    schema: eagerSchema(RestoreRequestSchema),
    // The e-mail typed on /login comes along (and back after a /429).
    defaultValues: { email: draft.email },
    fields: ['email'],
    onSubmit: async ({ email }) => {
      await requestPasswordRestore(email);
      setSent(true);
    },
  });
  const { errors, isSubmitting } = form.formState;
  const { subscribe } = form;
  useEffect(() => subscribe(({ email }) => saveDraft({ email })), [subscribe]);

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {sent ? m.restoreDoneTitle : m.restoreTitle}
      </Title>
      {sent ? (
        // The same words whether or not the address is registered, so the screen reveals nothing.
        <Alert color="brand" role="status" icon={<IconMail size={18} aria-hidden />}>
          <Stack gap="xs">
            <Text size="sm">{authMessages.restoreSent}</Text>
            <Text size="sm">{m.restoreDoneHint}</Text>
          </Stack>
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">{m.restoreIntro}</Text>
            <EmailField
              {...form.register('email')}
              label={m.emailLabel}
              placeholder={m.emailPlaceholder}
              error={errors.email?.message}
            />
            <FormAlert message={alert} />
            <Button type="submit" fullWidth loading={isSubmitting}>
              {m.restoreSubmit}
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
