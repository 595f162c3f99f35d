import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { buildTestApp, uniqueEmail, type TestApp } from './helpers';

const LOGIN = '/api/client/auth/login/';
const base = { NODE_ENV: 'test' };

describe('TRUST_PROXY', () => {
  it('takes false, a number of hops, or proxy addresses and CIDRs', () => {
    expect(loadConfig(base).TRUST_PROXY).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,::1,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      '::1',
      'loopback',
    ]);
  });

  it('refuses true, which would trust every hop, and anything that is not an address', () => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true would trust every hop/,
    );
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0.1/8/1', 'proxy.example.com']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: bad })).toThrow(ConfigError);
    }
  });

  it.each([
    ['0.0.0.0/0', 'IPv4'],
    ['::/0', 'IPv6'],
    ['10.0.0.0/0', 'IPv4'],
    ['0.0.0.0/1,128.0.0.0/1', 'IPv4'],
    ['10.0.0.1, 128.0.0.0/1, 0.0.0.0/2, 64.0.0.0/2', 'IPv4'],
    ['::/1,8000::/1', 'IPv6'],
    // IPv4 clients are judged by IPv4-mapped IPv6 ranges too.
    ['::ffff:0.0.0.0/96', 'IPv4'],
    ['::ffff:0:0/97, 128.0.0.0/1', 'IPv4'],
    ['::/1, 8000::/2, c000::/2', 'IPv6'],
    ['0.0.0.0/0, ::/0', 'IPv4 and every IPv6'],
  ])('refuses %s, which trusts every %s client as true would', (value, family) => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(
      new RegExp(`TRUST_PROXY: .* covers every ${family} address`),
    );
  });

  it('takes ranges that leave some address out, and builds the app with them', async () => {
    for (const value of [
      '0.0.0.0/1',
      '0.0.0.0/1,128.0.0.0/2',
      '::/1',
      '::ffff:0:0/80',
      'loopback, uniquelocal',
    ]) {
      expect(loadConfig({ ...base, TRUST_PROXY: value }).TRUST_PROXY).toEqual(
        value.split(',').map((e) => e.trim()),
      );
    }
    // No range that passes the check makes Fastify's own parser throw at start.
    const t = await buildTestApp({ TRUST_PROXY: '0.0.0.0/1,128.0.0.0/2,::/1' });
    await t.close();
  });

  it('refuses a /0 even where it covers no client, rather than fail later inside Fastify', () => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: '::ffff:0:0/0' })).toThrow(/TRUST_PROXY: .*\/0/);
  });
});

/** 40 guesses from one client behind our proxy, each claiming another address in X-Forwarded-For. */
async function spoofedGuesses(t: TestApp, proxy: string, client: string) {
  const codes: number[] = [];
  for (let i = 0; i < 40; i += 1) {
    const r = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email: uniqueEmail('spray'), password: 'wrong-pass-1' },
      remoteAddress: proxy,
      // The client wrote the first entry; the proxy appended the address it saw.
      headers: { 'x-forwarded-for': `203.0.113.${i + 1}, ${client}` },
    });
    codes.push(r.statusCode);
  }
  return codes;
}

describe.each([
  ['one hop', '1'],
  ['the proxy’s address', '10.0.0.7'],
])('behind one trusted proxy given as %s', (_name, trust) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ TRUST_PROXY: trust, LOGIN_MAX_FAILS_PER_IP: '20' });
  });
  afterAll(() => t.close());

  it('limits the client by the address the proxy saw, whatever it claims itself', async () => {
    const codes = await spoofedGuesses(t, '10.0.0.7', '198.51.100.9');
    expect(codes.filter((c) => c === 400)).toHaveLength(20);
    expect(codes.filter((c) => c === 429)).toHaveLength(20);
  });
});

describe('without a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_MAX_FAILS_PER_IP: '20' });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For altogether', async () => {
    const codes = await spoofedGuesses(t, '198.51.100.10', '198.51.100.11');
    expect(codes.filter((c) => c === 429)).toHaveLength(20);
  });
});
