// Test-only builders of list answers.
import type { OrderList, OrderListItem, OrderWorkspaceFields } from '@cabinet/contract';

/** The workspace fields of an order with nothing new and nothing to do yet. */
export const noWorkspace: OrderWorkspaceFields = {
  paid: 0,
  author: null,
  deadline_at: null,
  guarantee_until: null,
  attention: { chat: 0, files: 0, care: 0, reworks: 0 },
  rework: { allowed: false, reason: null },
  can_accept: false,
  discounts: [],
  originality_report: null,
};

export function listItem(id: number, over: Partial<OrderListItem> = {}): OrderListItem {
  return {
    id,
    status: { id: 2, title: 'Ожидает оплаты' },
    trash: { is_trash: false },
    is_editable: true,
    title: 'Курсовая работа',
    details: {
      work_type: { id: 1, title: 'Курсовая работа' },
      subject: null,
      topic: `Тема ${id}`,
      university: null,
      deadline: '2026-12-01',
      pages: 30,
      originality: 70,
      verification_system: null,
      requirements: '',
      links: [],
      promo_code: null,
    },
    cost: 300_000,
    discount: 0,
    price: 300_000,
    is_first_order: false,
    packet_id: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...over,
  };
}

export function list(results: OrderListItem[], counters = { active: 5, archive: 2, done: 1 }): OrderList {
  return { results, next: null, previous: null, count: results.length, counters };
}
