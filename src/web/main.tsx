import { StrictMode } from 'react';
import { LANGUAGE_TAG } from '#shared/markets.ts';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { readSiteConfig } from './lib/site-config.ts';
import { initI18n, SHELL_MESSAGES } from './lib/i18n.ts';
import './app/app.css';

const config = readSiteConfig();

void initI18n(config.language, { product: config.productName }, SHELL_MESSAGES).then((i18n) => {
  document.documentElement.lang = LANGUAGE_TAG[config.language];
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App config={config} i18n={i18n} />
    </StrictMode>,
  );
});
