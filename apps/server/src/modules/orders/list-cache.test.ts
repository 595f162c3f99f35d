import { describe, expect, it } from 'vitest';
import { ListPageCache } from './list-cache';

const page = (text: string) => Buffer.from(text);

/** Renders a page twice, as a page asked for twice is: the second render is kept. */
function keep(cache: ListPageCache, key: string, version: number, body: Buffer) {
  cache.set(key, version, body);
  cache.set(key, version, body);
}

describe('ListPageCache', () => {
  it('keeps a page on its second render, not its first', () => {
    const cache = new ListPageCache();
    cache.set('1/active/1/20', 7, page('seven'));
    expect(cache.get('1/active/1/20', 7)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.byteSize).toBe(0);
    cache.set('1/active/1/20', 7, page('seven'));
    expect(cache.get('1/active/1/20', 7)?.toString()).toBe('seven');
    expect(cache.size).toBe(1);
  });

  it('forgets a key rendered once after maxEntries other keys, and keeps nothing of a rotation longer than that', () => {
    const cache = new ListPageCache(3, 1 << 20);
    for (const k of ['a', 'b', 'c', 'd']) cache.set(k, 1, page(k));
    // 'a' was pushed out of the keys remembered: its second render counts as a first.
    cache.set('a', 1, page('a'));
    expect(cache.get('a', 1)).toBeUndefined();
    // 'c' is still remembered: kept now.
    cache.set('c', 1, page('c'));
    expect(cache.get('c', 1)?.toString()).toBe('c');
    const rotating = new ListPageCache(3, 1 << 20);
    for (let round = 0; round < 5; round += 1) {
      for (const k of ['a', 'b', 'c', 'd', 'e']) {
        expect(rotating.get(k, 1)).toBeUndefined();
        rotating.set(k, 1, page(k));
      }
    }
    expect(rotating.size).toBe(0);
  });

  it('gives a page back only for the version it was stored with, and keeps the next render at once', () => {
    const cache = new ListPageCache();
    keep(cache, '1/active/1/20', 7, page('seven'));
    expect(cache.get('1/active/1/20', 7)?.toString()).toBe('seven');
    expect(cache.get('1/active/1/20', 8)).toBeUndefined();
    // A miss for another version drops the old page: it can never be asked for again.
    expect(cache.get('1/active/1/20', 7)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.byteSize).toBe(0);
    expect(cache.get('2/active/1/20', 7)).toBeUndefined();
    // The page was wanted again: the render for the new version is kept on its first render.
    cache.set('1/active/1/20', 8, page('eight'));
    expect(cache.get('1/active/1/20', 8)?.toString()).toBe('eight');
  });

  it('replaces a page stored again under the same key', () => {
    const cache = new ListPageCache();
    keep(cache, 'k', 1, page('old page'));
    cache.set('k', 2, page('new'));
    expect(cache.get('k', 1)).toBeUndefined();
    cache.set('k', 2, page('new'));
    expect(cache.get('k', 2)?.toString()).toBe('new');
    expect(cache.size).toBe(1);
    expect(cache.byteSize).toBe(3);
  });

  it('holds at most maxEntries pages, dropping the least recently used', () => {
    const cache = new ListPageCache(3, 1 << 20);
    for (const k of ['a', 'b', 'c']) keep(cache, k, 1, page(k));
    expect(cache.get('a', 1)?.toString()).toBe('a'); // now the most recently used
    keep(cache, 'd', 1, page('d'));
    expect(cache.size).toBe(3);
    expect(cache.get('b', 1)).toBeUndefined();
    for (const k of ['a', 'c', 'd']) expect(cache.get(k, 1)?.toString()).toBe(k);
  });

  it('holds at most maxBytes, and never a page larger than that', () => {
    const cache = new ListPageCache(100, 10);
    cache.set('e', 1, page('e'));
    keep(cache, 'a', 1, page('1234'));
    keep(cache, 'b', 1, page('5678'));
    keep(cache, 'c', 1, page('90'));
    expect(cache.byteSize).toBe(10);
    keep(cache, 'd', 1, page('x'));
    expect(cache.byteSize).toBe(7);
    expect(cache.get('a', 1)).toBeUndefined();
    keep(cache, 'huge', 1, page('x'.repeat(11)));
    expect(cache.get('huge', 1)).toBeUndefined();
    expect(cache.byteSize).toBeLessThanOrEqual(10);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.byteSize).toBe(0);
    cache.set('e', 1, page('e'));
    expect(cache.get('e', 1)).toBeUndefined(); // clear() forgot the keys rendered once too
  });
});
