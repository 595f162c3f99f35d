import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/errors';
import { commonMessages } from '../../../shared/messages';
import { FormAlert } from '../../../shared/ui/form-alert';
import { cancelRegistration } from '../cancel-registration';
import { authScreenMessages as m } from '../messages';

/**
 * Opened from the registration mail's «Если вы не регистрировались — нажмите здесь». Nothing is
 * deleted on opening: mail scanners fetch every link (some run the page too), so only the
 * button posts the token (ADR 025).
 */
export default function RegistrationCancelPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(token ? null : m.registrationCancelInvalid);

  async function confirm() {
    setBusy(true);
    setFailure(null);
    try {
      setDone(await cancelRegistration(token));
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : commonMessages.unexpectedError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="lg" maw={520}>
      <Title order={1} size="h2">
        {m.registrationCancelTitle}
      </Title>
      {done !== null ? (
        <Alert color="brand" role="status" icon={<IconCircleCheck size={18} aria-hidden />}>
          {done}
        </Alert>
      ) : (
        <>
          <Text size="sm">{m.registrationCancelIntro}</Text>
          <FormAlert message={failure} />
          {token && (
            <Button color="red" onClick={() => void confirm()} loading={busy}>
              {m.registrationCancelSubmit}
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
