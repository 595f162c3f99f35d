import { describe, expect, it } from 'vitest';
import { shellFor, type AppShells } from './navigation';

const shells: AppShells = {
  visitor: { '/login': '/prerendered/login.html' },
  cabinet: [
    { pattern: '/order/:id/:tab', url: '/prerendered/cabinet/order-id-tab.html' },
    { pattern: '/order/:id/edit', url: '/prerendered/cabinet/order-id-edit.html' },
    { pattern: '/home/:tab', url: '/prerendered/cabinet/home-tab.html' },
  ],
  fallback: '/index.html',
};

describe('the page a navigation gets from the cache', () => {
  it('is the visitor screen, or the cabinet shell of the route pattern, as the server sends them', () => {
    expect(shellFor(shells, '/login')).toBe('/prerendered/login.html');
    expect(shellFor(shells, '/home/active')).toBe('/prerendered/cabinet/home-tab.html');
    expect(shellFor(shells, '/home/active/')).toBe('/prerendered/cabinet/home-tab.html');
    expect(shellFor(shells, '/order/12/chat')).toBe('/prerendered/cabinet/order-id-tab.html');
  });

  it('prefers a fixed segment to a parameter, as the server does', () => {
    expect(shellFor(shells, '/order/12/edit')).toBe('/prerendered/cabinet/order-id-edit.html');
  });

  it('is the empty shell for any other address of the app (the staff section, /404, /payment)', () => {
    expect(shellFor(shells, '/staff/orders')).toBe('/index.html');
    expect(shellFor(shells, '/payment')).toBe('/index.html');
    expect(shellFor(shells, '/')).toBe('/index.html');
  });

  it('is none for what the server answers itself, so the network answers or fails', () => {
    for (const path of [
      '/api/client/profile/',
      '/client/api/main/banners/',
      '/channels/ws/',
      '/dev/outbox',
      '/test-bank/pay/1/',
      '/metrics',
      '/healthz',
      '/readyz',
      '/report.pdf',
    ])
      expect(shellFor(shells, path), path).toBeNull();
  });
});
