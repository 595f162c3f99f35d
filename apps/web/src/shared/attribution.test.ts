import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  attributionCookies,
  campaignTag,
  isIgnoredReferrer,
  recordAttribution,
  siteDomain,
  type AttributionInput,
} from './attribution';

const PAGE = 'https://lk.example.com/registration';
const base = { url: PAGE, referrer: '' } satisfies AttributionInput;

/** The cookies written, as name → value. */
const values = (input: AttributionInput) =>
  Object.fromEntries(attributionCookies(input).map((w) => [w.name, w.value]));

describe('attribution rules of spec §9', () => {
  it.each<[string, AttributionInput, Record<string, string>]>([
    [
      'ref and href both in the address: both stored, the page’s referrer ignored',
      {
        url: `${PAGE}?ref=${encodeURIComponent('https://ya.ru/')}&href=${encodeURIComponent('https://example.com/promo')}`,
        referrer: 'https://google.com/',
      },
      { referrer: 'https://ya.ru/', landing: 'https://example.com/promo' },
    ],
    [
      'only ref: an external referrer still wins',
      { url: `${PAGE}?ref=x`, referrer: 'https://www.google.com/' },
      { referrer: 'https://www.google.com/', landing: `${PAGE}?ref=x` },
    ],
    [
      'only href, no referrer: the landing address',
      { url: `${PAGE}?href=y`, referrer: '' },
      { landing: `${PAGE}?href=y` },
    ],
    [
      'an external referrer: it and this page',
      { url: PAGE, referrer: 'https://dzen.ru/a/b?c=1' },
      { referrer: 'https://dzen.ru/a/b?c=1', landing: PAGE },
    ],
    ['no referrer: the landing address', { url: PAGE, referrer: '' }, { landing: PAGE }],
    [
      'a referrer of the same host is ours: the landing address only',
      { url: PAGE, referrer: 'https://lk.example.com/login' },
      { landing: PAGE },
    ],
    [
      'a referrer elsewhere on the site’s domain is ours too',
      { url: PAGE, referrer: 'https://www.example.com/prices' },
      { landing: PAGE },
    ],
    [
      'a Google sign-in page is ignored',
      { url: PAGE, referrer: 'https://accounts.google.com/o/oauth2/v2/auth?x' },
      { landing: PAGE },
    ],
    ['VK ID is ignored', { url: PAGE, referrer: 'https://id.vk.com/authorize' }, { landing: PAGE }],
    ['VK OAuth is ignored', { url: PAGE, referrer: 'https://oauth.vk.com/authorize' }, { landing: PAGE }],
    [
      'Yandex Passport is ignored',
      { url: PAGE, referrer: 'https://passport.yandex.ru/auth' },
      { landing: PAGE },
    ],
    [
      'Yandex OAuth is ignored',
      { url: PAGE, referrer: 'https://oauth.yandex.com/authorize' },
      { landing: PAGE },
    ],
    [
      'Mail.ru sign-in is ignored',
      { url: PAGE, referrer: 'https://account.mail.ru/login' },
      { landing: PAGE },
    ],
    ['Mail.ru OAuth is ignored', { url: PAGE, referrer: 'https://o2.mail.ru/login' }, { landing: PAGE }],
    [
      'a payment page is ignored',
      { url: PAGE, referrer: 'https://yoomoney.ru/checkout/x' },
      { landing: PAGE },
    ],
    [
      'a reload does not wipe the landing stored earlier that day (nor the referrer)',
      { url: `${PAGE}?x=1`, referrer: '', existing: { landing: 'https://lk.example.com/first' } },
      {},
    ],
    [
      'a new external visit replaces the stored landing',
      { url: PAGE, referrer: 'https://vk.com/wall1', existing: { landing: 'https://lk.example.com/first' } },
      { referrer: 'https://vk.com/wall1', landing: PAGE },
    ],
    [
      'secrets are taken out of the landing address',
      { url: 'https://lk.example.com/home?al=sesame&x=1', referrer: '' },
      { landing: 'https://lk.example.com/home?al=redacted&x=1' },
    ],
    [
      'utm as given',
      { url: `${PAGE}?utm=spring_vk&utm_campaign=ignored`, referrer: '' },
      { landing: `${PAGE}?utm=spring_vk&utm_campaign=ignored`, utm: 'spring_vk' },
    ],
    [
      'utm_campaign alone',
      { url: `${PAGE}?utm_campaign=x`, referrer: '' },
      { landing: `${PAGE}?utm_campaign=x`, utm: 'utm_campaign=x' },
    ],
    [
      'utm_campaign with every optional part, in a fixed order',
      {
        url: `${PAGE}?utm_content=c&utm_term=t&utm_medium=m&utm_source=s&utm_campaign=x`,
        referrer: '',
        existing: { landing: 'l' },
      },
      { utm: 'utm_campaign=x&utm_source=s&utm_medium=m&utm_term=t&utm_content=c' },
    ],
    [
      'utm_source without utm_campaign is no campaign',
      { url: `${PAGE}?utm_source=s`, referrer: '', existing: { landing: 'l' } },
      {},
    ],
    [
      'admitad_uid: the affiliate user id',
      { url: `${PAGE}?admitad_uid=0f1e2d3c4b5a`, referrer: '', existing: { landing: 'l' } },
      { admitad_uid: '0f1e2d3c4b5a' },
    ],
    [
      'an admitad_uid of another shape is ignored',
      { url: `${PAGE}?admitad_uid=${encodeURIComponent('<b>')}`, referrer: '', existing: { landing: 'l' } },
      {},
    ],
  ])('%s', (_name, input, expected) => {
    expect(values(input)).toEqual(expected);
  });

  it('rebuilds the tag with each optional part on its own', () => {
    for (const part of ['utm_source', 'utm_medium', 'utm_term', 'utm_content']) {
      const tag = campaignTag(new URLSearchParams(`utm_campaign=x&${part}=v`));
      expect(tag).toBe(`utm_campaign=x&${part}=v`);
      expect(Object.fromEntries(new URLSearchParams(tag ?? ''))).toEqual({ utm_campaign: 'x', [part]: 'v' });
    }
  });

  it('cuts a long value to its limit', () => {
    const [write] = attributionCookies({
      ...base,
      url: `${PAGE}?utm=${'a'.repeat(3000)}`,
      existing: { landing: 'l' },
    });
    expect(write?.value).toHaveLength(500);
  });
});

