// The public pages rendered on the server (decision 0037): the web build's own renderer
// (src/web/entry-server.tsx, built by vite.ssr.config.ts into <WEB_DIST>/.ssr/entry-server.js),
// loaded once and called per request. The server imports no web code: it loads the built file by
// path, as it reads the Vite manifest. Without that file (an old build), or should a render fail,
// the page is served as before, an empty root the browser renders.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SiteConfig } from '#shared/api/site-config.ts';
import { CONSENT_COOKIES } from '#shared/limits.ts';
import type { PageName } from '#shared/page-modules.ts';
import { loggableUrl } from '../http/log-serializers.ts';

/**
 * The pages whose HTML carries their content: landing, legal, thank-you, not-found, the finder, the
 * data-rights and status pages, and the forms (their first screen: heading, introduction, fields;
 * decision 0039). The pages behind a link (status, data, listing) render with what the server read
 * for them (`pageData`, decision 0060). The staff pages stay rendered in the browser.
 */
const SERVER_RENDERED = new Set<PageName>([
  'landing',
  'privacyPolicy',
  'terms',
  'datenschutz',
  'nutzungsbedingungen',
  'impressum',
  'accessibility',
  'barrierefreiheit',
  'thankYou',
  'notFound',
  'finder',
  'finderListing',
  'linkSent',
  'myData',
  'myApplication',
  'application',
  'steps',
  'linkRequest',
  'fieldConfirmation',
]);

export const isServerRendered = (page: PageName): boolean => SERVER_RENDERED.has(page);

/** Rendered pages that read no query parameter but `lang`: the finder's, whose links may carry a patient's point. */
const QUERY_FREE = new Set<PageName>(['finder', 'finderListing']);

/**
 * The URL a page is rendered (and its render cached) for: a query-free page keeps only `lang`, so a
 * hand-made `/finder?lat=..&lng=..` neither reaches the renderer nor stays in its cache (decision 0054).
 */
export function renderUrlOf(page: PageName, url: URL): string {
  if (!QUERY_FREE.has(page)) return `${url.pathname}${url.search}`;
  const lang = url.searchParams.get('lang');
  return lang === null ? url.pathname : `${url.pathname}?${new URLSearchParams({ lang }).toString()}`;
}

/**
 * Rendered pages that still need the scripts to be used: a form sent by them after the bot check,
 * the data page's download and erasure. They keep the "needs JavaScript" notice (README).
 */
const NEEDS_SCRIPTS = new Set<PageName>(['application', 'steps', 'linkRequest', 'fieldConfirmation', 'myData']);

export const needsScripts = (page: PageName): boolean => NEEDS_SCRIPTS.has(page);

/** What the server read for a rendered page, keyed by the router's path it belongs to (src/web/lib/page-data.ts). */
export interface PageData {
  path: string;
  value: unknown;
}

interface Renderer {
  render(request: { url: string; site: SiteConfig; cookies: string; pageData?: PageData | null }): Promise<{ html: string; title: string }>;
}

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The page's title, as the page itself sets it (useDocumentTitle), '' when it sets none. */
  title: string;
  /** The page's first paragraph of some length, for <meta name="description">. */
  description: string;
}

/** Only the consent cookies change what a page renders (the cookie notice): the cache key holds them alone. */
function consentCookies(header: string | undefined): string {
  const wanted = new Set<string>(Object.values(CONSENT_COOKIES));
  return (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => wanted.has(part.split('=')[0] ?? ''))
    .sort()
    .join('; ');
}

const text = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(
      /&(amp|lt|gt|quot|#39|#x27|nbsp);/g,
      (_all, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' })[name] ?? '',
    )
    .replace(/\s+/g, ' ')
    .trim();

const DESCRIPTION_CHARS = 160;

/** The first paragraph of the main content long enough to describe the page, cut at a word. */
function describe(html: string): string {
  const start = html.indexOf('<main');
  const main = start < 0 ? '' : html.slice(start, html.indexOf('</main>', start));
  for (const match of main.matchAll(/<p\b(?![^>]*\brole=)[^>]*>([\s\S]*?)<\/p>/g)) {
    const paragraph = text(match[1]!);
    if (paragraph.length < 40) continue;
    if (paragraph.length <= DESCRIPTION_CHARS) return paragraph;
    return `${paragraph.slice(0, paragraph.lastIndexOf(' ', DESCRIPTION_CHARS - 1))} …`;
  }
  return '';
}

const CACHE_SIZE = 500;

/**
 * A renderer for the build in `webDist`, or null when the build has none. Renders are cached by
 * everything they depend on (the URL, the market and its base path, the consent cookies), except a
 * render with data the server read for it (a status, a data export, a listing): that changes, and
 * may be personal, so it is never kept.
 */
export async function loadServerRenderer(webDist: string, log: { error: (details: object, message: string) => void }) {
  const file = path.join(webDist, '.ssr', 'entry-server.js');
  if (!existsSync(file)) return null;
  const renderer = (await import(pathToFileURL(file).href)) as Renderer;
  const cache = new Map<string, RenderedPage>();
  return async (url: string, site: SiteConfig, cookieHeader: string | undefined, pageData: PageData | null = null): Promise<RenderedPage | null> => {
    const cookies = consentCookies(cookieHeader);
    const key = pageData ? null : JSON.stringify([site.country, site.basePath, site.language, url, cookies]);
    const cached = key === null ? undefined : cache.get(key);
    if (key !== null && cached) {
      cache.delete(key);
      cache.set(key, cached);
      return cached;
    }
    let html: string;
    let title: string;
    try {
      ({ html, title } = await renderer.render({ url, site, cookies, pageData }));
    } catch (error) {
      // The path only: a query string may hold a token or a patient's point (decision 0054).
      log.error({ err: error, url: loggableUrl(url) }, 'server render failed: the page is served for the browser to render');
      return null;
    }
    const page: RenderedPage = { html, title, description: describe(html) };
    if (key === null) return page;
    cache.set(key, page);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
    return page;
  };
}

export type ServerRenderer = NonNullable<Awaited<ReturnType<typeof loadServerRenderer>>>;
