import { useState } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { SiteConfig } from '../lib/site-config.ts';
import { routes } from './routes.tsx';
import { SiteProvider } from './site-context.tsx';

export function App({ config, i18n }: { config: SiteConfig; i18n: I18n }) {
  const [router] = useState(() => createBrowserRouter(routes, { basename: config.basePath || '/' }));
  return (
    <I18nextProvider i18n={i18n}>
      <SiteProvider config={config}>
        <RouterProvider router={router} />
      </SiteProvider>
    </I18nextProvider>
  );
}
