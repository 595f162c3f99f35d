import { SignJWT, type JWTPayload } from 'jose';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAccessTokens, verifyHs256 } from '../src/plugins/auth';

// The synchronous check replaced jose's jwtVerify on every request; these hold it to what
// jose accepted and refused, with tokens made by jose itself.
const SECRET = 'a-test-secret-of-reasonable-length-0123456789';
const key = Buffer.from(SECRET, 'utf8');
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

describe('verifyHs256', () => {
  it('accepts a token jose signed and returns its claims', async () => {
    const token = await sign({ sub: '42', iat: NOW - 10, exp: NOW + 60 });
    expect(verifyHs256(token, key, NOW)).toMatchObject({ sub: '42', exp: NOW + 60 });
  });

  it('refuses a token from the moment it expires', async () => {
    const token = await sign({ sub: '42', exp: NOW + 1 });
    expect(verifyHs256(token, key, NOW)).not.toBeNull();
    expect(verifyHs256(token, key, NOW + 1)).toBeNull();
    expect(verifyHs256(token, key, NOW + 3600)).toBeNull();
  });

  it('refuses another key, a changed payload or header, and a mangled signature', async () => {
    const token = await sign({ sub: '42', exp: NOW + 60 });
    expect(verifyHs256(await sign({ sub: '42', exp: NOW + 60 }, {}, `${SECRET}!`), key, NOW)).toBeNull();
    const [h, p, s] = token.split('.') as [string, string, string];
    const otherPayload = Buffer.from(JSON.stringify({ sub: '1', exp: NOW + 60 })).toString('base64url');
    expect(verifyHs256(`${h}.${otherPayload}.${s}`, key, NOW)).toBeNull();
    expect(verifyHs256(`${h}.${p}.${s.slice(0, -1)}`, key, NOW)).toBeNull();
    expect(verifyHs256(`${h}.${p}.${s}x`, key, NOW)).toBeNull();
    expect(verifyHs256(`${h}.${p}`, key, NOW)).toBeNull();
    expect(verifyHs256(`${token}.x`, key, NOW)).toBeNull();
    expect(verifyHs256('', key, NOW)).toBeNull();
    expect(verifyHs256('..', key, NOW)).toBeNull();
  });

  it('refuses other algorithms, critical extensions and unencoded payloads, even when signed', () => {
    const claims = { sub: '42', exp: NOW + 60 };
    expect(verifyHs256(forge({ alg: 'HS256' }, claims), key, NOW)).not.toBeNull();
    expect(verifyHs256(forge({ alg: 'none' }, claims), key, NOW)).toBeNull();
    expect(verifyHs256(forge({ alg: 'HS512' }, claims), key, NOW)).toBeNull();
    expect(verifyHs256(forge({}, claims), key, NOW)).toBeNull();
    expect(verifyHs256(forge({ alg: 'HS256', crit: ['exp'] }, claims), key, NOW)).toBeNull();
    expect(verifyHs256(forge({ alg: 'HS256', b64: false }, claims), key, NOW)).toBeNull();
    expect(verifyHs256(forge([{ alg: 'HS256' }], claims), key, NOW)).toBeNull();
  });

  it('holds the claims to the rules jose applied: sub and exp required, dates numeric, nbf reached', () => {
    const h = { alg: 'HS256' };
    expect(verifyHs256(forge(h, { exp: NOW + 60 }), key, NOW)).toBeNull();
    expect(verifyHs256(forge(h, { sub: '42' }), key, NOW)).toBeNull();
    expect(verifyHs256(forge(h, { sub: '42', exp: String(NOW + 60) }), key, NOW)).toBeNull();
    expect(verifyHs256(forge(h, { sub: '42', exp: NOW + 60, iat: 'yesterday' }), key, NOW)).toBeNull();
    expect(verifyHs256(forge(h, { sub: '42', exp: NOW + 60, nbf: NOW + 1 }), key, NOW)).toBeNull();
    expect(verifyHs256(forge(h, { sub: '42', exp: NOW + 60, nbf: NOW }), key, NOW)).not.toBeNull();
    expect(verifyHs256(forge(h, [1, 2]), key, NOW)).toBeNull();
    expect(verifyHs256(forge(h, 'text'), key, NOW)).toBeNull();
  });
});

describe('createAccessTokens', () => {
  it('verifies what it issues, and only a positive integer subject', async () => {
    const tokens = createAccessTokens(SECRET, 60);
    const { access, expires_in } = await tokens.issue(7);
    expect(expires_in).toBe(60);
    expect(await tokens.verify(access)).toBe(7);
    const exp = Math.floor(Date.now() / 1000) + 60;
    for (const sub of ['0', '-3', '1.5', 'abc', '9007199254740993']) {
      expect(await tokens.verify(await sign({ sub, exp })), sub).toBeNull();
    }
    expect(await createAccessTokens(`${SECRET}-rotated`, 60).verify(access)).toBeNull();
  });
});
