import { useQuery } from '@tanstack/react-query';
import { continueDraftQuery } from '../api';
import { OrderForm } from '../components/order-form';
import { emptyOrderForm } from '../model';

/** `/order-new`: a fresh form, offering an unfinished one when the customer has it. */
export default function OrderNewPage() {
  const previous = useQuery(continueDraftQuery());
  return <OrderForm mode="new" initialValues={emptyOrderForm()} offerDraftId={previous.data?.id ?? null} />;
}
