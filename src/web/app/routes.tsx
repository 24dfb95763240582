// The public site's routes (spec §2 "Common routes"). Pages load lazily, so each route ships
// only its own code; the map and bot check are split further inside the form.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useParams, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SiteProvider, useLocalPath, useSite } from '../lib/site-context.tsx';
import type { Mode } from '#shared/markets.ts';
import { Header } from '../features/layout/header.tsx';
import { Footer } from '../features/layout/footer.tsx';
import { SkipLink } from '../features/layout/skip-link.tsx';
import { CookieNotice } from '../features/consent/cookie-notice.tsx';
import { PAGE_MESSAGES, isLegalPageOf, type PageName } from '#shared/page-modules.ts';
import { ROUTES, routePath, routerPath } from '#shared/routes.ts';
import { loadFeatureMessages } from '../lib/i18n.ts';
import {
  API_KEY_MESSAGES,
  REP_HOME_MESSAGES,
  REP_MESSAGES,
  REVIEW_MESSAGES,
  SIGNED_IN_MESSAGES,
  STAFF_FORM_MESSAGES,
  STAFF_LIST_MESSAGES,
  STAFF_MESSAGES,
  isStaffPath,
  staffRoutes,
  type StaffPage,
} from './staff-routes.tsx';

/**
 * A lazily loaded page that also loads its own message files (src/shared/i18n/messages/<lang>/<name>.json).
 * Public pages take their message lists from #shared/page-modules.ts (PAGE_MESSAGES), which the server also reads
 * to preload the route's chunks; page-modules.test.ts checks that the import paths here match it.
 */
function page(load: () => Promise<ComponentType>, messages: readonly string[] = []) {
  return lazy(async () => {
    const [component] = await Promise.all([load(), loadFeatureMessages(messages)]);
    return { default: component };
  });
}

