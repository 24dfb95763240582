// The public site's routes (spec §2 "Common routes"). Pages load lazily, so each route ships
// only its own code; the map and bot check are split further inside the form.
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useParams, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalPath, useSite } from './site-context.tsx';
import { Header } from '../features/layout/header.tsx';
import { Footer } from '../features/layout/footer.tsx';
import { SkipLink } from '../features/layout/skip-link.tsx';
import { CookieNotice } from '../features/consent/cookie-notice.tsx';

const LandingPage = lazy(() => import('../features/landing/landing-page.tsx').then((m) => ({ default: m.LandingPage })));
const UkFormPage = lazy(() => import('../features/registration/uk-form-page.tsx').then((m) => ({ default: m.UkFormPage })));
const ThankYouPage = lazy(() => import('../features/registration/thank-you-page.tsx').then((m) => ({ default: m.ThankYouPage })));
const EditRedirectPage = lazy(() => import('../features/registration/edit-redirect-page.tsx').then((m) => ({ default: m.EditRedirectPage })));
const PrivacyPolicyPage = lazy(() => import('../features/legal/privacy-policy-page.tsx').then((m) => ({ default: m.PrivacyPolicyPage })));
const TermsPage = lazy(() => import('../features/legal/terms-page.tsx').then((m) => ({ default: m.TermsPage })));
const NotFoundPage = lazy(() => import('../features/not-found/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })));

function PageLoading() {
  const { t } = useTranslation();
  return (
    <p className="page-loading" role="status">
      {t('common.loading')}
    </p>
  );
}

function Layout() {
  return (
    <>
      <SkipLink />
      <CookieNotice />
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

/** /form: the single-page form of en-uk; three-step variants start at /form/1. */
function FormRoute() {
  const { variant } = useSite();
  const localPath = useLocalPath();
  if (variant.layout === 'steps') return <Navigate to={localPath(`/form/1${window.location.search}`)} replace />;
  if (variant.country === 'uk') return <UkFormPage />;
  return <NotFoundPage />;
}

/** /form/:step: the three-step variants (built with the Germany issue). */
function StepRoute() {
  const { step } = useParams();
  const { variant } = useSite();
  if (variant.layout !== 'steps' || !['1', '2', '3'].includes(step ?? '')) return <NotFoundPage />;
  return <NotFoundPage />;
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <LandingPage /> },
      { path: 'form', element: <FormRoute /> },
      { path: 'form/:step', element: <StepRoute /> },
      { path: 'thank-you', element: <ThankYouPage /> },
      { path: 'pharmacist/edit/:id', element: <EditRedirectPage /> },
      { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
      { path: 'terms-and-conditions', element: <TermsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
