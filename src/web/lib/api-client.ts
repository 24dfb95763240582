// The one place the browser talks to our API. Paths are relative to the site root ('/api/...'),
// never to the market's base path, so every market shares one API. Each call names its contract
// in src/shared/api, which gives its method, path and types.
import type { AnswerOf, Contract, RequestOf } from '#shared/api/contract.ts';
import { pathOf } from '#shared/api/contract.ts';
import type { ApiAnswer } from '#shared/schemas/api.ts';

/** An answer as received: the envelope of DESIGN §6, each part possibly missing (the server is not trusted either). */
export type ReceivedAnswer<T = unknown> = Partial<ApiAnswer<T>> & Record<string, unknown>;

export interface ApiResult<T = unknown> {
  /** HTTP 2xx. */
  ok: boolean;
  httpStatus: number;
  /** The parsed JSON object; null when the reply was empty or not a JSON object. */
  body: ReceivedAnswer<T> | null;
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT';
  json?: unknown;
  /** Sent as it is (multipart/form-data); the browser sets the content type. */
  form?: FormData;
  signal?: AbortSignal;
  /** Further request headers (the rep visit's Idempotency-Key). */
  headers?: Record<string, string>;
}

/** Parses a reply text into an answer object, or null when it is empty or not a JSON object. */
export function parseAnswer<T>(text: string): ReceivedAnswer<T> | null {
  if (!text || !text.trim()) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ReceivedAnswer<T>) : null;
  } catch {
    return null;
  }
}

/**
 * Calls the API. Resolves with the HTTP status and parsed body whatever the status;
 * rejects only on a network failure or abort.
 */
export async function apiFetch<T = unknown>(path: string, { method = 'GET', json, form, signal, headers: extra }: ApiRequest = {}): Promise<ApiResult<T>> {
  if (!path.startsWith('/api/')) throw new Error(`API paths start with /api/: ${path}`);
  const headers: Record<string, string> = { ...extra, accept: 'application/json' };
  if (json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    body: form ?? (json === undefined ? undefined : JSON.stringify(json)),
    credentials: 'same-origin',
    signal,
  });
  const text = await response.text();
  return { ok: response.ok, httpStatus: response.status, body: parseAnswer<T>(text) };
}

/** Builds '/api/x?a=1' from a path and query values, leaving out empty ones. */
export function apiPath(path: string, query: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export interface CallOptions<Request> {
  /** The JSON body of a POST or PUT, or the query of a GET. */
  request?: Request;
  /** Values of the path's `:name` segments. */
  params?: Record<string, string>;
  /** A multipart body instead of JSON. */
  form?: FormData;
  signal?: AbortSignal;
  /** Extra request headers (a queued visit's Idempotency-Key). */
  headers?: Record<string, string>;
}

/** Calls one endpoint as its contract says (method, path, request and answer types). */
export function callApi<C extends Contract<unknown, unknown>>(
  endpoint: C,
  { request, params, form, signal, headers }: CallOptions<RequestOf<C>> = {},
): Promise<ApiResult<AnswerOf<C>>> {
  const path = pathOf(endpoint, params);
  if (endpoint.method === 'GET') return apiFetch<AnswerOf<C>>(apiPath(path, (request ?? {}) as Record<string, string | undefined>), { signal, headers });
  return apiFetch<AnswerOf<C>>(path, { method: endpoint.method, json: form ? undefined : (request ?? {}), form, signal, headers });
}
