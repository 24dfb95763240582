// Where each staff role starts (router path, without the market's base path), and whose area an
// area manager owns. Read by the server (the sign-in link's return path, the access policy) and
// by the browser (after sign-in, the "own page" test), so both use the same rule.
import type { StaffRole } from './schemas/staff.ts';
import { routePath } from './routes.ts';

export interface StaffIdentity {
  id: string;
  role: StaffRole;
}

/** The area manager whose pharmacies and reps this user owns: an area manager's own id, else none. */
export function ownAreaManagerId(user: StaffIdentity): string | null {
  return user.role === 'area_manager' ? user.id : null;
}

export function staffHomePath(user: StaffIdentity): string {
  switch (user.role) {
    case 'main_admin':
      return routePath('mainAdmin');
    case 'area_manager':
      return routePath('areaManagerHome', { areaManagerId: user.id });
    case 'sales_rep':
      return routePath('repHome', { repId: user.id });
    case 'reviewer':
      return routePath('review');
  }
}
