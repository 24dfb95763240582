// Which page module (and which of its message files) each public route loads. One table for both
// sides: the web app's router takes the message lists from here (src/web/app/routes.tsx), and the
// server preloads the route's chunks from it (src/server/services/preload.ts), so that the page
// does not wait for a chain of round trips (entry → messages → page chunk → page messages).
// Module paths are Vite manifest keys, relative to src/web.
import type { Country, Variant } from './markets.ts';
import { matchesRoute, ROUTES, STAFF_ROUTES } from './routes.ts';

/** /form/1, /form/2, /form/3 (the three steps). */
const isFormStep = (path: string) => matchesRoute('formStep', path) && ['1', '2', '3'].includes(path.slice(path.lastIndexOf('/') + 1));

export interface PageModule {
  module: string;
  /** Message files (src/web/i18n/<lang>/<name>.json) loaded with the page. */
  messages: readonly string[];
}

/** Files every page needs: the header, footer, cookie notice and common words. */
export const SHELL_MESSAGES: readonly string[] = ['common', 'layout', 'consent'];

export const PAGE_MODULES = {
  landing: { module: 'features/landing/landing-page.tsx', messages: ['landing', 'charter'] },
  /** The single-page application of en-uk and it-it (the catalogue's entry is chosen by the page). */
  application: { module: 'forms/application-page.tsx', messages: ['form', 'components', 'italy'] },
  steps: { module: 'forms/steps-application-page.tsx', messages: ['form', 'components', 'steps', 'charter'] },
  thankYou: { module: 'features/registration/thank-you-page.tsx', messages: ['form'] },
  editRedirect: { module: 'features/registration/edit-redirect-page.tsx', messages: [] },
  privacyPolicy: { module: 'features/legal/privacy-policy-page.tsx', messages: ['legal'] },
  terms: { module: 'features/legal/terms-page.tsx', messages: ['legal'] },
  datenschutz: { module: 'features/legal/datenschutz-page.tsx', messages: ['legal'] },
  nutzungsbedingungen: { module: 'features/legal/nutzungsbedingungen-page.tsx', messages: ['legal'] },
  impressum: { module: 'features/legal/impressum-page.tsx', messages: ['legal'] },
  notFound: { module: 'features/not-found/not-found-page.tsx', messages: [] },
  // "E-mail me a link" and the data rights behind it (issues 13, 14).
  /** /my-data and /update-link: the two "e-mail me a link" forms. */
  linkRequest: { module: 'forms/link-request-page.tsx', messages: ['form', 'components', 'myData'] },
  linkSent: { module: 'features/data-rights/link-sent-page.tsx', messages: ['components', 'myData'] },
  myData: { module: 'features/data-rights/my-data-page.tsx', messages: ['components', 'myData'] },
  /** Issue 25: where the application stands, behind the link of the "received" e-mail. */
  myApplication: { module: 'features/my-application/my-application-page.tsx', messages: ['components', 'myApplication'] },
  fieldConfirmation: { module: 'forms/field-confirmation-page.tsx', messages: ['form', 'components', 'italy'] },
  // Issue #13: the public finder.
  finder: { module: 'features/finder/finder-page.tsx', messages: ['finder', 'components', 'preview'] },
  /** Issue 25 item 9: one listing's page (/finder/{listingId}); the server answers 404 for an id that is not listed. */
  finderListing: { module: 'features/finder/finder-listing-page.tsx', messages: ['finder', 'components', 'preview'] },
} as const satisfies Record<string, PageModule>;

export type PageName = keyof typeof PAGE_MODULES;

/** The legal pages of each market's shell (spec §2): the German texts exist only on the German market. */
export const LEGAL_PAGES = {
  uk: { [ROUTES.privacyPolicy]: 'privacyPolicy', [ROUTES.terms]: 'terms' },
  it: { [ROUTES.privacyPolicy]: 'privacyPolicy', [ROUTES.terms]: 'terms' },
  de: { [ROUTES.datenschutz]: 'datenschutz', [ROUTES.nutzungsbedingungen]: 'nutzungsbedingungen', [ROUTES.impressum]: 'impressum' },
} as const satisfies Record<Country, Record<string, PageName>>;

/** Whether `page` is one of the legal pages of `country` (a legal route of another market is not found). */
export function isLegalPageOf(country: Country, page: PageName): boolean {
  return (Object.values(LEGAL_PAGES[country]) as PageName[]).includes(page);
}

/**
 * Staff pages (src/web/app/staff-routes.tsx), on every market: they are not preloaded, but they
 * are pages, not "not found". staff-routes.test.tsx checks that every staff route is listed.
 */
const isStaffPage = (path: string): boolean => STAFF_ROUTES.some((name) => matchesRoute(name, path));

/**
 * The page the router shows at a path inside the market (base path already removed), as in
 * routes.tsx; null when the route is not a public page of this table (staff pages, unknown paths).
 */
export function pageForPath(localPath: string, variant: Variant): PageName | null {
  const path = localPath.replace(/\/+$/, '') || '/';
  if (path === ROUTES.landing) return 'landing';
  if (variant.mode !== 'default') return null;
  // The three-step variants redirect /form to /form/1 in the browser, the single pages /form/N to
  // /form (a language switch between the two keeps the applicant on a form).
  if (path === ROUTES.form || isFormStep(path)) return variant.layout === 'steps' ? 'steps' : 'application';
  if (matchesRoute('editRedirect', path)) return 'editRedirect';
  if (path === ROUTES.thankYou) return 'thankYou';
  if (path === ROUTES.myDataRequest || path === ROUTES.updateLinkRequest) return 'linkRequest';
  if (path === ROUTES.linkSent) return 'linkSent';
  if (matchesRoute('myData', path)) return 'myData';
  if (matchesRoute('myApplication', path)) return 'myApplication';
  if (path === ROUTES.fieldConfirmation) return 'fieldConfirmation';
  if (path === ROUTES.finder) return 'finder';
  if (matchesRoute('finderListing', path)) return 'finderListing';
  return (LEGAL_PAGES[variant.country] as Record<string, PageName>)[path] ?? null;
}

/**
 * Whether the server answers this path (base path removed) with the app as a page (200) rather
 * than the not-found view (404). /form/1..3 is a page on every market, since a draft link of
 * another language's steps opens there (routes.tsx StepRoute).
 */
export function isPagePath(localPath: string, variant: Variant): boolean {
  const path = localPath.replace(/\/+$/, '') || '/';
  if (pageForPath(path, variant) !== null) return true;
  if (isFormStep(path)) return true;
  return isStaffPage(path);
}
