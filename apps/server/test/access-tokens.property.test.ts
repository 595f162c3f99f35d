import fc from 'fast-check';
import { jwtVerify } from 'jose';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from '../src/plugins/auth';

// The API checks access tokens with fast-jwt's cached verifier; jose's jwtVerify, with the options
// the API used before, is the reference. For any token an attacker or a mistake could produce,
// checked again and again as the clock moves on (so that answers kept by the cache are tested
// too), both must accept — with the same customer — or both refuse.
const SECRET = 'a-test-secret-of-reasonable-length-0123456789';
const OTHER_SECRET = `${SECRET}-other`;
const joseKey = new TextEncoder().encode(SECRET);
const NOW = 1_800_000_000;

async function joseDecision(token: string): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, joseKey, {
      algorithms: ['HS256'],
      requiredClaims: ['sub', 'exp'],
    });
    // A token with an audience is a staff token (or no one's): never a customer's.
    if (payload.aud !== undefined) return null;
    const userId = Number(payload.sub);
    return Number.isSafeInteger(userId) && userId > 0 ? userId : null;
  } catch {
    return null;
  }
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const hmac = (alg: 'sha256' | 'sha384' | 'sha512', secret: string, input: string) =>
  createHmac(alg, secret).update(input).digest('base64url');

/** Leaves out the members the generator chose to omit. */
const present = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** The same JSON object spelled in the ways a re-encoding may spell it. */
type Spelling = 'plain' | 'spaced' | 'reversed' | 'escaped' | 'decimal' | 'duplicate';
function spell(o: Record<string, unknown>, how: Spelling): string {
  switch (how) {
    case 'plain':
      return JSON.stringify(o);
    case 'spaced':
      return JSON.stringify(o, null, 2);
    case 'reversed':
      return JSON.stringify(Object.fromEntries(Object.entries(o).reverse()));
    case 'escaped':
      // Every letter of every name as a \u escape: the same object, other bytes.
      return JSON.stringify(o).replace(/"([a-z0-9]+)":/gi, (_, name: string) => {
        const escaped = [...name].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
        return `"${escaped.join('')}":`;
      });
    case 'decimal':
      return JSON.stringify(o).replace(/:(\d{10})([,}])/g, ':$1.0$2');
    case 'duplicate':
      // A first "sub" that JSON.parse overrides with the one that follows.
      return JSON.stringify(o).replace(/^\{/, '{"sub":"1",');
  }
}

const times = (spread: number) => fc.integer({ min: NOW - spread, max: NOW + spread });
const weighted = <T>(...choices: Array<[T, number]>) =>
  fc.oneof(...choices.map(([value, weight]) => ({ arbitrary: fc.constant(value), weight })));

const headerArb = fc
  .record({
    alg: weighted<unknown>(
      ['HS256', 40],
      ['none', 2],
      ['HS384', 1],
      ['HS512', 1],
      ['RS256', 1],
      ['ES256', 1],
      ['hs256', 1],
      [undefined, 1],
      [256, 1],
    ),
    typ: weighted<unknown>(['JWT', 6], [undefined, 2], ['jwt', 1], ['at+jwt', 1]),
    kid: fc.option(fc.string({ maxLength: 6 }), { nil: undefined, freq: 4 }),
    crit: weighted<unknown>([undefined, 40], [['exp'], 1], [['x'], 1], [[], 1], ['x', 1]),
    b64: weighted<unknown>([undefined, 10], [false, 1], [true, 1]),
  })
  .map(present);

const claimsArb = fc
  .record({
    sub: weighted<unknown>(
      ['42', 25],
      ['7', 15],
      [undefined, 1],
      ['0', 1],
      ['-3', 1],
      ['1.5', 1],
      ['abc', 1],
      ['9007199254740993', 1],
      [42, 1],
      [null, 1],
    ),
    exp: fc.oneof(
      { arbitrary: times(5), weight: 30 },
      { arbitrary: fc.constantFrom<unknown>(undefined, null, String(NOW + 60), [NOW + 60]), weight: 2 },
    ),
    nbf: fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 15 },
      { arbitrary: times(5), weight: 3 },
      // RFC 7519 allows fractions of a second (no token the API issues has them).
      { arbitrary: times(5).map((t) => t + 0.5), weight: 1 },
      { arbitrary: fc.constantFrom<unknown>(null, String(NOW)), weight: 1 },
    ),
    iat: fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 3 },
      { arbitrary: times(5), weight: 6 },
      { arbitrary: fc.constantFrom<unknown>('yesterday', null), weight: 1 },
    ),
    // Customer tokens carry no audience; one that has any (a staff token's) is refused.
    aud: weighted<unknown>([undefined, 5], ['staff', 1], ['cabinet', 1]),
  })
  .map(present);