const LandingPage = page(() => import('../features/landing/landing-page.tsx').then((m) => m.LandingPage), PAGE_MESSAGES.landing);
const ApplicationPage = page(() => import('../forms/application-page.tsx').then((m) => m.ApplicationPage), PAGE_MESSAGES.application);
const StepsPage = page(() => import('../forms/steps-application-page.tsx').then((m) => m.StepsApplicationPage as ComponentType), PAGE_MESSAGES.steps);
const ThankYouPage = page(() => import('../features/after-applying/thank-you-page.tsx').then((m) => m.ThankYouPage), PAGE_MESSAGES.thankYou);
const EditRedirectPage = page(() => import('../features/after-applying/edit-redirect-page.tsx').then((m) => m.EditRedirectPage), PAGE_MESSAGES.editRedirect);
const PrivacyPolicyPage = page(() => import('../features/legal/privacy-policy-page.tsx').then((m) => m.PrivacyPolicyPage), PAGE_MESSAGES.privacyPolicy);
const TermsPage = page(() => import('../features/legal/terms-page.tsx').then((m) => m.TermsPage), PAGE_MESSAGES.terms);
const DatenschutzPage = page(() => import('../features/legal/datenschutz-page.tsx').then((m) => m.DatenschutzPage), PAGE_MESSAGES.datenschutz);
const NutzungsbedingungenPage = page(
  () => import('../features/legal/nutzungsbedingungen-page.tsx').then((m) => m.NutzungsbedingungenPage),
  PAGE_MESSAGES.nutzungsbedingungen,
);
const ImpressumPage = page(() => import('../features/legal/impressum-page.tsx').then((m) => m.ImpressumPage), PAGE_MESSAGES.impressum);
const AccessibilityPage = page(() => import('../features/legal/accessibility-page.tsx').then((m) => m.AccessibilityPage), PAGE_MESSAGES.accessibility);
const BarrierefreiheitPage = page(
  () => import('../features/legal/barrierefreiheit-page.tsx').then((m) => m.BarrierefreiheitPage),
  PAGE_MESSAGES.barrierefreiheit,
);
const FinderPage = page(() => import('../features/finder/finder-page.tsx').then((m) => m.FinderPage), PAGE_MESSAGES.finder);
const NotFoundPage = page(() => import('../features/not-found/not-found-page.tsx').then((m) => m.NotFoundPage), PAGE_MESSAGES.notFound);
// Issue 25 item 9: a listing's page shows the not-found view for an id that is not listed.
const FinderListingPage = page(
  () => import('../features/finder/finder-listing-page.tsx').then((m) => () => <m.FinderListingPage notFound={<NotFoundPage />} />),
  PAGE_MESSAGES.finderListing,
);
const DataRightsRequestPage = page(() => import('../forms/link-request-page.tsx').then((m) => m.DataRightsRequestPage), PAGE_MESSAGES.linkRequest);
const UpdateLinkRequestPage = page(() => import('../forms/link-request-page.tsx').then((m) => m.UpdateLinkRequestPage), PAGE_MESSAGES.linkRequest);
const LinkSentPage = page(() => import('../features/data-rights/link-sent-page.tsx').then((m) => m.LinkSentPage), PAGE_MESSAGES.linkSent);
const MyDataPage = page(() => import('../features/data-rights/my-data-page.tsx').then((m) => m.MyDataPage), PAGE_MESSAGES.myData);
const MyApplicationPage = page(
  () => import('../features/my-application/my-application-page.tsx').then((m) => m.MyApplicationPage),
  PAGE_MESSAGES.myApplication,
);
const FieldConfirmationPage = page(() => import('../forms/field-confirmation-page.tsx').then((m) => m.FieldConfirmationPage), PAGE_MESSAGES.fieldConfirmation);
const StaffArea = page(() => import('../features/staff/session/staff-area.tsx').then((m) => m.StaffArea), SIGNED_IN_MESSAGES);
const AreaManagerFormPage = page(
  () => import('../features/staff/area-manager/area-manager-form-pages.tsx').then((m) => m.AreaManagerFormPage),
  STAFF_FORM_MESSAGES,
);
/** Every staff page, by its route (staff-routes.tsx maps them into routes; staff-routes.test.tsx checks that each staff route has one). */
export const staffPages: StaffPage[] = [
  // Sign-in's words (sign-in.json) load with its two pages only, not with every staff route.
  {
    route: 'signIn',
    open: true,
    page: page(() => import('../features/staff/session/sign-in-page.tsx').then((m) => m.SignInPage), [...SIGNED_IN_MESSAGES, 'form', 'sign-in']),
  },
  {
    route: 'verifySignIn',
    open: true,
    page: page(() => import('../features/staff/session/verify-page.tsx').then((m) => m.VerifySignInPage), [...SIGNED_IN_MESSAGES, 'form', 'sign-in']),
  },
  // The rep's and the area manager's legal pages are the public ones, open without signing in.
  { route: 'repPrivacyPolicy', open: true, page: PrivacyPolicyPage },
  { route: 'repTerms', open: true, page: TermsPage },
  {
    route: 'areaManagerPrivacyPolicy',
    open: true,
    page: () => (
      <InMode mode="areamanager">
        <PrivacyPolicyPage />
      </InMode>
    ),
  },
  {
    route: 'areaManagerTerms',
    open: true,
    page: () => (
      <InMode mode="areamanager">
        <TermsPage />
      </InMode>
    ),
  },
  { route: 'mainAdmin', page: page(() => import('../features/staff/main-admin/main-admin-page.tsx').then((m) => m.MainAdminPage), STAFF_MESSAGES) },
  {
    route: 'addAreaManager',
    page: page(() => import('../features/staff/main-admin/add-area-manager-page.tsx').then((m) => m.AddAreaManagerPage), STAFF_MESSAGES),
  },
  {
    route: 'areaManagerHome',
    page: page(() => import('../features/staff/area-manager/area-manager-home-page.tsx').then((m) => m.AreaManagerHomePage), STAFF_LIST_MESSAGES),
  },
  { route: 'review', page: page(() => import('../features/staff/review/review-queue-page.tsx').then((m) => m.ReviewQueuePage), REVIEW_MESSAGES) },
  { route: 'reviewApplication', page: page(() => import('../features/staff/review/review-detail-page.tsx').then((m) => m.ReviewDetailPage), REVIEW_MESSAGES) },
  { route: 'reviewers', page: page(() => import('../features/staff/review/reviewers-page.tsx').then((m) => m.ReviewersPage), REVIEW_MESSAGES) },
  { route: 'addReviewer', page: page(() => import('../features/staff/review/add-reviewer-page.tsx').then((m) => m.AddReviewerPage), REVIEW_MESSAGES) },
  {
    route: 'reviewerMarkets',
    page: page(() => import('../features/staff/review/reviewer-markets-page.tsx').then((m) => m.ReviewerMarketsPage), REVIEW_MESSAGES),
  },
  { route: 'activityLog', page: page(() => import('../features/staff/review/activity-log-page.tsx').then((m) => m.ActivityLogPage), REVIEW_MESSAGES) },
  {
    route: 'programmeReport',
    page: page(() => import('../features/staff/review/programme-report-page.tsx').then((m) => m.ProgrammeReportPage), REVIEW_MESSAGES),
  },
  { route: 'apiKeys', page: page(() => import('../features/staff/main-admin/api-keys/api-keys-page.tsx').then((m) => m.ApiKeysPage), API_KEY_MESSAGES) },
  {
    route: 'issueApiKey',
    page: page(() => import('../features/staff/main-admin/api-keys/issue-api-key-page.tsx').then((m) => m.IssueApiKeyPage), API_KEY_MESSAGES),
  },
  {
    route: 'privacyRecord',
    page: page(() => import('../features/staff/main-admin/privacy/privacy-record-page.tsx').then((m) => m.PrivacyRecordPage), [...REVIEW_MESSAGES, 'privacy']),
  },
  // The rep's pages (issue 12).
  { route: 'repHome', page: page(() => import('../features/staff/rep/rep-home-page.tsx').then((m) => m.RepHomePage), REP_HOME_MESSAGES) },
  { route: 'repForm', page: page(() => import('../features/staff/rep/rep-form-page.tsx').then((m) => m.RepFormPage), REP_MESSAGES) },
  { route: 'repThankYou', page: page(() => import('../features/staff/rep/rep-thank-you-page.tsx').then((m) => m.RepThankYouPage), REP_HOME_MESSAGES) },
  // The area manager's pages (issue 12).
  {
    route: 'areaManagerView',
    page: page(() => import('../features/staff/area-manager/area-manager-view-page.tsx').then((m) => m.AreaManagerViewPage), STAFF_MESSAGES),
  },
  { route: 'areaManagerForm', page: AreaManagerFormPage },
  { route: 'areaManagerFormStep', page: AreaManagerFormPage },
  // Spec §2's redirectors of the staff variants (issue 24 item 5).
  {
    route: 'areaManagerEditRedirect',
    page: page(() => import('../features/staff/session/staff-edit-redirects.tsx').then((m) => m.AreaManagerEditRedirect), STAFF_MESSAGES),
  },
  {
    route: 'areaManagerFormByRecord',
    page: page(() => import('../features/staff/session/staff-edit-redirects.tsx').then((m) => m.AreaManagerFormByRecord), STAFF_MESSAGES),
  },
  { route: 'repEditRedirect', page: page(() => import('../features/staff/session/staff-edit-redirects.tsx').then((m) => m.RepEditRedirect), REP_MESSAGES) },
  // The reps page's own words (reps.json) load with it alone, not with every staff route.
  {
    route: 'areaManagerReps',
    page: page(() => import('../features/staff/area-manager/area-manager-reps-page.tsx').then((m) => m.AreaManagerRepsPage), [...STAFF_MESSAGES, 'reps']),
  },
  {
    route: 'areaManagerAddRep',
    page: page(() => import('../features/staff/area-manager/area-manager-form-pages.tsx').then((m) => m.AddRepPage), STAFF_FORM_MESSAGES),
  },
  {
    route: 'areaManagerPharmacyEdit',
    page: page(() => import('../features/staff/area-manager/area-manager-form-pages.tsx').then((m) => m.PharmacyEditPage), STAFF_FORM_MESSAGES),
  },
  {
    route: 'areaManagerThankYou',
    page: page(() => import('../features/staff/area-manager/area-manager-thank-you-page.tsx').then((m) => m.AreaManagerThankYouPage), STAFF_MESSAGES),
  },
];

