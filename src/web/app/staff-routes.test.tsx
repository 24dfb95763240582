import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isPagePath } from '#shared/page-modules.ts';
import { COUNTRIES, resolveVariant } from '#shared/markets.ts';
import { isStaffPath, staffRoutes, type StaffPages } from './staff-routes.tsx';

const none = () => null;
const pages: StaffPages = {
  SignInPage: none, VerifySignInPage: none, StaffArea: none, MainAdminPage: none, AddAreaManagerPage: none, AreaManagerHomePage: none, ReviewQueuePage: none, ReviewDetailPage: none, ReviewersPage: none, AddReviewerPage: none, RepHomePage: none, RepFormPage: none, RepThankYouPage: none, RepPrivacyPolicyPage: none, RepTermsPage: none,
  AreaManagerViewPage: none, AreaManagerFormPage: none, AddRepPage: none, PharmacyEditPage: none, AreaManagerThankYouPage: none, AreaManagerPrivacyPage: none, AreaManagerTermsPage: none,
};

function paths(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [...(route.path ? [route.path] : []), ...paths(route.children ?? [])]);
}

describe('staff routes', () => {
  it('are all recognised as staff pages (their cookie notice mentions the sign-in cookie), and public pages are not', () => {
    for (const path of paths(staffRoutes(pages))) expect(isStaffPath(`/${path.replace(/:[^/]+/g, 'x')}`), path).toBe(true);
    for (const path of ['/', '/form', '/form/1', '/thank-you', '/privacy-policy', '/datenschutz', '/pharmacist/edit/x', '/signing', '/administration']) {
      expect(isStaffPath(path), path).toBe(false);
    }
  });


  it('are pages for the server on every market (not answered 404)', () => {
    const found = paths(staffRoutes(pages));
    expect(found.length).toBeGreaterThan(0);
    for (const country of COUNTRIES) {
      for (const path of found) {
        const example = `/${path.replace(/:[^/]+/g, '0b6f1c0e-4a8e-4a8e-9c1e-6a1f0b6f1c0e')}`;
        expect(isPagePath(example, resolveVariant(country, 'en')), `${country} ${example}`).toBe(true);
      }
    }
  });
});
