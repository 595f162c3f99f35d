import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { call, customerToken, upload } from './support/api';
import { createCustomer, login } from './support/auth';
import { newPage } from './support/browser';
import { useBrowser } from './support/fixtures';

interface AvatarAnswer {
  avatars: Record<string, string>;
}

/** A real photo-like PNG: not square, so the server's crop shows in the sizes read back. */
function samplePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

describe('avatar', () => {
  const browser = useBrowser();

  it('shows the uploaded 64 px photo in the header instead of the initials, and the initials after delete', async () => {
    const base = inject('baseUrl');
    const creds = await createCustomer(base, 'avatar');
    const token = await customerToken(base, creds);
    const { page, context, errors } = await newPage(browser(), base);
    await login(page, creds);
    await page.waitForURL('**/home/active');
    const menu = page.getByRole('button', { name: 'Меню профиля' });
    await expect.poll(() => menu.locator('img').count()).toBe(0);

    const answer = await upload<AvatarAnswer>(base, token, '/api/client/profile/avatar/', [
      { name: 'photo.png', mimeType: 'image/png', buffer: await samplePhoto() },
    ]);
    expect(answer.avatars['64']).toMatch(/\.webp$/);

    await page.reload();
    const photo = menu.locator('img');
    await expect.poll(() => photo.getAttribute('src')).toBe(answer.avatars['64']);
    // The browser loaded and decoded it: a WebP square of 64 px.
    await expect
      .poll(() =>
        photo.evaluate((img: HTMLImageElement) =>
          img.complete ? [img.naturalWidth, img.naturalHeight] : null,
        ),
      )
      .toEqual([64, 64]);

    await call(base, token, 'DELETE', '/api/client/profile/avatar/');
    await page.reload();
    await expect.poll(() => menu.locator('img').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
