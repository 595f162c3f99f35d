import { whenIdle } from '../when-idle';

/**
 * Registers the service worker (ADR 045) once the first screen is interactive: after the `load`
 * event, at idle. Its client (workbox-window and the update prompt) is a chunk of its own, so a
 * first visit's script before the screen is interactive is what it was; the worker then precaches
 * the shell and the assets without competing with the screen for the line.
 */
export function registerServiceWorker(win: Window = window, built = import.meta.env.PROD): void {
  // The dev server has no worker to serve: the build writes it (scripts/build-service-worker.mjs).
  if (!built || !('serviceWorker' in win.navigator)) return;
  const start = () =>
    whenIdle(
      () => {
        void import('./service-worker-client').then(
          (client) => client.startServiceWorker(),
          // No chunk (an offline first visit, a deploy in between): the next visit registers.
          () => undefined,
        );
      },
      { fallbackMs: 1_000, timeoutMs: 10_000 },
      win,
    );
  if (win.document.readyState === 'complete') start();
  else win.addEventListener('load', start, { once: true });
}
