import { useQuery } from '@tanstack/react-query';
import { draftsQueryOptions } from '../../../shared/api/drafts';
import { OrderForm } from '../components/order-form';
import { emptyOrderForm } from '../model';

/**
 * `/order-new`: a fresh form, offering the unfinished one touched last when the customer has it.
 * It reads the list of drafts (empty when there is none) rather than `continue/`, which answers
 * 404 to a customer without a draft — a failed request in every newcomer's console.
 */
export default function OrderNewPage() {
  const drafts = useQuery(draftsQueryOptions());
  return (
    <OrderForm
      mode="new"
      initialValues={emptyOrderForm()}
      offerDraftId={drafts.data?.results[0]?.id ?? null}
    />
  );
}
