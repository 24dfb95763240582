// The server's renderer of the public pages (decision 0037): the same providers and routes as
// main.tsx, with a StaticRouter at the request's URL, rendered once every lazy page, message file
// and legal text has loaded, so the HTML carries the page's full content, inline, and the browser
// hydrates it. (A streamed render would reveal late boundaries with inline scripts, which the
// Content-Security-Policy forbids: the page is rendered to a string once nothing suspends.) Built on its own (vite.ssr.config.ts) into
// dist/web/.ssr, which the server loads at start (src/server/services/server-render.ts); nothing
// here reaches the browser's bundle.
import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { Language } from '#shared/markets.ts';
import type { SiteConfig } from '#shared/api/site-config.ts';
import { AppRoutes } from './app/app.tsx';
import { initI18n } from './lib/i18n.ts';
import { SiteProvider, type ServerRender } from './lib/site-context.tsx';
import type { PageData } from './lib/page-data.ts';
import { MESSAGE_FILES } from '#shared/i18n/messages.ts';

/** One i18n instance per language, holding every message file of it: a page's own files are then already there. */
const instances = new Map<string, Promise<I18n>>();

function i18nFor(language: Language, productName: string): Promise<I18n> {
  const key = `${language}/${productName}`;
  let instance = instances.get(key);
  if (!instance) {
    instance = initI18n(language, { product: productName }, MESSAGE_FILES);
    instances.set(key, instance);
  }
  return instance;
}

export interface RenderRequest {
  /** The path and query inside the site, with the market's base path (as the browser shows it). */
  url: string;
  site: SiteConfig;
  /** The request's Cookie header: the cookie notice renders as the browser will first render it. */
  cookies: string;
  /** What the server read for the page (a status, a listing), as the browser will read it from the page. */
  pageData?: PageData | null;
}

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The tab's title the page sets (useDocumentTitle), '' when it sets none. */
  title: string;
}

/** Renders once to the end, so that every lazy module and loaded text the page suspends on is there. */
async function settle(tree: ReactNode): Promise<void> {
  const { prelude } = await prerenderToNodeStream(tree);
  for await (const chunk of prelude) void chunk;
}

/** A Suspense boundary renderToString left to the browser (it suspended). */
const SUSPENDED = '<!--$!-->';

export async function render({ url, site, cookies, pageData = null }: RenderRequest): Promise<RenderedPage> {
  const i18n = await i18nFor(site.language, site.productName);
  const server: ServerRender = { cookies, pageData };
  const tree = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <SiteProvider config={site} server={server}>
          <StaticRouter basename={site.basePath || '/'} location={url}>
            <AppRoutes />
          </StaticRouter>
        </SiteProvider>
      </I18nextProvider>
    </StrictMode>
  );
  // The title the page sets while it renders, as it is rendered whole.
  const renderWhole = () => {
    server.title = undefined;
    return renderToString(tree);
  };
  let html = renderWhole();
  for (let attempt = 0; html.includes(SUSPENDED) && attempt < 3; attempt += 1) {
    await settle(tree);
    html = renderWhole();
  }
  if (html.includes(SUSPENDED)) throw new Error(`${url} still suspends after its modules loaded`);
  return { html, title: server.title ?? '' };
}
