import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { createCustomer, login } from './support/auth';
import { newPage } from './support/browser';
import { useBrowser } from './support/fixtures';

/** A landscape PNG: the left half red, the right half blue. */
function halves(): Promise<Buffer> {
  const half = (r: number, b: number, left: number) => ({
    input: { create: { width: 200, height: 240, channels: 3 as const, background: { r, g: 0, b } } },
    left,
    top: 0,
  });
  return sharp({ create: { width: 400, height: 240, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .composite([half(230, 10, 0), half(10, 230, 200)])
    .png()
    .toBuffer();
}

/**
 * An iPhone-style HEIC: an AVIF's boxes with HEVC's brands and coded item type (sharp has no HEVC
 * encoder to make a real one; Chromium, which has no HEVC image decoder either, sees the same).
 */
async function heicLike(): Promise<Buffer> {
  const file = Buffer.from(
    await sharp({ create: { width: 64, height: 48, channels: 3, background: 'teal' } })
      .avif()
      .toBuffer(),
  );
  for (const [from, to] of [
    ['avif', 'heic'],
    ['av01', 'hvc1'],
  ] as const) {
    for (let at = file.indexOf(from); at >= 0; at = file.indexOf(from)) file.write(to, at, 'latin1');
  }
  return file;
}

describe('avatar editor on /profile', () => {
  const browser = useBrowser();

  it('crops a photo in the browser with the keyboard, uploads it and shows it at once in the header; delete returns the initials', async () => {
    const base = inject('baseUrl');
    const creds = await createCustomer(base, 'avatar-editor');
    const { page, context, errors } = await newPage(browser(), base);
    await login(page, creds);
    await page.waitForURL('**/home/active');
    await page.goto('/profile');
    const header = page.getByRole('button', { name: 'Меню профиля' }).locator('img');

    // A text file named .jpg: the browser cannot draw it, and says so before any upload.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'photo.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('<html>not a photo</html>'),
    });
    await page.getByRole('alert').filter({ hasText: 'Не удалось открыть это фото' }).waitFor();

    // An iPhone's HEIC, which Chromium cannot draw: what to do about it, before any upload.
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: await heicLike() });
    await page
      .getByRole('alert')
      .filter({ hasText: 'Формат HEIC не поддерживается: сохраните фото как JPEG или PNG' })
      .waitFor();

    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await halves() });
    const dialog = page.getByRole('dialog', { name: 'Выберите квадрат для фото' });
    await dialog.waitFor();
    // Keyboard: zoom in with the slider, move the square to the left (red) half with the arrows.
    await dialog.getByRole('slider', { name: 'Масштаб' }).focus();
    for (let i = 0; i < 10; i += 1) await page.keyboard.press('ArrowRight');
    await dialog.getByLabel(/Область фото/).focus();
    for (let i = 0; i < 30; i += 1) await page.keyboard.press('ArrowRight');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();

    const photo = page.getByRole('img', { name: 'Ваше фото' });
    await photo.waitFor();
    // The header reads the same query: the new 64 px photo without a reload.
    await expect
      .poll(() => header.getAttribute('src'))
      .toMatch(/\/api\/client\/profile\/avatar\/[0-9a-f]{32}\.webp$/);
    const src = await photo.getAttribute('src');
    const res = await fetch(`${base}${src}`);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const png = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 128, 128]);
    // The canvas drew the chosen square: the red half, not the blue one.
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const [r = 0, , b = 0] = data.subarray((64 * 128 + 64) * 3);
    expect(r).toBeGreaterThan(150);
    expect(b).toBeLessThan(90);

    await page.getByRole('button', { name: 'Удалить фото' }).click();
    await expect.poll(() => header.count()).toBe(0);
    await expect.poll(() => photo.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
