import { describe, expect, it } from 'vitest';
import { titleWithUnread } from './title';

describe('titleWithUnread', () => {
  it('puts the unread count in front, and nothing at 0', () => {
    expect(titleWithUnread('Заказы — Кабинет студента', 3)).toBe('(3) Заказы — Кабинет студента');
    expect(titleWithUnread('Заказы — Кабинет студента', 0)).toBe('Заказы — Кабинет студента');
  });
});
