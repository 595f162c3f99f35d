import { Title, VisuallyHidden } from '@mantine/core';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { customerFace } from '../api';
import { ChatView } from '../components/chat-view';
import { chatText as t } from '../messages';
import type { ChatViewer } from '../model';

const customer: ChatViewer = { side: 'customer' };

/** `/order/{id}/chat`: the customer's conversation with the order's author and the managers. */
export default function CustomerChatTab() {
  const { id = '' } = useParams();
  const orderId = Number(id);
  const face = useMemo(() => customerFace(orderId), [orderId]);
  return (
    <section aria-labelledby="order-chat-title">
      <VisuallyHidden>
        <Title order={2} id="order-chat-title">
          {t.title}
        </Title>
      </VisuallyHidden>
      <ChatView key={orderId} orderId={orderId} face={face} viewer={customer} emptyText={t.emptyCustomer} />
    </section>
  );
}
