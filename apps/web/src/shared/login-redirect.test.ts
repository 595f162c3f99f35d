import { describe, expect, it } from 'vitest';
import { loginHrefAfterAuthError, loginHrefForVisitor, withoutParams } from './login-redirect';

describe('loginHrefForVisitor (spec §6)', () => {
  it.each([
    ['path without query', '/profile', '', '/login?redirect=%2Fprofile'],
    ['path with query', '/withdraw', '?amountInit=500', '/login?redirect=%2Fwithdraw%3FamountInit%3D500'],
    [
      'al and msg dropped from the way back, msg kept as its own parameter',
      '/order/5/chat',
      '?al=tok&x=1&msg=Привет',
      `/login?redirect=${encodeURIComponent('/order/5/chat?x=1')}&msg=${encodeURIComponent('Привет').replace(/%20/g, '+')}`,
    ],
    ['root path carries no redirect', '/', '', '/login'],
    ['root path keeps msg', '/', '?msg=hi&al=tok', '/login?msg=hi'],
    [
      'existing redirect: search carried unchanged',
      '/home/active',
      '?redirect=%2Fbonus&al=t',
      '/login?redirect=%2Fbonus&al=t',
    ],
  ])('%s', (_name, path, search, expected) => {
    expect(loginHrefForVisitor(path, search)).toBe(expected);
  });
});

describe('loginHrefAfterAuthError (spec §2)', () => {
  it.each([
    ['path without query', '/profile', '', '/login?redirect=%2Fprofile'],
    [
      'path with query, al removed, msg kept',
      '/bonus',
      '?al=t&msg=m&a=1',
      '/login?redirect=%2Fbonus%3Fmsg%3Dm%26a%3D1',
    ],
    ['existing redirect: search carried unchanged', '/x', '?redirect=%2Fy&al=1', '/login?redirect=%2Fy&al=1'],
    ['root path', '/', '?al=t', '/login'],
  ])('%s', (_name, path, search, expected) => {
    expect(loginHrefAfterAuthError(path, search)).toBe(expected);
  });
});

describe('withoutParams', () => {
  it('removes the named parameters and keeps the others in order', () => {
    expect(withoutParams('?a=1&al=2&b=3', ['al'])).toBe('?a=1&b=3');
    expect(withoutParams('?al=2', ['al'])).toBe('');
    expect(withoutParams('', ['al'])).toBe('');
  });
});
