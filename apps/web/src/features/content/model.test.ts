import { describe, expect, it } from 'vitest';
import { emblaDuration, safeHref, safeImageSrc } from './model';

describe('safeHref', () => {
  it.each([
    ['/order-new', '/order-new'],
    ['/space/originality?x=1#a', '/space/originality?x=1#a'],
    ['https://example.org/page', 'https://example.org/page'],
  ])('keeps %s', (href, expected) => expect(safeHref(href)).toBe(expected));

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'http://example.org/',
    '//evil.example/x',
    '/\\evil.example',
    'data:text/html,x',
    'order-new',
    '',
  ])('drops %s', (href) => expect(safeHref(href)).toBeNull());
});

describe('safeImageSrc', () => {
  const origin = 'https://cabinet.example';
  it('keeps our own paths and absolute URLs on our origin', () => {
    expect(safeImageSrc('/img/a.webp', origin)).toBe('/img/a.webp');
    expect(safeImageSrc('https://cabinet.example/img/a.webp', origin)).toBe(
      'https://cabinet.example/img/a.webp',
    );
  });
  it.each([
    'https://cdn.other.example/a.png',
    '//other.example/a.png',
    'data:image/svg+xml,<svg/>',
    'javascript:1',
    'a.png',
  ])('drops %s', (src) => expect(safeImageSrc(src, origin)).toBeNull());
});

describe('emblaDuration', () => {
  it('turns spec §9 400 ms into embla’s default of 25 steps', () => {
    expect(emblaDuration(400)).toBe(25);
  });
});
