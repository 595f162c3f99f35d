import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target';

describe('redirectTarget', () => {
  it.each([
    ['/order/5/chat?x=1', '/order/5/chat?x=1'],
    ['/payments/history', '/payments/history'],
    [null, '/home/active'],
    [undefined, '/home/active'],
    ['', '/home/active'],
    ['//evil.example/path', '/home/active'],
    ['/\\evil.example', '/home/active'],
    ['https://evil.example/', '/home/active'],
    ['javascript:alert(1)', '/home/active'],
    ['home/active', '/home/active'],
  ])('%s → %s', (input, expected) => {
    expect(redirectTarget(input)).toBe(expected);
  });
});
