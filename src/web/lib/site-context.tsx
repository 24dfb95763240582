// The market, language and variant of this page, for any component that needs them.
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { resolveVariant, type Mode, type Variant } from '#shared/markets.ts';
import type { SiteConfig } from './site-config.ts';

interface Site {
  config: SiteConfig;
  variant: Variant;
  /** The request's cookies while the server renders the page (entry-server.tsx); in the browser, undefined: document.cookie. */
  cookies?: string;
}

const SiteContext = createContext<Site | null>(null);

export function SiteProvider({ config, mode = 'default', cookies, children }: { config: SiteConfig; mode?: Mode; cookies?: string; children: ReactNode }) {
  const outer = useContext(SiteContext);
  const serverCookies = cookies ?? outer?.cookies;
  const value = useMemo(() => ({ config, variant: resolveVariant(config.country, config.language, mode), cookies: serverCookies }), [config, mode, serverCookies]);
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
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
