import type { PushSubscriptionRequest } from '@cabinet/contract';

/**
 * The browser's side of web push (ADR 045): whether this browser can get notifications, whether it
 * is subscribed, and subscribing or not. The server's calls are passed in (push-api.ts), so that
 * the logic is tested with the browser's objects faked and nothing else.
 */
export type BrowserPushState = 'unsupported' | 'denied' | 'off' | 'on';

export interface PushServer {
  getKey(): Promise<string>;
  save(subscription: PushSubscriptionRequest): Promise<void>;
  forget(endpoint: string): Promise<void>;
}

/** The window with its globals (`Notification`, `PushManager`), which the tests replace. */
type BrowserWindow = Window & typeof globalThis;

/** The service worker's script (scripts/build-service-worker.mjs); shared/pwa registers it too. */
const SERVICE_WORKER_URL = '/sw.js';

export class PushPermissionDenied extends Error {
  override name = 'PushPermissionDenied';
}

function supported(win: BrowserWindow): boolean {
  return 'serviceWorker' in win.navigator && 'PushManager' in win && 'Notification' in win;
}

/** The worker's registration; registered here when the app has not yet done so (it does at idle). */
async function registration(win: BrowserWindow): Promise<ServiceWorkerRegistration> {
  const existing = await win.navigator.serviceWorker.getRegistration();
  if (!existing) await win.navigator.serviceWorker.register(SERVICE_WORKER_URL);
  return win.navigator.serviceWorker.ready;
}

/** A VAPID key in base64url, as `applicationServerKey` takes it. */
export function base64urlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** What the browser reports now, without asking the customer anything. */
export async function readPushState(win: BrowserWindow = window): Promise<BrowserPushState> {
  if (!supported(win)) return 'unsupported';
  if (win.Notification.permission === 'denied') return 'denied';
  const existing = await win.navigator.serviceWorker.getRegistration();
  const subscription = existing ? await existing.pushManager.getSubscription() : null;
  return subscription && win.Notification.permission === 'granted' ? 'on' : 'off';
}

/**
 * Asks for the permission (only here, on the customer's click), subscribes this browser with the
 * server's key and gives the server the subscription. A refusal throws PushPermissionDenied.
 */
export async function enablePush(server: PushServer, win: BrowserWindow = window): Promise<void> {
  const permission = await win.Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionDenied(permission);
  const [key, worker] = await Promise.all([server.getKey(), registration(win)]);
  const applicationServerKey = base64urlToBytes(key);
  let subscription = await worker.pushManager.getSubscription();
  // One made with another key (the server's keys changed) would be refused by the push service.
  if (subscription && !sameBytes(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  const json = subscription.toJSON();
  try {
    await server.save({
      endpoint: subscription.endpoint,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    });
  } catch (error) {
    // Not saved: a subscription the server does not know would only look switched on.
    await subscription.unsubscribe();
    throw error;
  }
}

/** Unsubscribes this browser and tells the server to forget it. */
export async function disablePush(server: PushServer, win: BrowserWindow = window): Promise<void> {
  const existing = await win.navigator.serviceWorker.getRegistration();
  const subscription = existing ? await existing.pushManager.getSubscription() : null;
  if (!subscription) return;
  await server.forget(subscription.endpoint);
  await subscription.unsubscribe();
}
