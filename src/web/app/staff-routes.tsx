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
  StaffHomePage: ComponentType;
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

/** Message files every staff page loads (validation messages live in form.json). */
export const STAFF_MESSAGES = ['staff', 'form', 'components', 'reference'];
/** The staff forms also use the shorter Italian form's, the steps' and the reference lists' wording. */
export const STAFF_FORM_MESSAGES = [...STAFF_MESSAGES, 'italy', 'steps'];

export function staffRoutes(pages: StaffPages): RouteObject[] {
  const { SignInPage, VerifySignInPage, StaffArea, MainAdminPage, AreaManagerHomePage, StaffHomePage } = pages;
  const { AreaManagerViewPage, AreaManagerFormPage, AddRepPage, PharmacyEditPage, AreaManagerThankYouPage, AreaManagerPrivacyPage, AreaManagerTermsPage } = pages;
  return [
    { path: routerPath('signIn'), element: <SignInPage /> },
    { path: routerPath('verifySignIn'), element: <VerifySignInPage /> },
    { path: routerPath('areaManagerPrivacyPolicy'), element: <AreaManagerPrivacyPage /> },
    { path: routerPath('areaManagerTerms'), element: <AreaManagerTermsPage /> },
    {
      element: <StaffArea />,
      children: [
        { path: routerPath('mainAdmin'), element: <MainAdminPage /> },
        { path: routerPath('areaManagerHome'), element: <AreaManagerHomePage /> },
        // The reviewer's desk and the rep's pages come with their own issues; until then a
        // signed-in page, so that signing in never ends on "not found".
        { path: routerPath('review'), element: <StaffHomePage /> },
        { path: routerPath('repHome'), element: <StaffHomePage /> },
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
