/// <reference lib="webworker" />
/**
 * Tijori's service worker (vite-plugin-pwa, injectManifest). It stores, in Cache Storage:
 * - the precache: the built shell (HTML, JS, CSS, icons, catalogs) listed in __WB_MANIFEST,
 *   replaced as a whole when a new version activates;
 * - "tijori-images": images the app showed (news pictures, logos), cache-first, bounded.
 * It never caches /api/: data lives in IndexedDB (src/data), where the app can date it and
 * tell the user how old it is; a cached API reply would be stale with no way to say so.
 * The quote stream (/api/vue/stock/stream, server-sent events) is a long-lived response: passed
 * through a service worker it would be buffered or cut when the worker is stopped.
 */
import { clientsClaim } from 'workbox-core'
import { precacheAndRoute, cleanupOutdatedCaches, createHandlerBoundToURL } from 'workbox-precaching'
import { registerRoute, NavigationRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
import { ExpirationPlugin } from 'workbox-expiration'

declare const self: ServiceWorkerGlobalScope

// Registered before every Workbox route: a request under /api/ (the JSON API and the quote
// stream) never reaches a route, a cache or respondWith, so the browser fetches it itself.
self.addEventListener('fetch', (event) => {
  if (new URL(event.request.url).pathname.startsWith('/api/')) event.stopImmediatePropagation()
})

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// The app uses hash routes, so every navigation is to the shell; fall back to the precached
// index.html so a start with no network still opens the app. /api/ is left to the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }),
)

registerRoute(
  ({ request, url }) => request.destination === 'image' && !url.pathname.startsWith('/api/'),
  new CacheFirst({
    cacheName: 'tijori-images',
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
)

// registerType 'prompt': a new version waits until the user accepts the "reload" prompt, which
// posts SKIP_WAITING (workbox-window's messageSkipWaiting).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})

clientsClaim()
