import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ApiError } from '../../../shared/api/errors';
import { greetingQueryOptions } from '../api';
import { GreetingError, GreetingSkeleton, OrderGreetingView } from '../components/order-greeting';
import { ordersMessages as m } from '../messages';

/** `/order/{id}/welcome?source=…`: greets a customer who came by a link from an e-mail, with `welcome/`. */
export default function OrderWelcomePage() {
  const { id = '' } = useParams();
  const query = useQuery(greetingQueryOptions('welcome', id));

  if (query.data) {
    return (
      <OrderGreetingView title={m.welcomeTitle} lead={m.welcomeLead(query.data.id)} greeting={query.data} />
    );
  }
  if (query.isError) {
    const message = query.error instanceof ApiError ? query.error.message : m.unexpectedError;
    return <GreetingError message={message} onRetry={() => void query.refetch()} />;
  }
  return <GreetingSkeleton />;
}