/** A page of a mode's channel (/areamanager/...): its links stay in that channel. */
function InMode({ mode, children }: { mode: Mode; children: ReactNode }) {
  const { config } = useSite();
  return (
    <SiteProvider config={config} mode={mode}>
      {children}
    </SiteProvider>
  );
}

function PageLoading() {
  const { t } = useTranslation();
  return (
    <p className="page-loading" role="status">
      {t('common.loading')}
    </p>
  );
}

function Layout() {
  const staff = isStaffPath(useLocation().pathname);
  return (
    <>
      <SkipLink />
      <CookieNotice audience={staff ? 'staff' : 'applicants'} />
      <Header />
      <main id="main" className="main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </>
  );
}

/** /form: the single-page form of en-uk and it-it; three-step variants start at /form/1. */
function FormRoute() {
  const { variant } = useSite();
  const localPath = useLocalPath();
  const { search } = useLocation();
  if (variant.layout === 'steps') return <Navigate to={localPath(`${routePath('formStep', { step: '1' })}${search}`)} replace />;
  return <ApplicationPage />;
}

/**
 * /form/:step: the three-step variants (screens 4-6); a single-page pair goes to /form. A draft link opened in the market's own
 * language may belong to another pair's steps: the step page reloads it in the draft's language.
 */
