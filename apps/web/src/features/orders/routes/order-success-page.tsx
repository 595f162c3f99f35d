import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useMatches, useParams } from 'react-router';
import { FIRST_ORDER_GOAL, goal } from '../../../shared/analytics';
import { ApiError } from '../../../shared/api/errors';
import { deepestHandle } from '../../../shared/route-handle';
import { greetingQueryOptions } from '../api';
import { GreetingError, GreetingSkeleton, OrderGreetingView } from '../components/order-greeting';
import { ordersMessages as m } from '../messages';
import { recordFirstOrderGoalOnce } from '../model';

/** `/order/{id}/success?source=…`: the order just placed, from `success/` (spec §2, flagged first order). */
export default function OrderSuccessPage() {
  const { id = '' } = useParams();
  const firstOrderRoute = deepestHandle(useMatches())?.firstOrder === true;
  const query = useQuery(greetingQueryOptions('success', id));
  const greeting = query.data;

  useEffect(() => {
    if (greeting && firstOrderRoute)
      recordFirstOrderGoalOnce(greeting, localStorage, () => goal(FIRST_ORDER_GOAL));
  }, [greeting, firstOrderRoute]);

  if (greeting) {
    return <OrderGreetingView title={m.successTitle(greeting.id)} lead={m.successLead} greeting={greeting} />;
  }
  if (query.isError) {
    const message = query.error instanceof ApiError ? query.error.message : m.unexpectedError;
    return <GreetingError message={message} onRetry={() => void query.refetch()} />;
  }
  return <GreetingSkeleton />;
}
