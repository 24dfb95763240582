import { startTransition, StrictMode } from 'react';
import { LANGUAGE_TAG } from '#shared/markets.ts';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { readSiteConfig } from './lib/site-config.ts';
import { startHydratingServerHtml } from './lib/hydration.ts';
import { initI18n, SHELL_MESSAGES } from './lib/i18n.ts';
import './app/app.css';

const config = readSiteConfig();
// A form the server rendered: what was typed in it before hydration is read first (decision 0039).
const typedReader = document.querySelector('#root .pc-registration > form') ? import('./lib/typed-before-hydration.ts') : null;

/**
 * A server-rendered form whose answers this tab keeps renders from them at once (conditional
 * sections and all), which the server could not know: it is rendered afresh, not hydrated. The
 * form names its sessionStorage key (form-page.tsx `data-kept-key`).
 */
function rendersFromKeptAnswers(container: HTMLElement): boolean {
  const key = container.querySelector<HTMLElement>('[data-kept-key]')?.dataset.keptKey;
  try {
    return key !== undefined && sessionStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

void initI18n(config.language, { product: config.productName }, SHELL_MESSAGES).then(async (i18n) => {
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
  const hydrate = container.firstChild !== null && !rendersFromKeptAnswers(container);
  // Should that module not load, the form starts as the server rendered it.
  if (hydrate && typedReader)
    startHydratingServerHtml(
      await typedReader.then(
        (reader) => reader.typedBeforeHydration(container),
        () => ({}),
      ),
    );
  startTransition(() => {
    if (hydrate) {
      hydrateRoot(container, app);
    } else createRoot(container).render(app);
  });
});
