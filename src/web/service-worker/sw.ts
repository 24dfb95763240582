// The service worker of the rep's app (issue 24 item 2, decision 0026), built into /sw.js by
// vite.config.ts's serviceWorker plugin, which defines PRECACHE (every file of the build) and VERSION.
//
// - The app shell: every built file is cached at install, so that any page of the app opens
//   without a connection; the rep's pages themselves are kept each time they load.
// - The rep's data: who is signed in, the assigned pharmacies and each one's form data, network
//   first and kept for when there is no connection. A pharmacy never opened is answered from the
//   last offline pack (GET /api/rep-offline-pharmacies), which the list fetches whenever online.
// - The page clears the data caches at sign-out (src/web/lib/offline-app.ts).
// Visits recorded offline wait in the page's outbox (src/web/forms/offline-outbox.ts), not here.
import { DATA_CACHE, OFFLINE_PACK_PATH, PAGES_CACHE, REP_PAGE, repShellKey, SHELL_CACHE_PREFIX } from './cache-names.ts';

declare const PRECACHE: readonly string[];
declare const VERSION: string;

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface WorkerScope {
  readonly location: Location;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const SHELL_CACHE = `${SHELL_CACHE_PREFIX}${VERSION}`;

/** The answers kept for offline use, by path. */
const DATA_PATHS = new Set(['/api/auth/me', '/api/v1/register/rep/pharmacies', '/api/rep-get-pharmacy', OFFLINE_PACK_PATH]);

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll([...PRECACHE]))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith(SHELL_CACHE_PREFIX) && name !== SHELL_CACHE).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(caches.match(request, { cacheName: SHELL_CACHE }).then((hit) => hit ?? fetch(request)));
    return;
  }
  const repPage = request.mode === 'navigate' ? REP_PAGE.exec(url.pathname) : null;
  if (repPage) {
    event.respondWith(repPageResponse(request, repShellKey(repPage[1]!)));
    return;
  }
  if (DATA_PATHS.has(url.pathname)) event.respondWith(dataResponse(request, url));
});

/** A rep page from the network, kept; without a connection the page as last loaded, or any rep page of the market (the app routes itself). */
async function repPageResponse(request: Request, shellKey: string): Promise<Response> {
  const cache = await caches.open(PAGES_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) {
      await cache.put(request, response.clone());
      await cache.put(shellKey, response.clone());
    }
    return response;
  } catch (error) {
    const kept = (await cache.match(request)) ?? (await cache.match(shellKey));
    if (kept) return kept;
    throw error;
  }
}

/** The key an answer is kept under: the list by its rep alone (not the position it was sorted by). */
function dataKey(url: URL): string {
  if (url.pathname === '/api/v1/register/rep/pharmacies' || url.pathname === OFFLINE_PACK_PATH)
    return `${url.pathname}?assignedreptoken=${url.searchParams.get('assignedreptoken') ?? ''}`;
  return url.pathname + url.search;
}

/** Whether an answer may be kept: a success, and for "who is signed in" only a sales rep (the one role that works offline). */
async function keepable(url: URL, response: Response): Promise<boolean> {
  if (!response.ok) return false;
  if (url.pathname !== '/api/auth/me') return true;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { data?: { role?: unknown } } | null;
  return body?.data?.role === 'sales_rep';
}

async function dataResponse(request: Request, url: URL): Promise<Response> {
  const cache = await caches.open(DATA_CACHE);
  const key = dataKey(url);
  try {
    const response = await fetch(request);
    if (await keepable(url, response)) await cache.put(key, response.clone());
    // Signed out on the server: nothing of this session's may be answered offline any more.
    else if (response.status === 401) await caches.delete(DATA_CACHE);
    return response;
  } catch (error) {
    const kept =
      (await cache.match(key)) ?? (url.pathname === '/api/rep-get-pharmacy' ? await fromOfflinePack(cache, url.searchParams.get('id') ?? '') : undefined);
    if (kept) return kept;
    throw error;
  }
}

/** A pharmacy's form data out of the last offline pack, as GET /api/rep-get-pharmacy answers it. */
async function fromOfflinePack(cache: Cache, id: string): Promise<Response | undefined> {
  for (const key of await cache.keys()) {
    if (new URL(key.url).pathname !== OFFLINE_PACK_PATH) continue;
    const pack = (await (await cache.match(key))?.json().catch(() => null)) as { data?: { id?: unknown }[] } | null;
    const found = pack?.data?.find((pharmacy) => pharmacy.id === id);
    if (found) return new Response(JSON.stringify({ status: 'ok', data: found }), { headers: { 'content-type': 'application/json' } });
  }
  return undefined;
}
