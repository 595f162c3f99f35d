import { Text } from '@mantine/core';
import { authMessages, RestoreRequestSchema } from '@cabinet/contract';
import { useEffect, useState } from 'react';
import { eagerSchema } from '../../../shared/lazy-schema';
import { useServerForm } from '../../../shared/ui/use-server-form';
import { requestPasswordRestore } from '../api';
import { EmailLinkScreen } from '../components/email-link-screen';
import { authScreenMessages as m } from '../messages';
import { readDraft, saveDraft } from '../sign-in-draft';

export default function RestorePage() {
  const [sent, setSent] = useState(false);
  const [draft] = useState(readDraft);
  const request = useServerForm({
    schema: eagerSchema(RestoreRequestSchema),
    // The e-mail typed on /login comes along (and back after a /429).
    defaultValues: { email: draft.email },
    fields: ['email'],
    onSubmit: async ({ email }) => {
      await requestPasswordRestore(email);
      setSent(true);
    },
  });
  const { subscribe } = request.form;
  useEffect(() => subscribe(({ email }) => saveDraft({ email })), [subscribe]);

  return (
    <EmailLinkScreen
      title={sent ? m.restoreDoneTitle : m.restoreTitle}
      intro={m.restoreIntro}
      submitLabel={m.restoreSubmit}
      request={request}
      sent={
        sent ? (
          // The same words whether or not the address is registered, so the screen reveals nothing.
          <>
            <Text size="sm">{authMessages.restoreSent}</Text>
            <Text size="sm">{m.restoreDoneHint}</Text>
          </>
        ) : null
      }
    />
  );
}
