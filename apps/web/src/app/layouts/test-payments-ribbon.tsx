import { lazy, Suspense } from 'react';
import { useMatches } from 'react-router';
import { useTestPayments } from '../../features/documents/company';
import { deepestHandle } from '../../shared/route-handle';

const TestPaymentsNotice = lazy(() => import('./test-payments-notice'));

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
    <Suspense fallback={null}>
      <TestPaymentsNotice />
    </Suspense>
  );
}
