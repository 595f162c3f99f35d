import { describe, expect, it } from 'vitest';
import { route } from './route';

describe('route', () => {
  it('builds the URL from the values in the pattern’s order, each encoded', () => {
    const file = route('/api/client/orders/:id/files/:fileId/download/');
    expect(file(7, 42)).toBe('/api/client/orders/7/files/42/download/');
    expect(file('a b', 'x/y')).toBe('/api/client/orders/a%20b/files/x%2Fy/download/');
  });

  it('keeps the pattern for the server to register', () => {
    expect(route('/api/staff/orders/:id/care/:request/').pattern).toBe(
      '/api/staff/orders/:id/care/:request/',
    );
  });

  it('takes a parameter at the end of a pattern without a slash', () => {
    expect(route('/client/api/avatars/:file')('a.webp')).toBe('/client/api/avatars/a.webp');
  });

  it('asks for exactly as many values as the pattern has parameters', () => {
    const one = route('/x/:id/');
    // @ts-expect-error two values for one parameter
    one(1, 2);
    // @ts-expect-error a missing value
    one();
    expect(one(1)).toBe('/x/1/');
  });
});
