import '@testing-library/jest-dom/vitest';
import { resetSnackbars } from './shared/notify';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { fakeMediaQueryList } from './shared/ui/media-query-fake';

// jsdom lacks the layout and media APIs Mantine and the router touch.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => fakeMediaQueryList(query, false);
}
if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
// ScrollRestoration scrolls on every navigation; jsdom reports window.scrollTo as not implemented.
window.scrollTo = () => {};

// findBy…/waitFor wait for an outcome; Testing Library's 1 s default is shorter than a lazy route's
// first import on a loaded 2-core machine (a test then failed on time, not on behaviour).
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // The snackbars' store lives in the module, not in the tree: one test's «Обращение отправлено»
  // would otherwise still be an alert in the next one, or hold the next one's back.
  resetSnackbars();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

// A console.error in a test is a bug the test did not catch: fail loudly.
const originalError = console.error;
console.error = (...args: unknown[]) => {
  originalError(...args);
  throw new Error(`console.error in test: ${args.map(String).join(' ')}`);
};
