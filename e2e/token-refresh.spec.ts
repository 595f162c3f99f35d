import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, login } from './support/auth';
import { newPage } from './support/browser';
import { useBrowser } from './support/fixtures';
import { latestMail, linkIn } from './support/outbox';
import { startServer, type RunningServer } from './support/server';

/** A server whose access tokens live 5 seconds: the client refreshes at 80 %, every 4 s. */
describe('token refresh', () => {
  const browser = useBrowser();
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ ACCESS_TOKEN_TTL: '5' });
  });
  afterAll(() => server.stop());

  it('keeps the cabinet working across two refreshes, then lands on login when the session is revoked', async () => {
    const creds = await createCustomer(server.url, 'refresh');
    const { page, context, errors } = await newPage(browser(), server.url);
    const refreshes: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/api/client/auth/token/refresh/')) refreshes.push(r.status());
    });
    await login(page, creds);
    await page.waitForURL('**/home/active');
    expect(await page.evaluate(() => localStorage.getItem('tokenExpiresIn'))).toBe('5');

    await expect.poll(() => refreshes.length, { timeout: 15_000, interval: 250 }).toBeGreaterThanOrEqual(2);
    expect(refreshes.every((s) => s === 200)).toBe(true);

    // The cabinet still works with the refreshed token: a protected call succeeds.
    await page.goto('/profile');
    const status = await page.evaluate(async () => {
      const r = await fetch('/api/client/profile/', {
        headers: { authorization: `Bearer ${localStorage.getItem('key')}` },
      });
      return r.status;
    });
    expect(status).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/profile');

    // Revoke every session: a password change through the e-mailed link does that.
    const before = new Date().toISOString();
    await fetch(`${server.url}/api/client/auth/password_change/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: creds.email }),
    });
    const mail = await latestMail(server.url, creds.email, { after: before });
    const id = linkIn(mail.text, `${server.url}/change-password/`).split('/').filter(Boolean).pop();
    const changed = await fetch(`${server.url}/api/client/auth/password_change/${id}/`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'Sovsem-Novyi-55' }),
    });
    expect(changed.status).toBe(200);

    await page.goto('/profile?tab=main');
    await page.waitForURL('**/login?**', { timeout: 15_000 });
    const url = new URL(page.url());
    expect(url.searchParams.get('redirect')).toBe('/profile?tab=main');
    expect(await page.evaluate(() => localStorage.getItem('key'))).toBeFalsy();
    expect(errors).toEqual([]);
    await context.close();
  });
});
