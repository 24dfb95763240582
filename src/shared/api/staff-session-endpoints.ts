// Who is signed in and signing out: the two staff endpoints every staff page calls, in a module of
// their own so that a staff page's first load does not build the other endpoints' request schemas
// (staff-endpoints.ts re-exports them).
import type { StaffMe } from '../schemas/staff.ts';
import type { Contract } from './contract.ts';

export const me: Contract<undefined, StaffMe, 'GET'> = { method: 'GET', path: '/api/auth/me', request: null };
export const signOut: Contract<Record<string, never>, undefined, 'POST'> = { method: 'POST', path: '/api/auth/sign-out', request: null };
