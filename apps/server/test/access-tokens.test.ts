import { SignJWT, type JWTPayload } from 'jose';
import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from '../src/plugins/auth';

// Cases worth naming; access-tokens.property.test.ts holds the verifier to jose over any tokens.
const SECRET = 'a-test-secret-of-reasonable-length-0123456789';
const NOW = 1_800_000_000;

function sign(claims: JWTPayload, header: Record<string, unknown> = {}, secret = SECRET) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...header } as { alg: string })
    .sign(new TextEncoder().encode(secret));
}

/** A token put together by hand, for headers and payloads jose would not produce. */
function forge(header: unknown, claims: unknown, secret = SECRET) {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const input = `${part(header)}.${part(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

describe('createAccessTokens', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW * 1000);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('verifies what it issues, and only a positive integer subject', async () => {
    const tokens = createAccessTokens(SECRET, 60);
    const { access, expires_in } = await tokens.issue(7);
    expect(expires_in).toBe(60);
    expect(tokens.verify(access)).toBe(7);
    for (const sub of ['0', '-3', '1.5', 'abc', '9007199254740993']) {
      expect(tokens.verify(await sign({ sub, exp: NOW + 60 })), sub).toBeNull();
    }
    expect(createAccessTokens(`${SECRET}-rotated`, 60).verify(access)).toBeNull();
  });

  it('refuses a token from the second its exp names, though the check of it was kept', async () => {
    const tokens = createAccessTokens(SECRET, 60);
    const { access } = await tokens.issue(7);
    expect(tokens.verify(access)).toBe(7);
    vi.setSystemTime((NOW + 60) * 1000 - 1);
    expect(tokens.verify(access)).toBe(7);
    // fast-jwt alone would still pass it in this millisecond.
    vi.setSystemTime((NOW + 60) * 1000);
    expect(tokens.verify(access)).toBeNull();
    vi.setSystemTime((NOW + 3600) * 1000);
    expect(tokens.verify(access)).toBeNull();
  });

  it('refuses a token until its nbf, and one whose iat is not a date', () => {
    const tokens = createAccessTokens(SECRET, 60);
    const early = forge({ alg: 'HS256' }, { sub: '7', exp: NOW + 60, nbf: NOW + 1.5 });
    vi.setSystemTime((NOW + 1) * 1000 + 600);
    expect(tokens.verify(early)).toBeNull();
    vi.setSystemTime((NOW + 2) * 1000);
    expect(tokens.verify(early)).toBe(7);
    expect(tokens.verify(forge({ alg: 'HS256' }, { sub: '7', exp: NOW + 60, iat: 'yesterday' }))).toBeNull();
  });

  it('refuses a forgery of a token whose check it keeps', async () => {
    const tokens = createAccessTokens(SECRET, 60);
    const { access } = await tokens.issue(7);
    expect(tokens.verify(access)).toBe(7);
    const [h, p, s] = access.split('.') as [string, string, string];
    const otherPayload = Buffer.from(JSON.stringify({ sub: '1', exp: NOW + 60 })).toString('base64url');
    expect(tokens.verify(`${h}.${otherPayload}.${s}`)).toBeNull();
    expect(tokens.verify(`${h}.${p}.${s.slice(0, -1)}`)).toBeNull();
    expect(tokens.verify(`${h}.${p}.${s}x`)).toBeNull();
    expect(tokens.verify(`${h}.${p}`)).toBeNull();
    expect(tokens.verify(`${access}.x`)).toBeNull();
    expect(tokens.verify('')).toBeNull();
    expect(tokens.verify('..')).toBeNull();
    expect(tokens.verify(access)).toBe(7);
  });

  it('refuses other algorithms, critical extensions and unencoded payloads, even when signed', () => {
    const tokens = createAccessTokens(SECRET, 60);
    const claims = { sub: '42', exp: NOW + 60 };
    expect(tokens.verify(forge({ alg: 'HS256' }, claims))).toBe(42);
    expect(tokens.verify(forge({ alg: 'none' }, claims))).toBeNull();
    expect(tokens.verify(forge({ alg: 'HS512' }, claims))).toBeNull();
    expect(tokens.verify(forge({}, claims))).toBeNull();
    expect(tokens.verify(forge({ alg: 'HS256', crit: ['exp'] }, claims))).toBeNull();
    expect(tokens.verify(forge({ alg: 'HS256', crit: ['b64'], b64: false }, claims))).toBeNull();
    // jose accepts this one (b64 true is the default it spells out); no token is issued with crit.
    expect(tokens.verify(forge({ alg: 'HS256', crit: ['b64'], b64: true }, claims))).toBeNull();
    expect(tokens.verify(forge([{ alg: 'HS256' }], claims))).toBeNull();
  });

  it('refuses segments spelled outside base64url, which jose tolerates', async () => {
    const tokens = createAccessTokens(SECRET, 60);
    const { access } = await tokens.issue(7);
    // RFC 7515 spells every part in base64url without padding or white space.
    expect(tokens.verify(`${access}=`)).toBeNull();
    const [h, p] = access.split('.') as [string, string];
    const spaced = `${h}.${p} `;
    const signed = createHmac('sha256', SECRET).update(spaced).digest('base64url');
    expect(tokens.verify(`${spaced}.${signed}`)).toBeNull();
  });

  it('holds the claims to the rules jose applied: sub and exp required, dates numeric', () => {
    const tokens = createAccessTokens(SECRET, 60);
    const h = { alg: 'HS256' };
    expect(tokens.verify(forge(h, { exp: NOW + 60 }))).toBeNull();
    expect(tokens.verify(forge(h, { sub: '42' }))).toBeNull();
    expect(tokens.verify(forge(h, { sub: '42', exp: String(NOW + 60) }))).toBeNull();
    expect(tokens.verify(forge(h, { sub: '42', exp: NOW + 60, nbf: NOW }))).toBe(42);
    expect(tokens.verify(forge(h, [1, 2]))).toBeNull();
    expect(tokens.verify(forge(h, 'text'))).toBeNull();
  });
});
