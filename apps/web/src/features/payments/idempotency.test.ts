import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/errors';
import { PaymentAttempt } from './idempotency';

function attempt() {
  let n = 0;
  return new PaymentAttempt(() => `key-${++n}`);
}

const body = { purpose: 'order', object_id: 7, payment_method: 'bank_card' };

describe('PaymentAttempt', () => {
  it('keeps the key for the same request after no answer or a server failure', () => {
    const a = attempt();
    expect(a.keyFor(body)).toBe('key-1');
    a.finish(ApiError.noResponse());
    expect(a.keyFor({ ...body })).toBe('key-1');
    a.finish(ApiError.fromResponse(502, undefined));
    expect(a.keyFor(body)).toBe('key-1');
  });

  it('takes a fresh key after an answer, a refusal, or a changed request', () => {
    const a = attempt();
    expect(a.keyFor(body)).toBe('key-1');
    a.finish();
    expect(a.keyFor(body)).toBe('key-2');
    a.finish(ApiError.fromResponse(409, { detail: 'На балансе недостаточно средств' }));
    expect(a.keyFor(body)).toBe('key-3');
    a.finish(ApiError.noResponse());
    expect(a.keyFor({ ...body, payment_method: 'sbp' })).toBe('key-4');
  });

  it('makes UUIDs by default', () => {
    expect(new PaymentAttempt().keyFor(body)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
