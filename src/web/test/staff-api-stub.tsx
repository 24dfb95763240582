// A fake staff API behind fetch for the staff page tests.
import { vi } from 'vitest';
import type { StaffUser } from '../features/staff/session/staff-user.ts';

export type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export const ADMIN: StaffUser = {
  id: 'u-admin',
  email: 'admin@example.it',
  firstName: 'Anna',
  lastName: 'Verdi',
  role: 'main_admin',
  areaManagerId: null,
  mfaPassed: true,
};
// As GET /api/auth/me answers for an area manager: their own id, no manager of their own.
export const MANAGER: StaffUser = {
  id: 'am-1',
  email: 'marco@example.it',
  firstName: 'Marco',
  lastName: 'Rossi',
  role: 'area_manager',
  areaManagerId: null,
  mfaPassed: true,
};

export function stubStaffApi(routes: Record<string, Handler>) {
  const calls: { path: string; method: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ path: url.pathname, method: init?.method ?? 'GET', body, headers: (init?.headers ?? {}) as Record<string, string> });
    const handler = routes[`${init?.method ?? 'GET'} ${url.pathname}`];
    if (!handler) return json({ status: 'failed', message: 'not found' }, 404);
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, bodyOf: (path: string) => calls.filter((c) => c.path === path).at(-1)?.body as Record<string, unknown> | undefined };
}
