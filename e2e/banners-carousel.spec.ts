import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_CUSTOMER } from './support/api';
import { createCustomer, login } from './support/auth';
import { appTookOver, newPage } from './support/browser';
import { backgroundOf, contrast, styleOf } from './support/contrast';
import { useBrowser } from './support/fixtures';

// The banners above «Мои заказы»: text clear of the arrows, dots that can be seen, Russian words
// for a screen reader, and the diploma offer only for a customer with a completed order.

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
}

async function openCarousel(page: Page, scheme: 'light' | 'dark') {
  await page.addInitScript((s) => localStorage.setItem('app_theme', s), scheme);
  await login(page, DEMO_CUSTOMER);
  await page.waitForURL(/\/home\/active/);
  await appTookOver(page);
  const carousel = page.getByRole('region', { name: 'Акции и новости' });
  await carousel.waitFor();
  return carousel;
}

describe('banners carousel', () => {
  const browser = useBrowser();

  for (const scheme of ['light', 'dark'] as const) {
    it(`keeps every banner's text clear of the arrows and shows dots of 3:1 at 1280 and 390 px (${scheme})`, async () => {
      const { page, context, errors } = await newPage(browser(), inject('baseUrl'));
      // No autoplay: each banner is brought on screen by the arrow, as a person would.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const carousel = await openCarousel(page, scheme);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 844 });
        const previous = carousel.getByRole('button', { name: 'Предыдущий баннер' });
        const next = carousel.getByRole('button', { name: 'Следующий баннер' });
        const total = await carousel.getByRole('group').count();
        expect(total).toBe(3);
        for (let n = 1; n <= total; n++) {
          const slide = carousel.getByRole('group', { name: `Баннер ${n} из ${total}` });
          await expect.poll(async () => (await box(slide)).x - (await box(carousel)).x).toBeCloseTo(0, 0);
          const where = `${width} px, banner ${n}`;
          for (const text of [slide.getByRole('heading'), slide.locator('p'), slide.getByRole('link')]) {
            const t = await box(text);
            expect(overlap(t, await box(previous)), `${where}: text under «previous»`).toBe(false);
            expect(overlap(t, await box(next)), `${where}: text under «next»`).toBe(false);
            for (const dot of await carousel.getByRole('tab').all()) {
              expect(overlap(t, await box(dot)), `${where}: text under a dot`).toBe(false);
            }
          }
          // The dots sit on the banner's card: each, the current one and the others, 3:1 against it.
          const surface = await backgroundOf(slide.locator('.mantine-Paper-root'));
          for (const dot of await carousel.getByRole('tab').all()) {
            expect(await styleOf(dot, 'opacity')).toBe('1');
            expect(contrast(await styleOf(dot, 'background-color'), surface), where).toBeGreaterThanOrEqual(
              3,
            );
          }
          await next.click();
        }
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('speaks Russian to a screen reader: the carousel, its slides, the dots and the announcement', async () => {
    const { page, context } = await newPage(browser(), inject('baseUrl'));
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const carousel = await openCarousel(page, 'light');
    expect(await carousel.getAttribute('aria-roledescription')).toBe('карусель');
    expect(await carousel.getByRole('group').first().getAttribute('aria-roledescription')).toBe('слайд');
    expect(await page.getByRole('tablist', { name: 'Выбор баннера' }).count()).toBe(1);
    expect(await page.getByRole('tablist', { name: 'Slides' }).count()).toBe(0);
    await carousel.getByRole('button', { name: 'Следующий баннер' }).click();
    const announced = page.getByRole('status').filter({ hasText: /Баннер|Slide/ });
    await expect.poll(() => announced.allTextContents()).toEqual(['Баннер 2 из 3']);
    // Nothing English reaches the accessibility tree.
    const tree = await page.locator('main').ariaSnapshot();
    expect(tree).not.toMatch(/Slide|slide|carousel/);
    await context.close();
  });

  it('offers the diploma at half price only to a customer with a completed order', async () => {
    const { page, context } = await newPage(browser(), inject('baseUrl'));
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // The demo customer has one.
    let carousel = await openCarousel(page, 'light');
    await carousel.getByRole('heading', { name: 'Диплом за полцены' }).waitFor();
    await context.close();

    const fresh = await newPage(browser(), inject('baseUrl'));
    await login(fresh.page, await createCustomer(inject('baseUrl'), 'banners'));
    await fresh.page.waitForURL(/\/home\/active/);
    carousel = fresh.page.getByRole('region', { name: 'Акции и новости' });
    await carousel.getByRole('heading', { name: 'Приведите друга' }).waitFor();
    expect(await carousel.getByRole('group').count()).toBe(2);
    expect(await fresh.page.getByText('Уже заказывали у нас?').count()).toBe(0);
    await fresh.context.close();
  });
});
