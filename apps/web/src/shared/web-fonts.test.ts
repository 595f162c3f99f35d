import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchWebFonts, FONTS_KEY } from './web-fonts';

/** A router's subscribe: the listeners, and a way to navigate. */
function navigations() {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate: () => [...listeners].forEach((listener) => listener()),
    count: () => listeners.size,
  };
}

function fontsLoading(faces: unknown[] | Error) {
  const load = vi.fn(() => (faces instanceof Error ? Promise.reject(faces) : Promise.resolve(faces)));
  Object.defineProperty(document, 'fonts', { configurable: true, value: { load } });
  return load;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 250));

afterEach(() => {
  document.documentElement.removeAttribute('data-fonts');
  localStorage.clear();
  Reflect.deleteProperty(document, 'fonts');
});

describe('fetchWebFonts', () => {
  it('fetches both subsets once the app runs, remembers it and applies the font at the next screen', async () => {
    const load = fontsLoading([{}, {}]);
    const router = navigations();
    fetchWebFonts(router);
    await settle();
    expect(load).toHaveBeenCalledWith(
      expect.stringContaining('Inter Variable'),
      expect.stringMatching(/[а-я].*[a-z]|[a-z].*[а-я]/i),
    );
    expect(localStorage.getItem(FONTS_KEY)).toBe('1');
    // Not on the screen already shown: the font would change under the reader's eyes.
    expect(document.documentElement.hasAttribute('data-fonts')).toBe(false);
    router.navigate();
    expect(document.documentElement.hasAttribute('data-fonts')).toBe(true);
    expect(router.count()).toBe(0);
  });

  it('does nothing when the page already has the font (a later visit)', async () => {
    const load = fontsLoading([{}]);
    document.documentElement.setAttribute('data-fonts', '');
    fetchWebFonts(navigations());
    await settle();
    expect(load).not.toHaveBeenCalled();
  });

  it('remembers nothing when the font did not load', async () => {
    fontsLoading(new Error('offline'));
    const router = navigations();
    fetchWebFonts(router);
    await settle();
    fontsLoading([]);
    fetchWebFonts(router);
    await settle();
    expect(localStorage.getItem(FONTS_KEY)).toBeNull();
    router.navigate();
    expect(document.documentElement.hasAttribute('data-fonts')).toBe(false);
  });
});
