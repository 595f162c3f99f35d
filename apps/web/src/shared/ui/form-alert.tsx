import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { commonMessages } from '../messages';

/** The form-level error (server `detail`, network failure) above the submit button. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert
      color="red"
      role="alert"
      title={commonMessages.errorTitle}
      icon={<IconAlertTriangle size={18} aria-hidden />}
    >
      {message}
    </Alert>
  );
}