function StepRoute() {
  const { step } = useParams();
  const { variant } = useSite();
  const { search } = useLocation();
  const draft = new URLSearchParams(search).get('draft');
  const localPath = useLocalPath();
  const number = step === '1' ? 1 : step === '2' ? 2 : step === '3' ? 3 : null;
  if (!number || variant.mode !== 'default') return <NotFoundPage />;
  // A language switch from the steps to a single-page pair lands on that pair's form (answers kept).
  if (variant.layout !== 'steps' && !draft) return <Navigate to={localPath(`${ROUTES.form}${search}`)} replace />;
  const Steps = StepsPage as ComponentType<{ step: 1 | 2 | 3 }>;
  return <Steps key={number} step={number} />;
}

/** A legal page only in the shell the specification gives it (/uk/datenschutz is not a page). */
function LegalRoute({ page, children }: { page: PageName; children: ReactNode }) {
  const { variant } = useSite();
  return isLegalPageOf(variant.country, page) ? children : <NotFoundPage />;
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: routerPath('form'), element: <FormRoute /> },
      { path: routerPath('formStep'), element: <StepRoute /> },
      { path: routerPath('thankYou'), element: <ThankYouPage /> },
      { path: routerPath('editRedirect'), element: <EditRedirectPage /> },
      {
        path: routerPath('privacyPolicy'),
        element: (
          <LegalRoute page="privacyPolicy">
            <PrivacyPolicyPage />
          </LegalRoute>
        ),
      },
      {
        path: routerPath('terms'),
        element: (
          <LegalRoute page="terms">
            <TermsPage />
          </LegalRoute>
        ),
      },
      {
        path: routerPath('datenschutz'),
        element: (
          <LegalRoute page="datenschutz">
            <DatenschutzPage />
          </LegalRoute>
        ),
      },
      {
        path: routerPath('nutzungsbedingungen'),
        element: (
          <LegalRoute page="nutzungsbedingungen">
            <NutzungsbedingungenPage />
          </LegalRoute>
        ),
      },
      {
        path: routerPath('impressum'),
        element: (
          <LegalRoute page="impressum">
            <ImpressumPage />
          </LegalRoute>
        ),
      },
      {
        path: routerPath('accessibility'),
        element: (
          <LegalRoute page="accessibility">
            <AccessibilityPage />
          </LegalRoute>
        ),
      },
      {
        path: routerPath('barrierefreiheit'),
        element: (
          <LegalRoute page="barrierefreiheit">
            <BarrierefreiheitPage />
          </LegalRoute>
        ),
      },
      { path: routerPath('myDataRequest'), element: <DataRightsRequestPage /> },
      { path: routerPath('updateLinkRequest'), element: <UpdateLinkRequestPage /> },
      { path: routerPath('linkSent'), element: <LinkSentPage /> },
      { path: routerPath('myData'), element: <MyDataPage /> },
      { path: routerPath('myApplication'), element: <MyApplicationPage /> },
      { path: routerPath('finder'), element: <FinderPage /> },
      { path: routerPath('finderListing'), element: <FinderListingPage /> },
      { path: routerPath('fieldConfirmation'), element: <FieldConfirmationPage /> },
      ...staffRoutes(StaffArea, staffPages),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
