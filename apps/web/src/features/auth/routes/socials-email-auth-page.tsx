import { Text } from '@mantine/core';
import { authMessages, SocialProfileRequestSchema } from '@cabinet/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { eagerSchema } from '../../../shared/lazy-schema';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { requestSocialEmailProof } from '../api';
import { EmailLinkScreen } from '../components/email-link-screen';
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
  const request = useServerForm({
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

  return (
    <EmailLinkScreen
      title={m.socialEmailTitle}
      intro={m.socialEmailIntro}
      submitLabel={m.socialEmailSubmit}
      request={request}
      sent={
        sentTo ? (
          <>
            <Text size="sm">{authMessages.socialEmailSent}</Text>
            <Text size="sm" fw={600}>
              {sentTo}
            </Text>
            <Text size="sm">{m.socialEmailSentHint}</Text>
          </>
        ) : null
      }
    />
  );
}
