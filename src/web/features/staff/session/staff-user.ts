// The signed-in member of staff (GET /api/auth/me, shared StaffMe), the check of that answer, and
// the sign-in paths. Where each role starts is src/shared/staff-home.ts, as on the server.
import type { StaffMe } from '#shared/schemas/staff.ts';
import { routePath } from '#shared/routes.ts';
import { STAFF_ROLES } from '#shared/staff-roles.ts';

const SIGN_IN = routePath('signIn');

export type StaffUser = StaffMe;

export function isStaffUser(value: unknown): value is StaffUser {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.email === 'string' && (STAFF_ROLES as readonly unknown[]).includes(v.role);
}

/**
 * A returnTo value we may navigate to: a path on this site, never another origin ('//x',
 * '/\x', 'https:'), and never the sign-in pages themselves.
 */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if ([...value].some((c) => c.charCodeAt(0) < 32) || value.length > 500) return null;
  if (value === SIGN_IN || value.startsWith(`${SIGN_IN}/`) || value.startsWith(`${SIGN_IN}?`)) return null;
  return value;
}

/** The sign-in page, coming back to `returnTo` afterwards. */
export function signInPath(returnTo?: string | null): string {
  const safe = safeReturnTo(returnTo);
  return safe ? `${SIGN_IN}?returnTo=${encodeURIComponent(safe)}` : SIGN_IN;
}

/**
 * The server keeps returnTo as a path of the whole site (with the market's base path, '/it/...'),
 * while the router works below the base path: these convert between the two.
 */
export function withBasePath(path: string, basePath: string): string {
  return `${basePath}${path}`;
}

export function withoutBasePath(path: string | null, basePath: string): string | null {
  if (!path || !basePath) return path;
  if (path === basePath) return '/';
  return path.startsWith(`${basePath}/`) || path.startsWith(`${basePath}?`) ? path.slice(basePath.length) || '/' : path;
}
