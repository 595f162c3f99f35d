import { whenIdle } from './when-idle';
/**
 * The web font (Inter, shared/fonts.css) is applied only once this browser has it (ADR 031): a first
 * visit paints and takes over in the system's font without downloading 67 KB of fonts beside the
 * scripts the screen waits for, and fetches them once the app runs; theme-init.js applies them from
 * the first paint of every later visit (the `data-fonts` attribute, theme.css). On the first visit
 * itself they are applied at the next change of screen, where a change of font is not seen as the
 * page jumping.
 */
export const FONTS_KEY = 'app_fonts';

interface Navigations {
  subscribe(listener: () => void): () => void;
}

export function fetchWebFonts(navigations: Navigations) {
  const html = document.documentElement;
  if (html.hasAttribute('data-fonts') || typeof document.fonts?.load !== 'function') return;
  whenIdle(
    () => {
      // Both subsets: the text covers the Cyrillic and the Latin unicode ranges.
      document.fonts.load("1em 'Inter Variable'", 'Шрифт Font').then(
        (faces) => {
          if (faces.length === 0) return;
          try {
            localStorage.setItem(FONTS_KEY, '1');
          } catch {
            // Storage blocked: the next visit fetches them again.
          }
          const stop = navigations.subscribe(() => {
            html.setAttribute('data-fonts', '');
            stop();
          });
        },
        () => undefined,
      );
    },
    { fallbackMs: 200 },
  );
}
