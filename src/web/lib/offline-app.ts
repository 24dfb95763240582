// The rep's app without a connection (issue 24 item 2, decision 0026), the page's side: registers
// the service worker (/sw.js, built from src/web/service-worker/sw.ts), keeps the rep's data fresh
// in its caches whenever online, and clears that data at sign-out.
import { useEffect } from 'react';
import * as StaffApi from '#shared/api/staff-endpoints.ts';
import * as SessionApi from '#shared/api/staff-session-endpoints.ts';
import { DATA_CACHE, OFFLINE_PACK_PATH, PAGES_CACHE, repShellKey } from '../service-worker/cache-names.ts';
import { apiPath } from './api-client.ts';

const SERVICE_WORKER_PATH = '/sw.js';

/** The refresh under way, if any: sign-out waits for it, so that nothing it keeps outlives the clearing. */
let refreshing: Promise<void> = Promise.resolve();

const supported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof caches !== 'undefined';

/**
 * Reads what a visit without a connection needs, through the service worker, which keeps it: who
 * is signed in, the list, every pharmacy's form data (one request), and this page for a reload.
 */
async function refreshOfflineData(repId: string, basePath: string): Promise<void> {
  if (!navigator.onLine || !navigator.serviceWorker.controller) return;
  const get = (path: string) => fetch(path, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  await Promise.all([
    get(apiPath(SessionApi.me.path)),
    get(apiPath(StaffApi.repPharmacies.path, { assignedreptoken: repId })),
    get(apiPath(OFFLINE_PACK_PATH, { assignedreptoken: repId })),
  ]);
  // The page the rep is on was loaded before the worker took over: keep it as the market's shell.
  const page = await fetch(window.location.pathname + window.location.search, { credentials: 'same-origin', headers: { accept: 'text/html' } });
  if (page.ok) await (await caches.open(PAGES_CACHE)).put(repShellKey(basePath), page);
}

/** The manifest that makes the rep's pages an installable app, named in the page when it was first loaded as another page (sign-in). */
function linkManifest(basePath: string, language: string, marketLanguage: string) {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = `${basePath}/manifest.webmanifest${language === marketLanguage ? '' : `?lang=${language}`}`;
  document.head.append(link);
}

/** On a rep's page: the app is installed for offline use, and its data refreshed now, when the worker takes over and whenever the connection returns. */
export function useOfflineApp(repId: string, site: { basePath: string; language: string; marketLanguage: string }): void {
  const { basePath, language, marketLanguage } = site;
  useEffect(() => {
    linkManifest(basePath, language, marketLanguage);
    if (!supported() || !repId) return;
    const refresh = () => {
      refreshing = refreshing.then(() => refreshOfflineData(repId, basePath)).catch(() => undefined);
    };
    void navigator.serviceWorker.register(SERVICE_WORKER_PATH).catch(() => undefined);
    refresh();
    navigator.serviceWorker.addEventListener('controllerchange', refresh);
    window.addEventListener('online', refresh);
    return () => {
      navigator.serviceWorker.removeEventListener('controllerchange', refresh);
      window.removeEventListener('online', refresh);
    };
  }, [repId, basePath, language, marketLanguage]);
}

/** At sign-out: nothing of the rep's stays on the device but the visits still waiting to be sent. */
export async function clearOfflineData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await refreshing;
  await Promise.all([caches.delete(DATA_CACHE), caches.delete(PAGES_CACHE)]);
}
