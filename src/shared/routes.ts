// The one route table: every path of a market's site (without its base path), read by the web
// router (src/web/app/routes.tsx, staff-routes.tsx), the server's page/404 decision and preload
// (page-modules.ts) and the staff roles' home paths (staff-home.ts), so a path is written once.
export const ROUTES = {
  landing: '/',
  form: '/form',
  formStep: '/form/:step',
  thankYou: '/thank-you',
  editRedirect: '/pharmacist/edit/:id',
  privacyPolicy: '/privacy-policy',
  terms: '/terms-and-conditions',
  datenschutz: '/datenschutz',
  nutzungsbedingungen: '/nutzungsbedingungen',
  impressum: '/impressum',
  // Issue 41 item 6: the accessibility statement (the German market's under its German name).
  accessibility: '/accessibility',
  barrierefreiheit: '/barrierefreiheit',
  signIn: '/signin',
  verifySignIn: '/signin/verify',
  mainAdmin: '/areamanager/mainadmin',
  addAreaManager: '/areamanager/mainadmin/add',
  areaManagerHome: '/areamanager/home/:areaManagerId',
  review: '/admin/review',
  repHome: '/rep/home/:repId',
  reviewApplication: '/admin/review/:applicationId',
  reviewers: '/admin/reviewers',
  addReviewer: '/admin/reviewers/add',
  // Issue 41 item 2: the markets a reviewer reviews (?reviewerId=).
  reviewerMarkets: '/admin/reviewers/markets',
  activityLog: '/admin/activity',
  // Issue 41 item 3: the programme report (main admin).
  programmeReport: '/admin/programme',
  apiKeys: '/admin/api-keys',
  issueApiKey: '/admin/api-keys/issue',
  // Issue 42 item 4: the record of processing and the retention schedule.
  privacyRecord: '/admin/privacy',
  repForm: '/rep/form',
  repThankYou: '/rep/thank-you',
  repPrivacyPolicy: '/rep/privacy-policy',
  repTerms: '/rep/terms-and-conditions',
  // Applicants' links by e-mail and their data rights (issues 13, 14).
  updateLinkRequest: '/update-link',
  myDataRequest: '/my-data',
  linkSent: '/link-sent',
  myData: '/my-data/:token',
  // Issue 25: the applicant's status page, linked from the "application received" e-mail.
  myApplication: '/my-application/:token',
  // Issue 23: a field-signed pharmacist confirms what was recorded (?token= from their e-mail).
  fieldConfirmation: '/confirm-details',
  // Issue #13: the public finder.
  finder: '/finder',
  // Issue 25 item 9: one listing's own page, by its public listing id.
  finderListing: '/finder/:listingId',
  // The area manager's pages (issue 12).
  areaManagerView: '/areamanager/view',
  areaManagerForm: '/areamanager/form/:areaManagerId',
  areaManagerFormStep: '/areamanager/form/:areaManagerId/:step',
  areaManagerAddRep: '/areamanager/add/rep/:areaManagerId',
  // Issue 24: the manager's reps, their figures, disabling, moving pharmacies, the joins digest.
  areaManagerReps: '/areamanager/reps/:areaManagerId',
  areaManagerPharmacyEdit: '/areamanager/pharmacy/edit/:id',
  // Spec §2's redirectors of the two staff variants (issue 24 item 5): /areamanager/pharmacist/edit/{id}
  // forwards to /areamanager/form?pharmacistId={id}, which opens that pharmacy's edit page;
  // /rep/pharmacist/edit/{id} forwards to /rep/form?pharmacyId={id}.
  areaManagerEditRedirect: '/areamanager/pharmacist/edit/:id',
  areaManagerFormByRecord: '/areamanager/form',
  repEditRedirect: '/rep/pharmacist/edit/:id',
  areaManagerThankYou: '/areamanager/thank-you',
  areaManagerPrivacyPolicy: '/areamanager/privacy-policy',
  areaManagerTerms: '/areamanager/terms-and-conditions',
} as const;

export type RouteName = keyof typeof ROUTES;

/** The staff pages: on every market, never preloaded, signed-in except sign-in itself. */
export const STAFF_ROUTES = [
  'signIn',
  'verifySignIn',
  'mainAdmin',
  'addAreaManager',
  'areaManagerHome',
  'review',
  'repHome',
  'reviewApplication',
  'reviewers',
  'addReviewer',
  'reviewerMarkets',
  'activityLog',
  'programmeReport',
  'apiKeys',
  'issueApiKey',
  'privacyRecord',
  'repForm',
  'repThankYou',
  'repPrivacyPolicy',
  'repTerms',
  'areaManagerView',
  'areaManagerForm',
  'areaManagerFormStep',
  'areaManagerAddRep',
  'areaManagerReps',
  'areaManagerPharmacyEdit',
  'areaManagerEditRedirect',
  'areaManagerFormByRecord',
  'repEditRedirect',
  'areaManagerThankYou',
  'areaManagerPrivacyPolicy',
  'areaManagerTerms',
] as const satisfies readonly RouteName[];

/** A route's path with its `:params` filled in (encoded), e.g. routePath('repHome', { repId: 'a b' }) -> '/rep/home/a%20b'. */
export function routePath(name: RouteName, params: Record<string, string> = {}): string {
  return ROUTES[name].replace(/:(\w+)/g, (_all, param: string) => {
    const value = params[param];
    if (value === undefined) throw new Error(`${ROUTES[name]}: missing ${param}`);
    return encodeURIComponent(value);
  });
}

/** The router's path of a route (relative to the market's root, no leading slash). */
export const routerPath = (name: RouteName): string => ROUTES[name].slice(1);

/** Whether a path (base path removed, no trailing slash) is this route. */
export function matchesRoute(name: RouteName, path: string): boolean {
  const pattern = ROUTES[name].replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+');
  return new RegExp(`^${pattern}$`).test(path);
}
