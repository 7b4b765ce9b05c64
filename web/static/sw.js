// The page offline once loaded: a service worker that keeps a copy of every file of the
// site (the list build.sh writes into files.json, the rules pages included) and answers
// from the network first, from that copy when the network fails.
// A new build changes this file (build.sh appends its contents' hash), which installs it
// again: the copy is then made afresh.
const CACHE = 'mancala-site';

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const files = await (await fetch('files.json', { cache: 'no-store' })).json();
    await caches.delete(CACHE);
    const fresh = await caches.open(CACHE);
    await fresh.addAll(files);
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => { event.waitUntil(self.clients.claim()); });

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    try {
      const response = await fetch(request);
      if (response.ok) {
        const copy = response.clone();
        caches.open(CACHE).then((c) => c.put(request, copy));
      }
      return response;
    } catch (e) {
      const cached = await caches.match(request, { ignoreSearch: true });
      if (cached) return cached;
      throw e;
    }
  })());
});
