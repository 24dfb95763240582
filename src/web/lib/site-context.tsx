// The market, language and variant of this page, for any component that needs them, and the tab's
// title a page sets.
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { resolveVariant, type Mode, type Variant } from '#shared/markets.ts';
import type { SiteConfig } from './site-config.ts';

/** What the server's render of a page brings and collects (entry-server.tsx); in the browser there is none. */
export interface ServerRender {
  /** The request's cookies: the cookie notice renders as the browser will first render it (not from document.cookie). */
  cookies: string;
  /** The title the page sets (useDocumentTitle), for the HTML's head. */
  title?: string;
  /** What the server read for the page (lib/page-data.ts). */
  pageData: { path: string; value: unknown } | null;
}

interface Site {
  config: SiteConfig;
  variant: Variant;
  server?: ServerRender;
}

const SiteContext = createContext<Site | null>(null);

export function SiteProvider({ config, mode = 'default', server, children }: { config: SiteConfig; mode?: Mode; server?: ServerRender; children: ReactNode }) {
  const outer = useContext(SiteContext);
  const render = server ?? outer?.server;
  const value = useMemo(() => ({ config, variant: resolveVariant(config.country, config.language, mode), server: render }), [config, mode, render]);
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

/**
 * Sets the tab's title: in the browser once the page has rendered, on the server while it renders,
 * so that the HTML's <title> is the one the page sets. null leaves it to a part of the page that
 * sets its own (the "link not valid" view). When two parts ask on a first render the outermost
 * wins on both sides: a parent's effect runs after its children's, and the server keeps the first.
 */
export function useDocumentTitle(title: string | null) {
  const server = useContext(SiteContext)?.server;
  if (server && title !== null) server.title ??= title;
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
}

export function useSite(): Site {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite must be used inside SiteProvider');
  return site;
}

/**
 * A router path that keeps ?lang= (the visitor's language choice is kept while browsing).
 * `path` may carry its own query string.
 */
export function useLocalPath(): (path: string) => string {
  const { search } = useLocation();
  const lang = new URLSearchParams(search).get('lang');
  // The same function while the language is, so memoised parts that link do not render again.
  return useCallback(
    (path: string) => {
      if (!lang) return path;
      const [pathname, query = ''] = path.split('?');
      const params = new URLSearchParams(query);
      params.set('lang', lang);
      return `${pathname}?${params.toString()}`;
    },
    [lang],
  );
}