type Signing = 'ours' | 'other-key' | 'hs384' | 'hs512' | 'none' | 'flipped' | 'stolen' | 'truncated';
const tokenArb = fc
  .record({
    header: headerArb,
    claims: claimsArb,
    headerSpelling: weighted<Spelling>(['plain', 6], ['spaced', 1], ['reversed', 1], ['escaped', 1]),
    claimsSpelling: weighted<Spelling>(
      ['plain', 6],
      ['spaced', 1],
      ['reversed', 1],
      ['escaped', 1],
      ['decimal', 1],
      ['duplicate', 1],
    ),
    signing: weighted<Signing>(
      ['ours', 40],
      ['other-key', 2],
      ['hs384', 1],
      ['hs512', 1],
      ['none', 1],
      ['flipped', 1],
      ['stolen', 1],
      ['truncated', 1],
    ),
    shape: weighted<'three' | 'two' | 'four'>(['three', 40], ['two', 1], ['four', 1]),
  })
  .map(({ header, claims, headerSpelling, claimsSpelling, signing, shape }) => {
    const input = `${b64(spell(header, headerSpelling))}.${b64(spell(claims, claimsSpelling))}`;
    const genuine = hmac('sha256', SECRET, input);
    const signature = {
      ours: genuine,
      'other-key': hmac('sha256', OTHER_SECRET, input),
      hs384: hmac('sha384', SECRET, input),
      hs512: hmac('sha512', SECRET, input),
      none: '',
      // The first character carries six bits of the MAC: changing it always changes the MAC.
      flipped: `${genuine[0] === 'A' ? 'B' : 'A'}${genuine.slice(1)}`,
      // The signature of the customer's token with other claims (a re-encoded payload).
      stolen: hmac('sha256', SECRET, `${b64(spell(header, headerSpelling))}.${b64('{"sub":"7"}')}`),
      truncated: genuine.slice(0, -2),
    }[signing];
    if (shape === 'two') return input;
    if (shape === 'four') return `${input}.${signature}.${signature}`;
    return `${input}.${signature}`;
  });

/** Milliseconds from NOW: any, or on and just before the whole seconds where claims fall due. */
const momentArb = fc.oneof(
  fc.integer({ min: -6_000, max: 6_000 }),
  fc.integer({ min: -6, max: 6 }).chain((s) => fc.constantFrom(s * 1000, s * 1000 - 1)),
);

describe('access tokens checked by fast-jwt, against jose', () => {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it('accept and refuse alike, for any tokens checked at any moments, cached or not', async () => {
    let accepted = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(tokenArb, { minLength: 1, maxLength: 4 }),
        // Moments to the millisecond, around the tokens' exp and nbf. In time order: fast-jwt keeps
        // a refusal for the past too, so a clock set back would find a token refused that jose
        // (remembering nothing) accepts — stricter, never laxer.
        fc.array(fc.tuple(fc.nat(3), momentArb), {
          minLength: 1,
          maxLength: 12,
        }),
        async (tokens, uses) => {
          const checked = createAccessTokens(SECRET, 3600);
          for (const [which, offsetMs] of uses.sort((a, b) => a[1] - b[1])) {
            const token = tokens[which % tokens.length]!;
            vi.setSystemTime(NOW * 1000 + offsetMs);
            const expected = await joseDecision(token);
            expect(checked.verify(token), `${token} at ${offsetMs} ms`).toBe(expected);
            if (expected === null) refused += 1;
            else accepted += 1;
          }
        },
      ),
      { numRuns: 1000 },
    );
    // Both outcomes must be common, or the comparison would prove little. About one check in ten
    // accepts (most generated tokens are forged); 0.1 itself failed a run at 0.0996, so the floor
    // is half of that: still some hundreds of accepted checks of several thousand.
    const share = accepted / (accepted + refused);
    expect(share).toBeGreaterThan(0.05);
    expect(share).toBeLessThan(0.9);
  });
});
