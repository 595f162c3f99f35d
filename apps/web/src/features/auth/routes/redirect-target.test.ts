import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target';

describe('redirectTarget', () => {
  it.each([
    ['/order/5/chat?x=1', '/order/5/chat?x=1'],
    ['/payments/history', '/payments/history'],
    ['/order/5/chat#last', '/order/5/chat#last'],
    [null, '/home/active'],
    [undefined, '/home/active'],
    ['', '/home/active'],
    ['//evil.example/path', '/home/active'],
    ['/\\evil.example', '/home/active'],
    ['https://evil.example/', '/home/active'],
    ['javascript:alert(1)', '/home/active'],
    ['home/active', '/home/active'],
    // The URL parser drops tabs and newlines anywhere, so these are `//evil.example` to a browser.
    ['/\t/evil.example', '/home/active'],
    ['/\n/evil.example', '/home/active'],
    ['/\r\n/evil.example/x', '/home/active'],
    ['/\t\\evil.example', '/home/active'],
    [' //evil.example', '/home/active'],
    // A tab inside a same-site path is dropped the way the browser would drop it.
    ['/pay\tments/history', '/payments/history'],
  ])('%j → %s', (input, expected) => {
    expect(redirectTarget(input)).toBe(expected);
  });
});
