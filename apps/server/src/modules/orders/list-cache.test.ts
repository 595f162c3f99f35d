import { describe, expect, it } from 'vitest';
import { ListPageCache } from './list-cache';

const page = (text: string) => Buffer.from(text);

describe('ListPageCache', () => {
  it('gives a page back only for the version it was stored with', () => {
    const cache = new ListPageCache();
    cache.set('1/active/1/20', 7, page('seven'));
    expect(cache.get('1/active/1/20', 7)?.toString()).toBe('seven');
    expect(cache.get('1/active/1/20', 8)).toBeUndefined();
    // A miss for another version drops the old page: it can never be asked for again.
    expect(cache.get('1/active/1/20', 7)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.byteSize).toBe(0);
    expect(cache.get('2/active/1/20', 7)).toBeUndefined();
  });

  it('replaces a page stored again under the same key', () => {
    const cache = new ListPageCache();
    cache.set('k', 1, page('old page'));
    cache.set('k', 2, page('new'));
    expect(cache.get('k', 1)).toBeUndefined();
    cache.set('k', 2, page('new'));
    expect(cache.get('k', 2)?.toString()).toBe('new');
    expect(cache.size).toBe(1);
    expect(cache.byteSize).toBe(3);
  });

  it('holds at most maxEntries pages, dropping the least recently used', () => {
    const cache = new ListPageCache(3, 1 << 20);
    for (const k of ['a', 'b', 'c']) cache.set(k, 1, page(k));
    expect(cache.get('a', 1)?.toString()).toBe('a'); // now the most recently used
    cache.set('d', 1, page('d'));
    expect(cache.size).toBe(3);
    expect(cache.get('b', 1)).toBeUndefined();
    for (const k of ['a', 'c', 'd']) expect(cache.get(k, 1)?.toString()).toBe(k);
  });

  it('holds at most maxBytes, and never a page larger than that', () => {
    const cache = new ListPageCache(100, 10);
    cache.set('a', 1, page('1234'));
    cache.set('b', 1, page('5678'));
    cache.set('c', 1, page('90'));
    expect(cache.byteSize).toBe(10);
    cache.set('d', 1, page('x'));
    expect(cache.byteSize).toBe(7);
    expect(cache.get('a', 1)).toBeUndefined();
    cache.set('huge', 1, page('x'.repeat(11)));
    expect(cache.get('huge', 1)).toBeUndefined();
    expect(cache.byteSize).toBeLessThanOrEqual(10);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.byteSize).toBe(0);
  });
});
