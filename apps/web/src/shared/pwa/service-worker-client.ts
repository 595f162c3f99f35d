import { Workbox } from 'workbox-window';
import { showUpdatePrompt } from './update-prompt';

/** What of workbox-window's `Workbox` the client uses (a fake stands in for it in the unit tests). */
export interface WorkerControl {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void;
  messageSkipWaiting(): void;
  register(): Promise<unknown>;
}

/** The script the build writes (scripts/build-service-worker.mjs), served from the root for the whole scope. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the worker and, when a new version of it has installed and waits, offers to update:
 * «Обновить» lets it take over (it waits for that message: sw.ts) and reloads the page once it
 * controls it, so that the page and the worker's precache are of one version.
 */
export function startServiceWorker(
  worker: WorkerControl = new Workbox(SERVICE_WORKER_URL),
  reload: () => void = () => window.location.reload(),
): void {
  worker.addEventListener('waiting', () => {
    showUpdatePrompt(() => {
      worker.addEventListener('controlling', reload);
      worker.messageSkipWaiting();
    });
  });
  void worker.register().catch(() => undefined);
}
