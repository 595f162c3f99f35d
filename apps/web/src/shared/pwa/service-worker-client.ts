import { Workbox } from 'workbox-window';
import { SERVICE_WORKER_URL } from './worker-url';
import { showUpdatePrompt } from './update-prompt';

/** What of workbox-window's `Workbox` the client uses (a fake stands in for it in the unit tests). */
export interface WorkerControl {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void;
  messageSkipWaiting(): void;
  register(): Promise<unknown>;
  update(): Promise<unknown>;
}

/** How often an open tab asks whether a new version is out (the browser asks on each visit too). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * On a page a worker controls: registers it again (the same registration) and, when a new version
 * has installed and waits, offers to update. «Обновить» lets it take over (it waits for that
 * message: sw.ts) and reloads the page once it controls it, so that the page and the worker's
 * precache are of one version.
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
  void worker.register().then(
    // A tab left open for days: asked now and then, not only when it is opened again.
    () => setInterval(() => void worker.update().catch(() => undefined), UPDATE_CHECK_MS),
    () => undefined,
  );
}
