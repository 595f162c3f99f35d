/// <reference lib="webworker" />
// The service worker (ADR 045): the app's shell and static assets from a precache, so that a reload
// without a network paints the cabinet (whose banner then says «Нет соединения») instead of the
// browser's error page; and the browser's side of web push. Built after the prerender by
// scripts/build-service-worker.mjs, which fills in the precache list and the shells.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { shellFor, type AppShells } from './navigation';
import { clickTarget, parsePushNotice } from './push';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};
declare const __APP_SHELLS__: AppShells;

// A new version waits until the page asks it to take over (the «Обновить» button): the open tabs
// keep the scripts they started with. The first version takes the open tabs at once.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A navigation gets the page the server would send for its address, from the precache; the
// network answers only what the server answers itself (shellFor).
registerRoute(
  new NavigationRoute(async ({ request, url }) => {
    const shell = shellFor(__APP_SHELLS__, url.pathname);
    const cached = shell ? await matchPrecache(shell) : undefined;
    return cached ?? fetch(request);
  }),
);

// The chunks not precached (the staff section's, which a customer never loads): kept once loaded.
// Their names carry their hash, so a cached one is never stale.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
  new CacheFirst({
    cacheName: 'assets',
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * 60 * 24 * 60 })],
  }),
);

self.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json();
  } catch {
    data = { body: event.data?.text() };
  }
  const notice = parsePushNotice(data);
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      icon: '/icons/icon-192.png',
      lang: 'ru',
      data: { url: notice.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: unknown } | null)?.url;
  const target = clickTarget(typeof url === 'string' ? url : '', self.location.origin);
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // A tab already there: focused; one of the cabinet's elsewhere: brought there; none: a new one.
      const there = tabs.find((tab) => tab.url === target);
      if (there) return there.focus();
      const tab = tabs.find((candidate) => new URL(candidate.url).origin === self.location.origin);
      if (tab) {
        const focused = await tab.focus();
        return (await focused.navigate(target)) ?? focused;
      }
      return self.clients.openWindow(target);
    })(),
  );
});
