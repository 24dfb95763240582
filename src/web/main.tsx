import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { readSiteConfig } from './lib/site-config.ts';
import { initI18n } from './lib/i18n.ts';
import './app/app.css';

const config = readSiteConfig();

void initI18n(config.language, { product: config.productName }).then((i18n) => {
  document.documentElement.lang = i18n.language;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App config={config} i18n={i18n} />
    </StrictMode>,
  );
});
