import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isPagePath } from '#shared/page-modules.ts';
import { COUNTRIES, resolveVariant } from '#shared/markets.ts';
import { STAFF_ROUTES } from '#shared/routes.ts';
import { staffPages } from './routes.tsx';
import { isStaffPath, staffRoutes } from './staff-routes.tsx';

const none = () => null;

function paths(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [...(route.path ? [route.path] : []), ...paths(route.children ?? [])]);
}

describe('staff routes', () => {
  it('give each staff route of the route table one page', () => {
    expect(staffPages.map((page) => page.route).sort()).toEqual([...STAFF_ROUTES].sort());
  });

  it('are all recognised as staff pages (their cookie notice mentions the sign-in cookie), and public pages are not', () => {
    for (const path of paths(staffRoutes(none, staffPages))) expect(isStaffPath(`/${path.replace(/:[^/]+/g, 'x')}`), path).toBe(true);
    for (const path of ['/', '/form', '/form/1', '/thank-you', '/privacy-policy', '/datenschutz', '/pharmacist/edit/x', '/signing', '/administration']) {
      expect(isStaffPath(path), path).toBe(false);
    }
  });

  it('are pages for the server on every market (not answered 404)', () => {
    const found = paths(staffRoutes(none, staffPages));
    expect(found.length).toBeGreaterThan(0);
    for (const country of COUNTRIES) {
      for (const path of found) {
        const example = `/${path.replace(/:[^/]+/g, '0b6f1c0e-4a8e-4a8e-9c1e-6a1f0b6f1c0e')}`;
        expect(isPagePath(example, resolveVariant(country, 'en')), `${country} ${example}`).toBe(true);
      }
    }
  });
});
