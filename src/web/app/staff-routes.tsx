// Staff routes (Italy's field staff, reviewers, main admin): sign-in by e-mailed link, then the
// signed-in pages inside StaffArea (guard + "signed in as" bar). routes.tsx passes in the lazily
// loaded pages, made with its page() helper, in one list, so no staff code ships with the public pages.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { routerPath, type STAFF_ROUTES } from '#shared/routes.ts';
import { REP_HOME_MESSAGE_FILES } from '../features/staff/rep/rep-messages.ts';

type StaffRouteName = (typeof STAFF_ROUTES)[number];

/** A staff page: its route in the route table and its component; `open` pages need no sign-in, the others sit inside StaffArea. */
export interface StaffPage {
  route: StaffRouteName;
  page: ComponentType;
  open?: boolean;
}

/** Whether a path (without the market's base path) is one of the staff pages. */
export function isStaffPath(pathname: string): boolean {
  return /^\/(signin|areamanager|admin|rep)(\/|$)/.test(pathname);
}

/**
 * Message files every signed-in page loads, the lists included (validation messages live in
 * components.json, call flags and other lists in reference.json).
 */
export const SIGNED_IN_MESSAGES = ['staff', 'components', 'reference'];
/**
 * The area manager's list of pharmacies adds the words of the lists, views and dashboard
 * (manager.json), which the rep's pages never load; it has no form of the catalogue.
 */
export const STAFF_LIST_MESSAGES = [...SIGNED_IN_MESSAGES, 'manager'];
/** The managers', main admin's and reviewers' other pages add the forms' own words (form.json): headings, the error summary, submit. */
export const STAFF_MESSAGES = [...STAFF_LIST_MESSAGES, 'form'];
/** The review desk's pages add their own, and the applicant forms' wording for the field names. */
export const REVIEW_MESSAGES = [...STAFF_MESSAGES, 'review', 'review-checks', 'italy', 'steps'];
/** The main admin's API keys: under the review desk's nav. */
export const API_KEY_MESSAGES = [...REVIEW_MESSAGES, 'api-keys'];
/** The rep's visit form asks the Italian form's questions. */
export const REP_MESSAGES = [...SIGNED_IN_MESSAGES, 'form', 'italy'];
/**
 * The rep's list and thank-you page have their own words (the due days, the distance, the map),
 * which the visit form does not load, and none of the form's.
 */
export const REP_HOME_MESSAGES = [...SIGNED_IN_MESSAGES, ...REP_HOME_MESSAGE_FILES];
/** The area manager's forms also use the shorter Italian form's and the steps' wording. */
export const STAFF_FORM_MESSAGES = [...STAFF_MESSAGES, 'italy', 'steps'];

/** The staff pages as routes: the open ones, then the signed-in ones inside `StaffArea` (the guard and the staff bar around an <Outlet />). */
export function staffRoutes(StaffArea: ComponentType, pages: readonly StaffPage[]): RouteObject[] {
  const routeOf = ({ route, page: Page }: StaffPage): RouteObject => ({ path: routerPath(route), element: <Page /> });
  return [...pages.filter((page) => page.open).map(routeOf), { element: <StaffArea />, children: pages.filter((page) => !page.open).map(routeOf) }];
}
