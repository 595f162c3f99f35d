import { useMemo } from 'react';
import { useStaffMe } from '../../../shared/staff/session';
import { staffFace } from '../api';
import { chatText as t } from '../messages';
import type { ChatViewer } from '../model';
import { ChatView } from './chat-view';

/** The order chat on the staff order page: the same screen, with the staff token and faces. */
export function StaffOrderChat({ orderId }: { orderId: number }) {
  const me = useStaffMe();
  const staffId = me?.id ?? 0;
  const face = useMemo(() => staffFace(orderId), [orderId]);
  const viewer = useMemo<ChatViewer>(() => ({ side: 'staff', staffId }), [staffId]);
  return (
    <ChatView
      key={`${orderId}-${staffId}`}
      orderId={orderId}
      face={face}
      viewer={viewer}
      emptyText={t.emptyStaff}
    />
  );
}
