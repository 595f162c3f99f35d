import { describe, expect, it } from 'vitest';
import { clickTarget, parsePushNotice } from './push';

describe('a push message', () => {
  it('shows the title and body the server sent, and leads to its address', () => {
    expect(
      parsePushNotice({ title: 'Новое сообщение', body: 'Автор: готово', url: '/order/7/chat' }),
    ).toEqual({
      title: 'Новое сообщение',
      body: 'Автор: готово',
      url: '/order/7/chat',
    });
  });

  it('falls back to the cabinet’s name and the orders list when fields are missing or not text', () => {
    expect(parsePushNotice(null)).toEqual({ title: 'Кабинет студента', body: '', url: '/home/active' });
    expect(parsePushNotice({ title: 5, body: ['x'], url: '' })).toEqual({
      title: 'Кабинет студента',
      body: '',
      url: '/home/active',
    });
  });
});

describe('a click on the notification', () => {
  const origin = 'https://cabinet.example';

  it('opens an address of the app', () => {
    expect(clickTarget('/order/7/chat', origin)).toBe('https://cabinet.example/order/7/chat');
    expect(clickTarget('https://cabinet.example/payments', origin)).toBe('https://cabinet.example/payments');
  });

  it('never leads to another site', () => {
    expect(clickTarget('https://evil.example/', origin)).toBe('https://cabinet.example/home/active');
    expect(clickTarget('//evil.example/x', origin)).toBe('https://cabinet.example/home/active');
    expect(clickTarget('http://[bad', origin)).toBe('https://cabinet.example/home/active');
  });
});
