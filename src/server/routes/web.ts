// Serves the built web app: hashed assets from WEB_DIST, and index.html for every page route
// with <html lang>, <title> and the site-config data block filled in for the visitor's market.
// A path that is no route of the market (#shared/page-modules.ts isPagePath) gets the same app,
// which shows its not-found view, with status 404. The public pages arrive rendered, with their
// content, description, canonical URL and hreflang alternates (decision 0037); each host serves
// its sitemap.xml and robots.txt.
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_TAG, MARKETS, MARKET_LANGUAGE, resolveLanguage, resolveMarket, resolveVariant, type Country, type Language } from '#shared/markets.ts';
import type { SiteConfig } from '#shared/api/site-config.ts';
import { legalKindOfPage } from '#shared/legal-versions.ts';
import { formEntryModuleOf, isPagePath, pageForPath, type PageName } from '#shared/page-modules.ts';
import { ApiMessage } from '#shared/schemas/api.ts';
import type { Config } from '../config.ts';
import { alternateTags, hostMarkets, pagePairs, pageUrlBuilder, robotsTxt, sitemap, sitemapUrl } from '../services/page-links.ts';
import { createPreloader, readManifest } from '../services/preload.ts';
import {
  isServerRendered,
  loadServerRenderer,
  needsScripts,
  renderUrlOf,
  type PageData,
  type RenderedPage,
  type ServerRenderer,
} from '../services/server-render.ts';
import { escapeHtml, jsonForScript } from '../services/tokens.ts';
import { texts } from '../services/texts.ts';
import { scriptsAfterPaint } from '../services/after-paint.ts';
import { webAppManifest } from '../services/web-app-manifest.ts';
import { retentionPeriods } from '../privacy/record.ts';
import { localFileExists, readLocalFile } from '../services/files/local-files.ts';

/** The title of a page without its own: its market's landing page's, in the market's own language. */
function pageTitle(productName: string, country: Country): string {
  const market = MARKETS[country];
  return texts(market.language)(`landing.${market.landing}.pageTitle`, { product: productName });
}

/** A page's own title and description (a shared link's preview reads them): a listing's page. */
export interface PageHead {
  title: string;
  description: string;
}

/**
 * What the server reads for a page that names a record in its path: the page's own head (a
 * listing's, for a shared link), and the data the page renders with, as its API would answer it
 * (decision 0060). null: there is no such record (the not-found view, 404).
 */
export interface PageLoad {
  head?: PageHead;
  data?: unknown;
}

/** A page's loader; `productName` ends the title as on every page. */
export type PageLoaders = Partial<Record<PageName, (localPath: string, language: Language, productName: string) => Promise<PageLoad | null>>>;

/** Pages reached by a personal e-mailed link: never indexed. */
const PRIVATE_PAGES = new Set<PageName | null>(['myApplication', 'myData']);

/**
 * index.html filled in for one visit; `headTags` (preload links) go at the end of <head>; `head`
 * replaces the title and adds a description; `root` is the page's server-rendered markup and
 * `pageData` what it was rendered with (the browser hydrates with the same).
 */
