import { describe, expect, it } from 'vitest';
import { base64urlBytes, isLoopbackHttp, PushSubscriptionRequestSchema } from './schemas';

const bytes = (n: number, first = 4) =>
  Buffer.from([first, ...new Array<number>(n - 1).fill(7)]).toString('base64url');

describe('push subscription checks', () => {
  it('counts the bytes of base64url, padded or not, and refuses anything else', () => {
    expect(base64urlBytes(bytes(65))).toBe(65);
    expect(base64urlBytes(bytes(16))).toBe(16);
    expect(base64urlBytes(`${Buffer.alloc(16).toString('base64')}`)).toBe(16);
    expect(base64urlBytes('ab+/')).toBe(-1);
    expect(base64urlBytes('abcde')).toBe(-1);
    expect(base64urlBytes('ab===')).toBe(-1);
  });

  it('takes http:// only on the loopback', () => {
    expect(isLoopbackHttp('http://127.0.0.1:8080/x')).toBe(true);
    expect(isLoopbackHttp('http://localhost/x')).toBe(true);
    expect(isLoopbackHttp('http://[::1]/x')).toBe(true);
    expect(isLoopbackHttp('http://push.example.com/x')).toBe(false);
    expect(isLoopbackHttp('https://127.0.0.1/x')).toBe(false);
  });

  it('accepts what a browser gives and refuses a compressed point or a short secret', () => {
    const ok = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: bytes(65), auth: bytes(16) },
    };
    expect(PushSubscriptionRequestSchema.safeParse(ok).success).toBe(true);
    const compressed = { ...ok, keys: { ...ok.keys, p256dh: bytes(65, 2) } };
    expect(PushSubscriptionRequestSchema.safeParse(compressed).success).toBe(false);
    const short = { ...ok, keys: { ...ok.keys, auth: bytes(12) } };
    expect(PushSubscriptionRequestSchema.safeParse(short).success).toBe(false);
  });
});
