// Which page module (and which of its message files) each public route loads. One table for both
// sides: the web app's router takes the message lists from here (src/web/app/routes.tsx), and the
// server preloads the route's chunks from it (src/server/services/preload.ts), so that the page
// does not wait for a chain of round trips (entry → messages → page chunk → page messages).
// Module paths are Vite manifest keys, relative to src/web.
import type { Variant } from './markets.ts';

export interface PageModule {
  module: string;
  /** Message files (src/web/i18n/<lang>/<name>.json) loaded with the page. */
  messages: readonly string[];
}

/** Files every page needs: the header, footer, cookie notice and common words. */
export const SHELL_MESSAGES: readonly string[] = ['common', 'layout', 'consent'];

export const PAGE_MODULES = {
  landing: { module: 'features/landing/landing-page.tsx', messages: ['landing'] },
  ukForm: { module: 'features/registration/uk-form-page.tsx', messages: ['form', 'components'] },
  italianForm: { module: 'features/italy/italian-form-page.tsx', messages: ['form', 'components', 'italy'] },
  steps: { module: 'features/registration/steps/steps-page.tsx', messages: ['form', 'components', 'steps', 'landing'] },
  thankYou: { module: 'features/registration/thank-you-page.tsx', messages: ['form'] },
  editRedirect: { module: 'features/registration/edit-redirect-page.tsx', messages: [] },
  privacyPolicy: { module: 'features/legal/privacy-policy-page.tsx', messages: ['legal'] },
  terms: { module: 'features/legal/terms-page.tsx', messages: ['legal'] },
  datenschutz: { module: 'features/legal/datenschutz-page.tsx', messages: ['legal'] },
  nutzungsbedingungen: { module: 'features/legal/nutzungsbedingungen-page.tsx', messages: ['legal'] },
  impressum: { module: 'features/legal/impressum-page.tsx', messages: ['legal'] },
  notFound: { module: 'features/not-found/not-found-page.tsx', messages: [] },
} as const satisfies Record<string, PageModule>;

export type PageName = keyof typeof PAGE_MODULES;

const STATIC_PAGES: Record<string, PageName> = {
  '/thank-you': 'thankYou',
  '/privacy-policy': 'privacyPolicy',
  '/terms-and-conditions': 'terms',
  '/datenschutz': 'datenschutz',
  '/nutzungsbedingungen': 'nutzungsbedingungen',
  '/impressum': 'impressum',
};

/**
 * The page the router shows at a path inside the market (base path already removed), as in
 * routes.tsx; null when the route is not a public page of this table (staff pages, unknown paths).
 */
export function pageForPath(localPath: string, variant: Variant): PageName | null {
  const path = localPath.replace(/\/+$/, '') || '/';
  if (path === '/') return 'landing';
  if (variant.mode !== 'default') return null;
  if (path === '/form') {
    // The three-step variants redirect /form to /form/1 in the browser.
    if (variant.layout === 'steps') return 'steps';
    return variant.country === 'uk' ? 'ukForm' : variant.country === 'it' ? 'italianForm' : null;
  }
  if (/^\/form\/[123]$/.test(path)) return variant.layout === 'steps' ? 'steps' : null;
  if (/^\/pharmacist\/edit\/[^/]+$/.test(path)) return 'editRedirect';
  return STATIC_PAGES[path] ?? null;
}
