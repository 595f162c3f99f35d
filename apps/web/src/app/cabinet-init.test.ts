import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { api } from '@cabinet/contract';
import { describe, expect, it } from 'vitest';
import { listSearch, parsePage } from '../features/orders/model';
import { loginHrefForVisitor } from '../shared/login-redirect';

// public/cabinet-init.js runs in the head of the prerendered cabinet shell, before the app's
// scripts: it must send a visitor exactly where the app's guard would (loginHrefForVisitor).
const here = dirname(fileURLToPath(import.meta.url));
const source = readFileSync(join(here, '../../public/cabinet-init.js'), 'utf8');

type Sent = { url: string; init: RequestInit };

/** Runs the script for an address and a stored token; returns where it went and what it hid. */
function run(url: string, token: string | null, sent: Sent[] = [], window: Record<string, unknown> = {}) {
  const { pathname, search } = new URL(url, 'http://localhost');
  const replaced: string[] = [];
  const styles: string[] = [];
  const root = { attrs: new Set(['data-scripts']), removeAttribute: (n: string) => root.attrs.delete(n) };
  let onReady: (() => void) | undefined;
  const location = { pathname, search, replace: (href: string) => replaced.push(href) };
  const localStorage = { getItem: (key: string) => (key === 'key' ? token : null) };
  const document = {
    createElement: () => ({ textContent: '' }),
    head: { appendChild: (el: { textContent: string }) => styles.push(el.textContent) },
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'DOMContentLoaded') onReady = listener;
    },
    getElementById: (id: string) => (id === 'root' ? root : null),
  };
  const fetch = (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return Promise.resolve(new Response('{}'));
  };
  new Function('location', 'localStorage', 'document', 'fetch', 'window', source)(
    location,
    localStorage,
    document,
    fetch,
    window,
  );
  onReady?.();
  return { replaced, styles, scriptsKept: root.attrs.has('data-scripts') };
}

/** Keeps the off-screen phone sidebar out of the Tab order until the app has taken over. */
const PHONE_NAV = '@media (max-width:47.99em){#root[data-prerendered] #cabinet-nav{visibility:hidden}}';

const ADDRESSES = [
  '/home/active',
  '/home/archive?page=2',
  '/order/15/edit?x=1&y=%D1%8F',
  '/order-new?msg=Привет',
  '/payments/pay?msg=hi&tab=1',
  '/profile?redirect=%2Forder-new',
  '/profile?redirect=%2Forder-new&msg=hi',
  '/profile?',
  '/order-continue/3?service=2#files',
];

describe('cabinet-init.js', () => {
  it.each(ADDRESSES)('sends a visitor from %s where the app would, hiding the shell meanwhile', (url) => {
    const { pathname, search } = new URL(url, 'http://localhost');
    const { replaced, styles, scriptsKept } = run(url, null);
    expect(replaced).toEqual([loginHrefForVisitor(pathname, search)]);
    expect(styles).toEqual([PHONE_NAV, '#root{visibility:hidden}']);
    // The page being left does not ask for the app's scripts.
    expect(scriptsKept).toBe(false);
  });

  it('leaves the shell to a customer with a session', () => {
    expect(run('/home/active?msg=hi', 'token')).toEqual({
      replaced: [],
      styles: [PHONE_NAV],
      scriptsKept: true,
    });
  });

  it('leaves an auto-login link to the app, which signs in first', () => {
    expect(run('/order/5/chat?al=abc', null)).toEqual({
      replaced: [],
      styles: [PHONE_NAV],
      scriptsKept: true,
    });
  });

  it('leaves blocked storage to the app, which shows the error screen', () => {
    const { pathname, search } = new URL('http://localhost/home/active');
    const location = { pathname, search, replace: () => expect.unreachable() };
    const localStorage = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    };
    const document = { createElement: () => ({}), head: { appendChild: () => {} } };
    expect(() =>
      new Function('location', 'localStorage', 'document', source)(location, localStorage, document),
    ).not.toThrow();
  });
});

describe('cabinet-init.js, the first requests of a customer’s address (ADR 029)', () => {
  /** What the app asks for first there, built with the app's own paths. */
  const APP_REQUESTS: Record<string, string[]> = {
    '/home/active': [api.profile.root, `${api.orders.root}?${listSearch('active', 1)}`, api.content.banners],
    '/home/done/?page=3': [
      api.profile.root,
      `${api.orders.root}?${listSearch('done', parsePage('3'))}`,
      api.content.banners,
    ],
    // An address the app reads as the first page is not guessed at: only the profile and the banners.
    '/home/archive?page=abc': [api.profile.root, api.content.banners],
    '/order/15/chat': [api.profile.root, api.orders.byId(15), api.orders.messages(15)],
    '/order/15/files?x=1': [api.profile.root, api.orders.byId(15)],
    '/order/15/edit': [api.profile.root, api.orders.byId(15)],
    '/order-new': [api.profile.root],
    '/payments/pay': [api.profile.root],
  };

  it.each(Object.entries(APP_REQUESTS))('sends from %s what the app will ask for', (url, expected) => {
    const sent: Sent[] = [];
    const window: { fetch?: unknown } = {};
    run(url, 'the-token', sent, window);
    expect(sent.map((s) => s.url)).toEqual(expected);
    // As the API client sends a GET (shared/api/client.ts), so the answer is the same.
    for (const { init } of sent) {
      expect(init).toEqual({
        headers: { Accept: 'application/json', Authorization: 'Bearer the-token' },
        credentials: 'include',
      });
    }
    // The app's own requests go through the script's hand-over (cabinet-preload.test.ts).
    expect(window.fetch).toBeTypeOf('function');
  });

  it('sends nothing for a visitor or an auto-login link', () => {
    const sent: Sent[] = [];
    const window: Record<string, unknown> = {};
    run('/home/active', null, sent, window);
    run('/home/active?al=abc', 'the-token', sent, window);
    expect(sent).toEqual([]);
    expect(window).toEqual({});
  });
});
