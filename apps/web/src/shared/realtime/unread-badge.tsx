import { Badge, VisuallyHidden, type BadgeProps } from '@mantine/core';
import { realtimeMessages as m } from './messages';

/**
 * The count of unread chat messages: the figure for the eye, «3 непрочитанных сообщения» for the
 * screen reader (inside a link it becomes part of the link's name). Nothing at 0.
 */
export function UnreadBadge({ count, ...props }: { count: number } & Omit<BadgeProps, 'children'>) {
  if (count <= 0) return null;
  return (
    <>
      <Badge size="sm" circle={count < 10} color="red" variant="light" aria-hidden {...props}>
        {count > 99 ? '99+' : count}
      </Badge>
      <VisuallyHidden>{m.unread(count)}</VisuallyHidden>
    </>
  );
}
