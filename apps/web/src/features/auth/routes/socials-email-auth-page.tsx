import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { authMessages, SocialProfileRequestSchema } from '@cabinet/contract';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { AppLink } from '../../../shared/ui/app-link';
import { EmailField } from '../../../shared/ui/email-field';
import { FormAlert } from '../../../shared/ui/form-alert';
import { eagerSchema } from '../../../shared/lazy-schema';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { requestSocialEmailProof } from '../api';
import { continueRegistrationError } from '../model';
import { authScreenMessages as m } from '../messages';

const SocialEmailSchema = SocialProfileRequestSchema.pick({ email: true });

/**
 * The route guard has already checked that `token` is present and non-empty (spec §2). The sign-in
 * finishes from the link e-mailed to the address (the e-mail-confirm screen), so that typing
 * someone's address opens nothing.
 */
export default function SocialsEmailAuthPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, alert, submit } = useServerForm({
    schema: eagerSchema(SocialEmailSchema),
    defaultValues: { email: '' },
    fields: ['email'],
    onSubmit: async ({ email }) => {
      await requestSocialEmailProof({ token, email });
      setSentTo(email);
    },
    // Spec §5/§8: the server detail, else the first token error, else the status.
    toAlert: continueRegistrationError,
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {m.socialEmailTitle}
      </Title>
      {sentTo ? (
        <Alert color="brand" role="status" icon={<IconMail size={18} aria-hidden />}>
          <Stack gap="xs">
            <Text size="sm">{authMessages.socialEmailSent}</Text>
            <Text size="sm" fw={600}>
              {sentTo}
            </Text>
            <Text size="sm">{m.socialEmailSentHint}</Text>
          </Stack>
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">{m.socialEmailIntro}</Text>
            <EmailField
              {...form.register('email')}
              label={m.emailLabel}
              placeholder={m.emailPlaceholder}
              error={errors.email?.message}
            />
            <FormAlert message={alert} />
            <Button type="submit" fullWidth loading={isSubmitting}>
              {m.socialEmailSubmit}
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
