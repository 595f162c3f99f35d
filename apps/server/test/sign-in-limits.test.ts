import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerCustomer, type TestApp } from './helpers';

const LOGIN = '/api/client/auth/login/';

describe('parallel guesses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('verifies at most LOGIN_MAX_FAILS_PER_EMAIL of 30 parallel wrong passwords', async () => {
    const c = await registerCustomer(t.app);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: LOGIN,
          payload: { email: c.email, password: `wrong-pass-${i}` },
          remoteAddress: `10.9.${i}.1`,
        }),
      ),
    );
    const verified = answers.filter((r) => r.statusCode === 400).length;
    const refused = answers.filter((r) => r.statusCode === 429).length;
    console.info(`30 parallel wrong passwords: ${verified} verified (400), ${refused} refused (429)`);
    expect(verified).toBe(5);
    expect(refused).toBe(25);
  });
});
