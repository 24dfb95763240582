// Renders a component as the app would: router, site context and i18n for one market.
import { act, render, type RenderResult } from '@testing-library/react';
import { Suspense, type ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { MARKET_LANGUAGE, type Country, type Language, type Mode } from '#shared/markets.ts';
import { DEFAULT_RETENTION_PERIODS } from '#shared/schemas/privacy.ts';
import { SiteProvider } from '../lib/site-context.tsx';
import { initI18n } from '../lib/i18n.ts';
import type { SiteConfig } from '../lib/site-config.ts';
import { MESSAGE_FILES } from '#shared/i18n/messages.ts';

function pathAndSearch(route: string) {
  const url = new URL(route, 'http://localhost');
  return { pathname: url.pathname, search: url.search };
}

/**
 * state: the navigation's state (as a page navigating here would hand over). settle: render in an
 * awaited act, for a page that suspends until a text it loads is there (the legal pages): it is
 * rendered once the text has come; without it, a page's loading states can still be seen.
 */
export async function renderInSite(
  ui: ReactElement,
  {
    country = 'uk',
    language,
    mode = 'default',
    route = '/',
    state,
    site = {},
    settle = false,
  }: { country?: Country; language?: Language; mode?: Mode; route?: string; state?: unknown; site?: Partial<SiteConfig>; settle?: boolean } = {},
) {
  const lang = language ?? MARKET_LANGUAGE[country];
  const config: SiteConfig = {
    productName: 'Pharmacy Champions',
    country,
    language: lang,
    basePath: '',
    operator: {
      company: 'Example Health Ltd',
      address: '1 Example Street, Liverpool L1 1AA',
      register: 'Companies House 01234567',
      vatNumber: 'GB123456789',
      responsiblePerson: 'Alex Example',
      supportEmail: 'support@example.com',
      dpoEmail: 'dpo@example.com',
      phone: '+44 151 000 0000',
    },
    mapTilesUrl: '',
    mapAttribution: '',
    courseUrl: '',
    retention: DEFAULT_RETENTION_PERIODS,
    ...site,
  };
  const i18n = await initI18n(lang, { product: config.productName }, MESSAGE_FILES);
  const tree = (
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[state === undefined ? route : { ...pathAndSearch(route), state }]}>
        <SiteProvider config={config} mode={mode}>
          {/* As the app's layout does: a page may suspend while its text loads (the legal pages). */}
          <Suspense fallback={null}>{ui}</Suspense>
        </SiteProvider>
      </MemoryRouter>
    </I18nextProvider>
  );
  if (!settle) return render(tree);
  let result: RenderResult | undefined;
  await act(async () => {
    result = render(tree);
  });
  return result!;
}
