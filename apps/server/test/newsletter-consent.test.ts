import { ProfileSchema, RegistrationRequestSchema } from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, registerCustomer, type TestApp } from './helpers';

/**
 * Advertising mail needs the customer's prior consent (the law on advertising): registration
 * subscribes to the newsletter (unisender_status 1) only when the consent box was ticked.
 */
describe('consent to the newsletter at registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_MAX_PER_IP: '1000', REGISTRATIONS_PER_IP_HOUR: '1000' });
  });
  afterAll(() => t.close());

  async function newsletterOf(access: string): Promise<number> {
    const res = await t.app.inject({ method: 'GET', url: '/api/client/profile/', headers: bearer(access) });
    return ProfileSchema.parse(res.json()).unisender_status.id;
  }

  it('is «not subscribed» (0) without the field, and with it false', async () => {
    expect(await newsletterOf((await registerCustomer(t.app)).access)).toBe(0);
    expect(await newsletterOf((await registerCustomer(t.app, { newsletter: false })).access)).toBe(0);
  });

  it('is «subscribed» (1) when the box was ticked', async () => {
    expect(await newsletterOf((await registerCustomer(t.app, { newsletter: true })).access)).toBe(1);
  });

  it('is optional in the contract, false by default, and a boolean only', () => {
    const base = { email: 'a@example.com', agree: true };
    expect(RegistrationRequestSchema.parse(base).newsletter).toBe(false);
    expect(RegistrationRequestSchema.safeParse({ ...base, newsletter: 'yes' }).success).toBe(false);
  });
});
