// The staff roles, in a module of their own so that the check of who is signed in (every staff
// page's first load) does not build the staff API's request schemas (schemas/staff.ts re-exports them).
export const STAFF_ROLES = ['main_admin', 'reviewer', 'area_manager', 'sales_rep'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