describe('cookie lifetimes and attributes', () => {
  const all = attributionCookies({
    url: `https://a.b.example.com/x?utm_campaign=x&utm_source=y&admitad_uid=z1`,
    referrer: 'https://ya.ru/',
  });
  it.each([
    ['referrer', 1, 'Lax'],
    ['landing', 1, 'Lax'],
    ['utm', 1, 'Lax'],
    ['admitad_uid', 30, 'None'],
  ] as const)('%s: %i day(s), SameSite=%s, Secure, the whole site domain', (name, days, sameSite) => {
    const write = all.find((w) => w.name === name);
    expect(write?.attributes).toEqual({
      expires: days,
      path: '/',
      domain: 'example.com',
      secure: true,
      sameSite,
    });
  });

  it.each([
    ['lk.example.com', undefined, 'example.com'],
    ['a.b.example.com', undefined, 'example.com'],
    ['example.com', undefined, 'example.com'],
    ['lk.example.co.uk', (d: string) => d !== 'co.uk', 'example.co.uk'],
    ['localhost', undefined, undefined],
    ['127.0.0.1', undefined, undefined],
    ['[::1]', undefined, undefined],
    ['app.localhost', undefined, undefined],
  ])('the site domain of %s is %s', (host, accepts, domain) => {
    expect(siteDomain(host, accepts)).toBe(domain);
  });

  it('sets no Domain attribute on localhost', () => {
    const [write] = attributionCookies({ url: 'http://localhost:3000/login', referrer: '' });
    expect(write?.attributes).toEqual({ expires: 1, path: '/', secure: true, sameSite: 'Lax' });
  });

  it('knows the identity providers by host', () => {
    expect(isIgnoredReferrer('accounts.google.ru')).toBe(true);
    expect(isIgnoredReferrer('passport.yandex.kz')).toBe(true);
    expect(isIgnoredReferrer('google.com')).toBe(false);
    expect(isIgnoredReferrer('yandex.ru')).toBe(false);
  });
});

describe('recordAttribution', () => {
  afterEach(() => {
    for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  });

  it('writes the cookies through js-cookie and never throws', () => {
    const calls: Array<[string, string, unknown]> = [];
    const original = Cookies.set;
    const spy = (name: string, value: string, attributes?: unknown) => {
      calls.push([name, value, attributes]);
      return undefined;
    };
    Cookies.set = spy as typeof Cookies.set;
    try {
      recordAttribution({
        url: 'http://localhost:3000/registration?utm_campaign=x&admitad_uid=z',
        referrer: '',
      });
    } finally {
      Cookies.set = original;
    }
    expect(calls.map((c) => c[0])).toEqual(['landing', 'utm', 'admitad_uid']);
    expect(calls[2]?.[2]).toEqual({ expires: 30, path: '/', secure: true, sameSite: 'None' });

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(() => recordAttribution({ url: 'not a url', referrer: '' })).not.toThrow();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
