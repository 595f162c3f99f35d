import { Alert } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useMatches } from 'react-router';
import { useTestPayments } from '../../features/documents/company';
import { deepestHandle } from '../../shared/route-handle';
import { layoutMessages as m } from './messages';

/**
 * «Тестовые платежи» over a money screen (its route's handle says `money`) while the server's
 * payments go through its built-in test bank: nobody should take a top-up or a payment there for
 * a real one. Nothing while the server's answer loads.
 */
export function TestPaymentsRibbon() {
  const money = deepestHandle(useMatches())?.money === true;
  const testPayments = useTestPayments();
  if (!money || !testPayments) return null;
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
