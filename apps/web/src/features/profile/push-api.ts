import { api, VapidPublicKeySchema, type PushSubscriptionRequest } from '@cabinet/contract';
import { apiFetch } from '../../shared/api/client';

/** The application server key the browser subscribes with (base64url). */
export async function getVapidPublicKey(): Promise<string> {
  return VapidPublicKeySchema.parse(await apiFetch(api.push.vapidPublicKey)).key;
}

/** Tells the server where to send this browser's pushes. */
export async function createPushSubscription(body: PushSubscriptionRequest): Promise<void> {
  await apiFetch(api.push.subscriptions, { method: 'POST', body });
}

/** Forgets this browser's subscription on the server. */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  await apiFetch(api.push.subscriptions, { method: 'DELETE', body: { endpoint } });
}
