// Which page module (and which of its message files) each public route loads. One table for both
// sides: the web app's router takes the message lists from here (src/web/app/routes.tsx), and the
// server preloads the route's chunks from it (src/server/services/preload.ts), so that the page
// does not wait for a chain of round trips (entry → messages → page chunk → page messages).
// Module paths are Vite manifest keys, relative to src/web.
import { applicantFormIdFor } from './forms/form-for.ts';
import { MARKETS, type Country, type Variant } from './markets.ts';
import type { LegalPageName } from './market-table.ts';
import { matchesRoute, ROUTES, STAFF_ROUTES } from './routes.ts';

/** /form/1, /form/2, /form/3 (the three steps). */
const isFormStep = (path: string) => matchesRoute('formStep', path) && ['1', '2', '3'].includes(path.slice(path.lastIndexOf('/') + 1));

/** Files every page needs: the header, footer, cookie notice and common words. */
export const SHELL_MESSAGES: readonly string[] = ['common', 'layout', 'consent'];

/**
 * The message files (src/shared/i18n/messages/<lang>/<name>.json) each page loads with it. The web router
 * reads this table alone, so the module paths below (which only the server needs) stay out of the
 * browser's entry chunk.
 */
export const PAGE_MESSAGES = {
  landing: ['landing', 'charter'],
  /** The single-page application of en-uk and it-it (the catalogue's entry is chosen by the page). */
  application: ['form', 'components', 'italy'],
  steps: ['form', 'components', 'steps', 'charter'],
  thankYou: ['form'],
  editRedirect: [],
  privacyPolicy: ['legal'],
  terms: ['legal'],
  datenschutz: ['legal'],
  nutzungsbedingungen: ['legal'],
  impressum: ['legal'],
  accessibility: ['legal'],
  barrierefreiheit: ['legal'],
  notFound: [],
  // "E-mail me a link" and the data rights behind it (issues 13, 14).
  /** /my-data and /update-link: the two "e-mail me a link" forms. */
  linkRequest: ['form', 'components', 'myData'],
  linkSent: ['components', 'myData'],
  myData: ['components', 'myData'],
  /** Issue 25: where the application stands, behind the link of the "received" e-mail. */
  myApplication: ['components', 'myApplication'],
  fieldConfirmation: ['form', 'components', 'italy'],
  // Issue #13: the public finder.
  finder: ['finder', 'components', 'preview'],
  /** Issue 25 item 9: one listing's page (/finder/{listingId}); the server answers 404 for an id that is not listed. */
  finderListing: ['finder', 'components', 'preview'],
} as const satisfies Record<string, readonly string[]>;

export type PageName = keyof typeof PAGE_MESSAGES;

/** Each page's module (a Vite manifest key, relative to src/web), for the server's preloader. */
export const PAGE_MODULES: Record<PageName, string> = {
  landing: 'features/landing/landing-page.tsx',
  application: 'forms/application-page.tsx',
  steps: 'forms/steps-application-page.tsx',
  thankYou: 'features/after-applying/thank-you-page.tsx',
  editRedirect: 'features/after-applying/edit-redirect-page.tsx',
  privacyPolicy: 'features/legal/privacy-policy-page.tsx',
  terms: 'features/legal/terms-page.tsx',
  datenschutz: 'features/legal/datenschutz-page.tsx',
  nutzungsbedingungen: 'features/legal/nutzungsbedingungen-page.tsx',
  impressum: 'features/legal/impressum-page.tsx',
  accessibility: 'features/legal/accessibility-page.tsx',
  barrierefreiheit: 'features/legal/barrierefreiheit-page.tsx',
  notFound: 'features/not-found/not-found-page.tsx',
  linkRequest: 'forms/link-request-page.tsx',
  linkSent: 'features/data-rights/link-sent-page.tsx',
  myData: 'features/data-rights/my-data-page.tsx',
  myApplication: 'features/my-application/my-application-page.tsx',
  fieldConfirmation: 'forms/field-confirmation-page.tsx',
  finder: 'features/finder/finder-page.tsx',
  finderListing: 'features/finder/finder-listing-page.tsx',
};

/**
 * The catalogue entries that pages open lazily, each its own module (src/web/forms/form-entry.tsx,
 * decision 0086), as manifest keys: the server preloads the entry a page shows with the page.
 */
export const FORM_ENTRY_MODULES = {
  'apply-uk': 'forms/entries/apply-uk.tsx',
  'apply-it': 'forms/entries/apply-it.tsx',
  'apply-steps': 'forms/entries/apply-steps.tsx',
  'rep-visit': 'forms/entries/rep-visit.tsx',
} as const;
export type LazyFormId = keyof typeof FORM_ENTRY_MODULES;

/**
 * The entry's module a page opens, for the server's preloader: the applicant form of the variant on
 * the form pages, the visit form on the rep's form page (a staff page, whose own module the server
 * does not preload); null for the other pages.
 */
export function formEntryModuleOf(page: PageName | null, variant: Pick<Variant, 'country' | 'layout'>, localPath = ''): string | null {
  if (page === 'application' || page === 'steps') return FORM_ENTRY_MODULES[applicantFormIdFor(variant)];
  if (page === null && matchesRoute('repForm', localPath.replace(/\/+$/, ''))) return FORM_ENTRY_MODULES['rep-visit'];
  return null;
}

export type { LegalPageName };

/**
 * The legal pages of a market's shell (spec §2; its entry's `legal`), in the order its footer links
 * to them: the German texts exist only on the German market. Each has an accessibility statement (issue 41).
 */
export const legalPagesOf = (country: Country): LegalPageName[] => Object.values(MARKETS[country].legal);

/** Whether `page` is one of the legal pages of `country` (a legal route of another market is not found). */
export function isLegalPageOf(country: Country, page: PageName): boolean {
  return (legalPagesOf(country) as PageName[]).includes(page);
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
  return legalPagesOf(variant.country).find((page) => ROUTES[page] === path) ?? null;
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
