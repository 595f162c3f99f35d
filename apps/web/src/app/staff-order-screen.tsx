import { StaffOrderChat, staffChatTitle } from '../features/order-chat';
import OrderPage from '../features/staff-orders/routes/order-page';

/** /staff/orders/:id: the staff order page with the order chat in its section (two features put together here). */
export default function StaffOrderScreen() {
  return (
    <OrderPage chat={{ title: staffChatTitle, render: (orderId) => <StaffOrderChat orderId={orderId} /> }} />
  );
}
