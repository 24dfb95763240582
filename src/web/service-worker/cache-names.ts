// What the service worker (sw.ts) and the page (src/web/lib/offline-app.ts) both name: the caches,
// the offline pack's path, and the key a market's rep app shell is kept under.
/** The built files, one cache per build (older ones are deleted when a new worker takes over). */
export const SHELL_CACHE_PREFIX = 'pc-shell-';
/** The rep's pages as last loaded. */
export const PAGES_CACHE = 'pc-pages';
/** The signed-in rep's answers (who they are, their list, their pharmacies): cleared at sign-out. */
export const DATA_CACHE = 'pc-data';
/** GET /api/rep-offline-pharmacies (the contract repOfflinePharmacies), written out: the worker carries no contract code. */
export const OFFLINE_PACK_PATH = '/api/rep-offline-pharmacies';

/** The rep's pages under a market's base path ('' or '/it'); the match's first group is the base. */
export const REP_PAGE = /^((?:\/[a-z]{2})?)\/rep(?:\/|$)/;

/** Where any rep page of a market is kept, for a rep page not yet opened (the app routes itself). */
export const repShellKey = (basePath: string) => `${basePath}/rep/`;
