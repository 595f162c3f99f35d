import { describe, expect, it } from 'vitest';
import { cabinetPatterns, renderCabinetShell } from './prerender';

/** The markup as a document, to query it as the browser would before any script runs. */
function parse(markup: string) {
  const doc = document.implementation.createHTMLDocument('shell');
  doc.body.innerHTML = markup;
  return doc;
}

describe('the prerendered cabinet shell', () => {
  it('is made for every cabinet address of the route table and for nothing else', () => {
    const patterns = cabinetPatterns();
    for (const p of [
      '/home',
      '/home/:tab',
      '/order/:id/edit',
      '/order-new',
      '/payments/pay',
      '/profile',
      '/space/:id',
    ])
      expect(patterns).toContain(p);
    for (const p of [
      '/',
      '/login',
      '/registration',
      '/restore',
      '/logout',
      '/404',
      '/documents/privacy-policy',
    ])
      expect(patterns).not.toContain(p);
  });

  it('shows the header, the navigation with the section highlighted and a busy skeleton', async () => {
    const { markup, title } = await renderCabinetShell('/order/0/edit');
    expect(title).toBe('Редактирование заказа — Кабинет студента');
    const doc = parse(markup);
    expect(doc.querySelectorAll('header')).toHaveLength(1);
    const nav = doc.querySelector('nav#cabinet-nav[aria-label="Основное меню"]');
    expect(nav).not.toBeNull();
    const current = nav?.querySelector('a[aria-current="page"]');
    expect(current?.textContent).toBe('Мои заказы');
    expect(current?.getAttribute('href')).toBe('/home/active');
    // The phone's bottom bar is in the markup; CSS shows it below the sm breakpoint.
    expect(doc.querySelector('nav[aria-label="Быстрый переход"]')).not.toBeNull();
    const main = doc.querySelector('main');
    const skeleton = main?.querySelector('[data-screen-skeleton]');
    expect(skeleton?.getAttribute('aria-busy')).toBe('true');
    // Nothing in the screen's place that a screen reader would read as content.
    expect(main?.textContent).toBe('');
  });

  it('highlights the section of the address and hides the sidebar where the screen does', async () => {
    const current = async (path: string) =>
      parse((await renderCabinetShell(path)).markup).querySelector('#cabinet-nav a[aria-current="page"]')
        ?.textContent;
    expect(await current('/order-new')).toBe('Новый заказ');
    expect(await current('/payments/history')).toBe('Платежи');
    expect(await current('/email-edit')).toBe('Профиль');
    const space = parse((await renderCabinetShell('/space/0')).markup);
    expect(space.querySelector('#cabinet-nav')).toBeNull();
    expect(space.querySelector('header')).not.toBeNull();
  });
});
