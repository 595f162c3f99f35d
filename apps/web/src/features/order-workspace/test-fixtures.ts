// Test-only builders of workspace answers.
import type { FileGroup, Order, WorkspaceFile } from '@cabinet/contract';

const uploader: Record<FileGroup, WorkspaceFile['uploaded_by']> = {
  customer: { role: 'customer', name: 'Вы' },
  without_qc: { role: 'customer', name: 'Вы' },
  intermediate: { role: 'performer', name: 'Автор Иван' },
  final: { role: 'performer', name: 'Автор Иван' },
  report: { role: 'performer', name: 'Автор Иван' },
};

export function workspaceFile(
  id: number,
  group: FileGroup,
  over: Partial<WorkspaceFile> = {},
): WorkspaceFile {
  const received = group === 'intermediate' || group === 'final';
  return {
    id,
    name: `Файл ${id}.pdf`,
    size: 2048,
    mime: 'application/pdf',
    created_at: '2026-11-21T10:00:00.000Z',
    group,
    uploaded_by: uploader[group],
    is_reviewed: !received,
    download_url: `/api/client/orders/7/files/${id}/download/`,
    preview_url: `/api/client/orders/7/files/${id}/preview/`,
    ...over,
  };
}

/** `GET {id}/` of an order the author has delivered: «Проверьте работу», paid, guarantee running. */
export function workspaceOrder(id: number, over: Partial<Order> = {}): Order {
  return {
    id,
    status: { id: 5, title: 'Проверьте работу' },
    trash: { is_trash: false },
    is_editable: false,
    title: 'Курсовая работа',
    details: {
      work_type: { id: 1, title: 'Курсовая работа' },
      subject: null,
      topic: 'Маркетинг малого бизнеса',
      university: null,
      deadline: '2026-12-01',
      pages: 30,
      originality: 70,
      verification_system: null,
      requirements: '',
      links: [],
      promo_code: null,
    },
    cost: 500_000,
    discount: 0,
    price: 500_000,
    is_first_order: false,
    packet_id: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    files: [],
    files_without_qc: [],
    paid: 500_000,
    author: { id: 41, name: 'Автор Иван', rating: { value: 4.8, count: 12 } },
    deadline_at: '2026-12-01T20:59:59.999Z',
    guarantee_until: '2026-12-12T10:00:00.000Z',
    attention: { chat: 0, files: 1, care: 0, reworks: 0 },
    rework: { allowed: true, reason: null },
    can_accept: true,
    discounts: [],
    originality_report: null,
    ...over,
  };
}
