import type { PayResult } from '@cabinet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import { refreshAfterPayment } from '../cache';
import { PaymentAttempt } from '../idempotency';
import { openProviderPage } from '../provider-page';

/**
 * Sends a payment and follows its answer: to the provider's page when there is one, else (the
 * balance paid at once) to /payment?status=… with the money and orders read again. One
 * Idempotency-Key per attempt; `leaving` keeps the button busy until the provider's page opens.
 */
export function usePayment<Body>() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [attempt] = useState(() => new PaymentAttempt());
  const [leaving, setLeaving] = useState(false);

  const run = async (body: Body, send: (body: Body, key: string) => Promise<PayResult>) => {
    const key = attempt.keyFor(body);
    let result: PayResult;
    try {
      result = await send(body, key);
    } catch (error) {
      attempt.finish(error);
      throw error;
    }
    attempt.finish();
    setLeaving(true);
    if (result.confirmation_url) {
      openProviderPage(result.confirmation_url);
      return;
    }
    await refreshAfterPayment(client);
    await navigate(paths.payment.getHref(result.status === 'canceled' ? 'fail' : 'success', result.pay_id));
  };

  return { run, leaving };
}
