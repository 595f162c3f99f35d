import { Alert } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { layoutMessages as m } from './messages';

/** The ribbon's look, in a chunk of its own: a first visit to /login downloads none of it. */
export default function TestPaymentsNotice() {
  return (
    <Alert
      // A status, not an alert: it is there from the start and interrupts nothing.
      role="status"
      color="yellow"
      radius="md"
      mb="md"
      title={m.testPayments}
      icon={<IconFlask size={20} aria-hidden />}
    >
      {m.testPaymentsText}
    </Alert>
  );
}