export function renderIndex(
  template: string,
  site: SiteConfig,
  headTags = '',
  head?: PageHead,
  root = '',
  needsScripts = false,
  pageData: PageData | null = null,
): string {
  const block = `<script type="application/json" id="site-config">${jsonForScript(site)}</script>${pageData ? `<script type="application/json" id="page-data">${jsonForScript(pageData)}</script>` : ''}`;
  const lang = LANGUAGE_TAG[site.language];
  let html = /<html\b[^>]*\blang=/i.test(template)
    ? template.replace(/(<html\b[^>]*\blang=)("[^"]*"|'[^']*')/i, `$1"${lang}"`)
    : template.replace(/<html\b/i, `<html lang="${lang}"`);
  const titleText = head?.title || pageTitle(site.productName, site.country);
  const title = head?.description
    ? `<title>${escapeHtml(titleText)}</title><meta name="description" content="${escapeHtml(head.description)}"><meta property="og:title" content="${escapeHtml(titleText)}"><meta property="og:description" content="${escapeHtml(head.description)}"><meta property="og:type" content="website">`
    : `<title>${escapeHtml(titleText)}</title>`;
  html = /<title>[\s\S]*?<\/title>/i.test(html) ? html.replace(/<title>[\s\S]*?<\/title>/i, () => title) : html.replace(/<\/head>/i, () => `${title}</head>`);
  html = html.includes('<!--site-config-->') ? html.replace('<!--site-config-->', () => block) : html.replace(/<\/head>/i, () => `${block}</head>`);
  // A rendered page reads without scripting: the "needs JavaScript" notice is for the others, and for a form.
  if (root) html = html.replace('<div id="root"></div>', () => `<div id="root">${root}</div>`);
  if (root && !needsScripts) html = html.replace(/\s*<noscript>[\s\S]*?<\/noscript>/i, '');
  return headTags ? html.replace(/<\/head>/i, () => `${headTags}</head>`) : html;
}

/**
 * The head of a page: a record's own (a listing), else the title a rendered page sets itself (the
 * same the browser shows once it runs) with its first paragraph as the description. Pages rendered
 * in the browser keep the site's title, which they replace once they run.
 */
function headFor(own: PageHead | undefined, rendered: RenderedPage | null): PageHead | undefined {
  if (own) return own;
  return rendered ? { title: rendered.title, description: rendered.description } : undefined;
}

/** Brotli at a quality that costs well under a millisecond for a page (the assets are compressed at build time). */
const BROTLI_PAGE = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

/** A page compressed as the browser accepts it: a rendered page is 3 to 4 times smaller, one round trip less on a slow line. */
function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(zlib.brotliCompressSync(html, BROTLI_PAGE));
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html));
  return reply.send(html);
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return !accept || accept.includes('text/html') || accept.includes('*/*');
}

const isApiPath = (url: string) => /^\/(api|files)(\/|$|\?)/.test(url);

/** A path with a segment that starts with a dot (/.vite/manifest.json, /.git/...): never served. */
function hasDotSegment(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: check the path as it came.
  }
  return /(^|[/\\])\./.test(decoded);
}

