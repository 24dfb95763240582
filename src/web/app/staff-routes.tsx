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
  AddAreaManagerPage: ComponentType;
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
  // The area manager's pages (issue 12).
  AreaManagerViewPage: ComponentType;
  AreaManagerFormPage: ComponentType;
  AddRepPage: ComponentType;
  PharmacyEditPage: ComponentType;
  AreaManagerThankYouPage: ComponentType;
  /** The legal pages under /areamanager, open without signing in. */
  AreaManagerPrivacyPage: ComponentType;
  AreaManagerTermsPage: ComponentType;
}

/** Whether a path (without the market's base path) is one of the staff pages. */
export function isStaffPath(pathname: string): boolean {
  return /^\/(signin|areamanager|admin|rep)(\/|$)/.test(pathname);
}

/** Message files every staff page loads (validation messages live in form.json, call flags and other lists in reference.json). */
export const STAFF_MESSAGES = ['staff', 'form', 'components', 'reference'];
/** The review desk's pages add their own, and the applicant forms' wording for the field names. */
export const REVIEW_MESSAGES = [...STAFF_MESSAGES, 'review', 'italy', 'steps'];
/** The rep's pages also ask the Italian form's questions. */
export const REP_MESSAGES = [...STAFF_MESSAGES, 'italy'];
/** The area manager's forms also use the shorter Italian form's and the steps' wording. */
export const STAFF_FORM_MESSAGES = [...STAFF_MESSAGES, 'italy', 'steps'];

export function staffRoutes(pages: StaffPages): RouteObject[] {
  const { SignInPage, VerifySignInPage, StaffArea, MainAdminPage, AddAreaManagerPage, AreaManagerHomePage, ReviewQueuePage, ReviewDetailPage, ReviewersPage, AddReviewerPage } = pages;
  const { RepHomePage, RepFormPage, RepThankYouPage, RepPrivacyPolicyPage, RepTermsPage } = pages;
  const { AreaManagerViewPage, AreaManagerFormPage, AddRepPage, PharmacyEditPage, AreaManagerThankYouPage, AreaManagerPrivacyPage, AreaManagerTermsPage } = pages;
  return [
    { path: routerPath('signIn'), element: <SignInPage /> },
    { path: routerPath('verifySignIn'), element: <VerifySignInPage /> },
    { path: routerPath('repPrivacyPolicy'), element: <RepPrivacyPolicyPage /> },
    { path: routerPath('repTerms'), element: <RepTermsPage /> },
    { path: routerPath('areaManagerPrivacyPolicy'), element: <AreaManagerPrivacyPage /> },
    { path: routerPath('areaManagerTerms'), element: <AreaManagerTermsPage /> },
    {
      element: <StaffArea />,
      children: [
        { path: routerPath('mainAdmin'), element: <MainAdminPage /> },
        { path: routerPath('addAreaManager'), element: <AddAreaManagerPage /> },
        { path: routerPath('areaManagerHome'), element: <AreaManagerHomePage /> },
        { path: routerPath('review'), element: <ReviewQueuePage /> },
        { path: routerPath('reviewApplication'), element: <ReviewDetailPage /> },
        { path: routerPath('reviewers'), element: <ReviewersPage /> },
        { path: routerPath('addReviewer'), element: <AddReviewerPage /> },
        { path: routerPath('repHome'), element: <RepHomePage /> },
        { path: routerPath('repForm'), element: <RepFormPage /> },
        { path: routerPath('repThankYou'), element: <RepThankYouPage /> },
        { path: routerPath('areaManagerView'), element: <AreaManagerViewPage /> },
        { path: routerPath('areaManagerForm'), element: <AreaManagerFormPage /> },
        { path: routerPath('areaManagerFormStep'), element: <AreaManagerFormPage /> },
        { path: routerPath('areaManagerAddRep'), element: <AddRepPage /> },
        { path: routerPath('areaManagerPharmacyEdit'), element: <PharmacyEditPage /> },
        { path: routerPath('areaManagerThankYou'), element: <AreaManagerThankYouPage /> },
      ],
    },
  ];
}
