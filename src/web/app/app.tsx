import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, useRoutes } from 'react-router';
import type { SiteConfig } from '../lib/site-config.ts';
import { routes } from './routes.tsx';
import { SiteProvider } from '../lib/site-context.tsx';

// Declarative routing (BrowserRouter + useRoutes) rather than a data router: the pages fetch
// their own data, and the data router would add about 15 KB gzip to every page.
export function AppRoutes() {
  return useRoutes(routes);
}

export function App({ config, i18n }: { config: SiteConfig; i18n: I18n }) {
  return (
    <I18nextProvider i18n={i18n}>
      <SiteProvider config={config}>
        <BrowserRouter basename={config.basePath || '/'}>
          <AppRoutes />
        </BrowserRouter>
      </SiteProvider>
    </I18nextProvider>
  );
}
