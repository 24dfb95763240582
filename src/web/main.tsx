import { startTransition, StrictMode } from 'react';
import { LANGUAGE_TAG } from '#shared/markets.ts';
import { HYDRATING_EVENT } from '#shared/page-modules.ts';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { readSiteConfig } from './lib/site-config.ts';
import { initI18n, SHELL_MESSAGES } from './lib/i18n.ts';
import './app/app.css';

const config = readSiteConfig();

void initI18n(config.language, { product: config.productName }, SHELL_MESSAGES).then((i18n) => {
  document.documentElement.lang = LANGUAGE_TAG[config.language];
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App config={config} i18n={i18n} />
    </StrictMode>
  );
  // As a transition, React renders in slices of a few milliseconds and lets the browser handle
  // input in between, instead of one long task for the whole first render (Lighthouse TBT). A
  // page the server rendered (decision 0037) is hydrated: React takes over its HTML as it is.
  startTransition(() => {
    if (container.firstChild) {
      hydrateRoot(container, app);
      window.dispatchEvent(new Event(HYDRATING_EVENT));
    } else createRoot(container).render(app);
  });
});
