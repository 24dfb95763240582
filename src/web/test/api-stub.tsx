// Test doubles shared by the registration tests: a fake API behind fetch, and fakes for the
// lazily loaded map and bot-check chunks (jsdom has neither Leaflet's layout nor web workers).
import { vi } from 'vitest';

export type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export const PLACES = [
  { placeId: 'place-boots', name: 'Boots Bold Street', address: '1 Bold Street, Liverpool L1 4DJ', lat: 53.4025, lng: -2.9805 },
  { placeId: 'place-corner', name: 'Corner Pharmacy', address: '9 Lark Lane, Liverpool L17 8US', lat: 53.3801, lng: -2.9469 },
];

/** A fake API: each route answers by default; pass overrides per path. */
export function stubApi(overrides: Record<string, Handler> = {}) {
  const calls: { path: string; method: string; body: unknown }[] = [];
  const defaults: Record<string, Handler> = {
    '/api/places/search': () => json({ status: 'ok', data: PLACES }),
    '/api/check_pharmacy': () => json({ status: 'ok', message: 'not found' }),
    '/api/save-pharmacist': () => json({ status: 'ok', message: 'saved', data: { id: 'a1', reference: 'PC-7K3M9Q' } }),
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ path: url.pathname, method: init?.method ?? 'GET', body });
    const handler = overrides[url.pathname] ?? defaults[url.pathname];
    if (!handler) return json({ status: 'failed', message: 'not found' }, 404);
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, bodyOf: (path: string) => calls.filter((c) => c.path === path).at(-1)?.body as Record<string, unknown> | undefined };
}
