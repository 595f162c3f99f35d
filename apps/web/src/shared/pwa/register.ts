import { whenIdle } from '../when-idle';
import { SERVICE_WORKER_URL } from './worker-url';

/**
 * Registers the service worker (ADR 045) once the first screen is interactive: after the `load`
 * event, at idle, so that it precaches the shell and the assets without competing with the screen
 * for the line. A first visit has no older version to replace, so registering is all it does (a
 * few bytes of the entry: /login's budget has no room for more). A page a worker controls may have
 * a newer version waiting: there workbox-window and the update prompt, a chunk of their own, watch
 * for one.
 */
export function registerServiceWorker(win: Window = window, built = import.meta.env.PROD): void {
  // The dev server has no worker to serve: the build writes it.
  if (!built || !('serviceWorker' in win.navigator)) return;
  const workers = win.navigator.serviceWorker;
  const start = () =>
    whenIdle(
      () => {
        if (workers.controller)
          void import('./service-worker-client').then(
            (client) => client.startServiceWorker(),
            // No chunk (offline, a deploy in between): the next visit watches again.
            () => undefined,
          );
        else void workers.register(SERVICE_WORKER_URL).catch(() => undefined);
      },
      { fallbackMs: 1_000, timeoutMs: 10_000 },
      win,
    );
  if (win.document.readyState === 'complete') start();
  else win.addEventListener('load', start, { once: true });
}
