/** The document title with the unread count in front: «(3) Заказы — Кабинет студента»; none at 0. */
export function titleWithUnread(title: string, unread: number): string {
  return unread > 0 ? `(${unread}) ${title}` : title;
}