export async function webRoutes(app: FastifyInstance, config: Config, loaders: PageLoaders = {}) {
  const indexFile = path.join(config.webDist, 'index.html');
  const built = localFileExists(indexFile);
  let template: string | null = null;
  let preloader: ReturnType<typeof createPreloader> | null = null;
  let renderer: Promise<ServerRenderer | null> | null = null;

  if (built) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      index: false,
      // The build writes .br and .gz copies of text assets (scripts/compress-assets.mjs).
      preCompressed: true,
      // index.html is only ever served filled in, through the page handler below; the build's
      // dot-folders (.vite: the manifest the server reads for preloading) are not served at all.
      allowedPath: (pathName) => pathName !== '/index.html' && !hasDotSegment(pathName),
      dotfiles: 'ignore',
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        // The rep app's service worker is checked for a new build on every visit (decision 0026).
        const worker = path.basename(filePath) === 'sw.js';
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : worker ? 'no-cache' : 'public, max-age=300');
      },
    });
  }

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!built) {
      return reply.code(503).type('text/plain; charset=utf-8').send('The web app is not built. Run `npm run build`, then start the server again.\n');
    }
    template ??= readLocalFile(indexFile, 'utf8');
    preloader ??= createPreloader(readManifest(config.webDist));
    const url = new URL(request.url, 'http://localhost');
    const { country, basePath } = resolveMarket(request.headers.host, url.pathname, config.marketHosts, config.defaultMarket);
    const language = resolveLanguage(country, url.searchParams.get('lang'));
    const localPath = url.pathname.slice(basePath.length) || '/';
    const variant = resolveVariant(country, language);
    const pageName = pageForPath(localPath, variant);
    const loaderOf = pageName ? loaders[pageName] : undefined;
    const load = loaderOf ? await loaderOf(localPath, language, config.productName) : undefined;
    const found = load !== null && isPagePath(localPath, variant);
    // As the browser will read it from the page's data block: JSON.
    const pageData: PageData | null = found && load?.data !== undefined ? { path: localPath, value: JSON.parse(JSON.stringify(load.data)) as unknown } : null;
    const site: SiteConfig = {
      productName: config.productName,
      country,
      language,
      basePath,
      operator: config.operator,
      mapTilesUrl: config.mapTilesUrl,
      mapAttribution: config.mapAttribution,
      courseUrl: config.courseUrls[country],
      retention: retentionPeriods(config),
    };
    // The public pages arrive rendered (decision 0037); the forms and the staff pages render in the browser.
    renderer ??= loadServerRenderer(config.webDist, request.log);
    const render = await renderer;
    const shown = found ? pageName : 'notFound';
    const rendered: RenderedPage | null =
      render && shown && isServerRendered(shown) ? await render(renderUrlOf(shown, url), site, request.headers.cookie, pageData) : null;
    // A rendered page's stylesheets are linked, not only preloaded: its HTML is styled when it paints.
    // A legal page's text is preloaded with it.
    const kind = shown ? legalKindOfPage(shown) : undefined;
    const text = kind ? [language, MARKET_LANGUAGE[country]].map((lang) => `content/${country}/${lang}/${kind}.md?raw`) : [];
    // The form a form page opens is a module of its own, fetched with the page.
    const formEntry = found ? formEntryModuleOf(pageName, variant, localPath) : null;
    const preload = preloader(found ? pageName : 'notFound', language, rendered !== null, text, formEntry ? [formEntry] : []);
    const pageHead = headFor(load?.head, rendered);
    const pairs = found ? pagePairs(pageName, country, localPath) : null;
    const pageUrl = pairs ? pageUrlBuilder(request, config) : null;
    const alternates = pairs && pageUrl ? alternateTags(pageUrl, pairs, { country, language }) : '';
    // The rep's pages name the manifest that makes them an installable app.
    const headTags = /^\/rep(\/|$)/.test(localPath)
      ? `${preload}<link rel="manifest" href="${escapeHtml(`${basePath}/manifest.webmanifest${language === MARKET_LANGUAGE[country] ? '' : `?lang=${language}`}`)}">`
      : `${alternates}${preload}`;
    // Pages behind a personal link (a token in the path) stay out of search engines, and out of every cache.
    const personal = found && PRIVATE_PAGES.has(pageName);
    if (personal) reply.header('x-robots-tag', 'noindex');
    const html = rendered
      ? scriptsAfterPaint(renderIndex(template, site, headTags, pageHead, rendered.html, needsScripts(shown!), pageData))
      : renderIndex(template, site, headTags, pageHead);
    reply
      .code(found ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', personal ? 'no-store' : 'no-cache');
    return sendCompressed(request, reply, html);
  };

  // The rep's app is installable (issue 24 item 2): its manifest, per market (base path and language).
  const manifest = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://localhost');
    const { country, basePath } = resolveMarket(request.headers.host, url.pathname, config.marketHosts, config.defaultMarket);
    const language = resolveLanguage(country, url.searchParams.get('lang'));
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(webAppManifest(config.productName, basePath, country, language));
  };
  app.get('/manifest.webmanifest', manifest);
  app.get('/:market/manifest.webmanifest', manifest);

  // Each host's sitemap and robots.txt (services/page-links.ts).
  app.get('/sitemap.xml', async (request, reply) => {
    const pageUrl = pageUrlBuilder(request, config);
    if (!pageUrl) return reply.code(404).send({ status: 'failed', message: ApiMessage.notFound });
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemap(pageUrl, hostMarkets(request.headers.host, config.marketHosts).markets));
  });
  app.get('/robots.txt', async (request, reply) => {
    const { bases } = hostMarkets(request.headers.host, config.marketHosts);
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(bases, sitemapUrl(request, config)));
  });

  // The static file server answers "/" itself (a directory), so the home page gets its own route.
  app.get('/', page);

  app.setNotFoundHandler(async (request, reply) => {
    const method = request.method;
    if (hasDotSegment(request.url)) return reply.code(404).send({ status: 'failed', message: ApiMessage.notFound });
    if ((method === 'GET' || method === 'HEAD') && !isApiPath(request.url) && acceptsHtml(request)) return page(request, reply);
    return reply.code(404).send({ status: 'failed', message: ApiMessage.notFound });
  });
}
