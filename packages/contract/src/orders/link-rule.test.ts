import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LinkSchema, isAllowedLink, isPublicIpv4, linkMessages } from './link-rule';

const allowed = [
  'http://example.com',
  'https://example.com/',
  'ftp://files.example.org/pub/book.pdf',
  'HTTPS://Docs.Google.com/document/d/1abc/edit?usp=sharing#heading=h.1',
  'https://disk.yandex.ru/d/AbC-123',
  'http://кириллица.рф/путь',
  'http://xn--80apaahia1b8c.xn--p1ai/',
  'https://example.com:8443/a',
  'https://example.com./trailing-dot',
  'http://8.8.8.8/',
  'http://1.1.1.1:8080/x',
  'http://172.32.0.1/', // just past 172.16/12
  'http://100.128.0.1/', // just past 100.64/10
  'http://223.255.255.255/', // just below multicast
  'https://example.com/?next=user@example.com',
  '  https://example.com/  ',
];

const refused = [
  '',
  'example.com',
  'www.example.com/path',
  'mailto:user@example.com',
  'javascript:alert(1)',
  'file:///etc/passwd',
  'data:text/html,hi',
  'ws://example.com/',
  'gopher://example.com/',
  'http:example.com',
  'http:/example.com',
  'http:\\\\example.com',
  'http://',
  'http://localhost/',
  'http://LOCALHOST:3000/',
  'http://localhost./',
  'http://app.localhost/',
  'http://printer.local/',
  'http://vault.internal/',
  'http://intranet/',
  'http://user:secret@example.com/',
  'http://user@example.com/',
  'http://@example.com/',
  'http://example.com\\@8.8.8.8/',
  'http://[::1]/',
  'http://[2001:db8::1]/',
  'http://[::ffff:8.8.8.8]/',
  'http://0.0.0.0/',
  'http://0.1.2.3/',
  'http://10.0.0.1/',
  'http://10.255.255.255/',
  'http://100.64.0.1/',
  'http://100.127.255.255/',
  'http://127.0.0.1/',
  'http://127.255.0.1:8080/',
  'http://169.254.169.254/latest/meta-data/',
  'http://172.16.0.1/',
  'http://172.31.255.255/',
  'http://192.168.1.1/',
  'http://192.0.2.10/',
  'http://224.0.0.1/',
  'http://239.255.255.250/',
  'http://240.0.0.1/',
  'http://255.255.255.255/',
  'http://2130706433/', // 127.0.0.1 as one number
  'http://0x7f.0.0.1/',
  'http://0177.0.0.1/',
  'http://127.1/',
  'http://8.8.8/', // shorthand, even of a public address
  'http://08.8.8.8/',
  'http://256.1.1.1/',
  'http://１２７.０.０.１/', // full-width digits that a parser would map to 127.0.0.1
  'http://example.c0m/',
  'http://example.123/',
  'http://-bad.com/',
  'http://bad-.com/',
  'http://a..b.com/',
  'http://ex_ample.com/',
  'http://exa mple.com/',
  'http://example.com/a b',
  'http://example.com/\nline',
  'http://example.com:99999/',
  'http://example.com:/',
  'http://example.com:80a/',
  `https://example.com/${'a'.repeat(2048)}`,
];

describe('isAllowedLink — table', () => {
  it.each(allowed)('allows %s', (url) => expect(isAllowedLink(url)).toBe(true));
  it.each(refused)('refuses %s', (url) => expect(isAllowedLink(url)).toBe(false));
});

/** Every range the rule refuses, as [base, prefix] — an independent statement of the spec's list. */
const nonPublic: Array<[number, number]> = [
  [0x00000000, 8],
  [0x0a000000, 8],
  [0x64400000, 10],
  [0x7f000000, 8],
  [0xa9fe0000, 16],
  [0xac100000, 12],
  [0xc0000000, 24],
  [0xc0000200, 24],
  [0xc0a80000, 16],
  [0xc6120000, 15],
  [0xc6336400, 24],
  [0xcb007100, 24],
  [0xe0000000, 4],
  [0xf0000000, 4],
];
const inNonPublic = (n: number) => nonPublic.some(([b, p]) => n >= b && n < b + 2 ** (32 - p));
const dotted = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
const ipv4Int = fc.nat({ max: 0xffffffff });
const nonPublicInt = fc
  .constantFrom(...nonPublic)
  .chain(([base, prefix]) => fc.nat({ max: 2 ** (32 - prefix) - 1 }).map((off) => base + off));
const scheme = fc.constantFrom('http', 'https', 'ftp', 'HTTP', 'Https');
const path = fc.webPath();

describe('isAllowedLink — properties', () => {
  it('allows exactly the public IPv4 addresses in dotted form', () => {
    fc.assert(
      fc.property(scheme, ipv4Int, path, (s, n, p) => {
        expect(isAllowedLink(`${s}://${dotted(n)}${p}`)).toBe(!inNonPublic(n));
        expect(isPublicIpv4(dotted(n))).toBe(!inNonPublic(n));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses every non-public address, with or without a port', () => {
    fc.assert(
      fc.property(scheme, nonPublicInt, fc.option(fc.integer({ min: 1, max: 65535 })), (s, n, port) => {
        expect(isAllowedLink(`${s}://${dotted(n)}${port === null ? '' : `:${port}`}/`)).toBe(false);
      }),
    );
  });

  it('refuses any address written as one number or in hex, public or not', () => {
    fc.assert(
      fc.property(scheme, ipv4Int, (s, n) => {
        expect(isAllowedLink(`${s}://${n}/`)).toBe(false);
        expect(isAllowedLink(`${s}://0x${n.toString(16)}/`)).toBe(false);
      }),
    );
  });

  it('allows web URLs on ordinary domains', () => {
    const reserved = /(^|\.)(localhost|local|internal)\.?$/;
    fc.assert(
      fc.property(
        fc.webUrl({ validSchemes: ['http', 'https', 'ftp'], withQueryParameters: true, withFragments: true }),
        (url) => {
          fc.pre(!reserved.test(new URL(url).hostname));
          expect(isAllowedLink(url)).toBe(true);
        },
      ),
    );
  });

  it('refuses any link with credentials before the host', () => {
    fc.assert(
      fc.property(scheme, fc.stringMatching(/^[a-z0-9:._~-]{0,12}$/), fc.domain(), (s, user, host) => {
        expect(isAllowedLink(`${s}://${user}@${host}/`)).toBe(false);
      }),
    );
  });

  it('refuses any other scheme', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z][a-z0-9+.-]{0,10}$/).filter((s) => !['http', 'https', 'ftp'].includes(s)),
        fc.domain(),
        (s, host) => {
          expect(isAllowedLink(`${s}://${host}/`)).toBe(false);
        },
      ),
    );
  });

  it('never throws, whatever the input', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => typeof isAllowedLink(s) === 'boolean'));
  });
});

describe('LinkSchema', () => {
  it('trims a good link and refuses a bad one with the Russian message', () => {
    expect(LinkSchema.parse('  https://example.com/a  ')).toBe('https://example.com/a');
    const r = LinkSchema.safeParse('http://192.168.0.1/');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(linkMessages.invalid);
    expect(LinkSchema.safeParse(42).error?.issues[0]?.message).toBe(linkMessages.invalid);
  });
});
