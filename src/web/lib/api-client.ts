// The one place the browser talks to our API. Paths are relative to the site root ('/api/...'),
// never to the market's base path, so every market shares one API.

/** The answer envelope of every call (DESIGN §6). */
export interface ApiAnswer<T = unknown> {
  status?: 'ok' | 'failed' | (string & {});
  message?: string;
  data?: T;
  /** Field -> i18n key, on HTTP 400 'invalid'. */
  errors?: Record<string, string>;
  [extra: string]: unknown;
}

export interface ApiResult<T = unknown> {
  /** HTTP 2xx. */
  ok: boolean;
  httpStatus: number;
  /** The parsed JSON object; null when the reply was empty or not a JSON object. */
  body: ApiAnswer<T> | null;
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT';
  json?: unknown;
  signal?: AbortSignal;
}

/** Parses a reply text into an answer object, or null when it is empty or not a JSON object. */
export function parseAnswer<T>(text: string): ApiAnswer<T> | null {
  if (!text || !text.trim()) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ApiAnswer<T>) : null;
  } catch {
    return null;
  }
}

/**
 * Calls the API. Resolves with the HTTP status and parsed body whatever the status;
 * rejects only on a network failure or abort.
 */
export async function apiFetch<T = unknown>(path: string, { method = 'GET', json, signal }: ApiRequest = {}): Promise<ApiResult<T>> {
  if (!path.startsWith('/api/')) throw new Error(`API paths start with /api/: ${path}`);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
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
