/** Every screen a visitor can open without a session (spec §2), with sample ids and tokens. */
export const VISITOR_SCREENS = [
  '/login',
  '/registration',
  '/restore',
  '/change-password/some-id/',
  '/socials-email-auth?token=abc',
  '/documents/user-agreement',
  '/documents/service-contract',
  '/documents/privacy-policy',
  '/404',
  '/429',
] as const;

/** A screen to open, and the landmark of its content (a heading, a list) that says it has loaded. */
export interface Screen {
  path: string;
  ready: { role: 'heading' | 'list'; name: string | RegExp };
}

const heading = (name: string | RegExp) => ({ role: 'heading', name }) as const;
/** A rework's or a care request's messages. */
const thread = { role: 'list', name: 'Переписка' } as const;

/** The order workspace's tabs and the detail of a rework and of a care request (spec §2). */
export function workspaceScreens(ids: { orderId: number; reworkId: number; careId: number }): Screen[] {
  const order = `/order/${ids.orderId}`;
  return [
    // The chat's placeholder before the chat was built («Чат по заказу»).
    { path: `${order}/chat`, ready: heading(/^Чат/) },
    { path: `${order}/files`, ready: heading('Файлы заказа') },
    { path: `${order}/reworks`, ready: heading('Доработки') },
    { path: `${order}/reworks?open=${ids.reworkId}`, ready: thread },
    { path: `${order}/care`, ready: heading('Забота о заказе') },
    { path: `${order}/care?open=${ids.careId}`, ready: thread },
  ];
}

/** The staff section's screens for a signed-in manager (the sign-in itself comes before). */
export function staffScreens(orderId: number): Screen[] {
  return [
    { path: '/staff/orders', ready: heading('Заказы') },
    { path: `/staff/orders/${orderId}`, ready: heading(`Заказ № ${orderId}`) },
    { path: '/staff/care', ready: heading('Обращения') },
  ];
}
