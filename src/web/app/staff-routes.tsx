// Staff routes (Italy's field staff, reviewers, main admin): sign-in by e-mailed link, then the
// signed-in pages inside StaffArea (guard + "signed in as" bar). routes.tsx passes in the lazily
// loaded pages, made with its page() helper, so no staff code ships with the public pages.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { routerPath } from '#shared/routes.ts';

export interface StaffPages {
  SignInPage: ComponentType;
  VerifySignInPage: ComponentType;
  /** Layout of the signed-in pages: the guard and the staff bar around an <Outlet />. */
  StaffArea: ComponentType;
  MainAdminPage: ComponentType;
  AreaManagerHomePage: ComponentType;
  ReviewQueuePage: ComponentType;
  ReviewDetailPage: ComponentType;
  ReviewersPage: ComponentType;
  AddReviewerPage: ComponentType;
  // The rep's pages (issue 12); the legal pages are public.
  RepHomePage: ComponentType;
  RepFormPage: ComponentType;
  RepThankYouPage: ComponentType;
  RepPrivacyPolicyPage: ComponentType;
  RepTermsPage: ComponentType;
}

/** Whether a path (without the market's base path) is one of the staff pages. */
export function isStaffPath(pathname: string): boolean {
  return /^\/(signin|areamanager|admin|rep)(\/|$)/.test(pathname);
}

/** Message files every staff page loads (validation messages live in form.json, call flags and other lists in reference.json). */
export const STAFF_MESSAGES = ['staff', 'form', 'components', 'reference'];
/** The review desk's pages add their own, and the applicant forms' wording for the field names. */
export const REVIEW_MESSAGES = [...STAFF_MESSAGES, 'review', 'italy', 'steps'];

/** The rep's pages also name call flags and oncology statuses (reference) and ask the Italian form's questions (italy). */
export const REP_MESSAGES = [...STAFF_MESSAGES, 'reference', 'italy'];

export function staffRoutes(pages: StaffPages): RouteObject[] {
  const { SignInPage, VerifySignInPage, StaffArea, MainAdminPage, AreaManagerHomePage, ReviewQueuePage, ReviewDetailPage, ReviewersPage, AddReviewerPage } = pages;
  const { RepHomePage, RepFormPage, RepThankYouPage, RepPrivacyPolicyPage, RepTermsPage } = pages;
  return [
    { path: routerPath('signIn'), element: <SignInPage /> },
    { path: routerPath('verifySignIn'), element: <VerifySignInPage /> },
    { path: routerPath('repPrivacyPolicy'), element: <RepPrivacyPolicyPage /> },
    { path: routerPath('repTerms'), element: <RepTermsPage /> },
    {
      element: <StaffArea />,
      children: [
        { path: routerPath('mainAdmin'), element: <MainAdminPage /> },
        { path: routerPath('areaManagerHome'), element: <AreaManagerHomePage /> },
        { path: routerPath('review'), element: <ReviewQueuePage /> },
        { path: routerPath('reviewApplication'), element: <ReviewDetailPage /> },
        { path: routerPath('reviewers'), element: <ReviewersPage /> },
        { path: routerPath('addReviewer'), element: <AddReviewerPage /> },
        { path: routerPath('repHome'), element: <RepHomePage /> },
        { path: routerPath('repForm'), element: <RepFormPage /> },
        { path: routerPath('repThankYou'), element: <RepThankYouPage /> },
      ],
    },
  ];
}
