import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { getOrderQueryOptions } from '../../../shared/api/get-order';
import { NotEditableOrder } from '../components/not-editable-order';
import { OrderForm } from '../components/order-form';
import { orderFormMessages as m } from '../messages';
import { valuesFromOrder } from '../model';
import { FormSkeleton, LoadFailed } from './order-continue-page';

/** `/order/{id}/edit`: the order form prefilled while the order is editable, else files only. */
export default function OrderEditPage() {
  const { id = '' } = useParams();
  const order = useQuery(getOrderQueryOptions(id));
  const [refused, setRefused] = useState(false);
  if (order.isPending) return <FormSkeleton title={m.editTitle} />;
  if (order.isError) {
    return <LoadFailed title={m.editTitle} text={m.orderLoadFailed} onRetry={() => void order.refetch()} />;
  }
  if (refused || !order.data.is_editable) return <NotEditableOrder order={order.data} />;
  return (
    <OrderForm
      key={order.data.id}
      mode="edit"
      order={order.data}
      initialValues={valuesFromOrder(order.data)}
      onNotEditable={() => setRefused(true)}
    />
  );
}
