import { describe, expect, it } from 'vitest';
import { STAFF_ROUTES, matchesRoute, routePath } from './routes.ts';
import { staffHomePath } from './staff-home.ts';
import { isPagePath } from './page-modules.ts';
import { resolveVariant } from './markets.ts';

describe('the route table', () => {
  it('fills and encodes parameters, and refuses a missing one', () => {
    expect(routePath('repHome', { repId: 'a b/c' })).toBe('/rep/home/a%20b%2Fc');
    expect(routePath('landing')).toBe('/');
    expect(() => routePath('areaManagerHome')).toThrow(/areaManagerId/);
  });

  it('matches a route with any one-segment parameter, and nothing longer', () => {
    expect(matchesRoute('areaManagerHome', '/areamanager/home/abc')).toBe(true);
    expect(matchesRoute('areaManagerHome', '/areamanager/home/abc/x')).toBe(false);
    expect(matchesRoute('thankYou', '/thank-you')).toBe(true);
  });

  it('gives every staff role a home that is a staff page of the table', () => {
    const uk = resolveVariant('uk', 'en');
    for (const role of ['main_admin', 'area_manager', 'sales_rep', 'reviewer'] as const) {
      const home = staffHomePath({ id: 'u-1', role });
      expect(
        STAFF_ROUTES.some((name) => matchesRoute(name, home)),
        home,
      ).toBe(true);
      expect(isPagePath(home, uk)).toBe(true);
    }
  });
});
