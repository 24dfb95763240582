// What a staff list call can answer: the data, nobody signed in (401), no access (403), or a failure.
import type { ApiResult } from '../../../../lib/api-client.ts';

export type ListResult<T> = { kind: 'ok'; items: T[] } | { kind: 'signedOut' } | { kind: 'forbidden' } | { kind: 'failed' };

export function listResult<T>(result: ApiResult<unknown>, isItem: (value: unknown) => value is T): ListResult<T> {
  if (result.httpStatus === 401) return { kind: 'signedOut' };
  if (result.httpStatus === 403) return { kind: 'forbidden' };
  const body = result.body;
  if (!result.ok || !body || body.status !== 'ok') return { kind: 'failed' };
  // Spec §7: a missing data list means an empty list.
  const data = body.data ?? [];
  if (!Array.isArray(data)) return { kind: 'failed' };
  return { kind: 'ok', items: data.filter(isItem) };
}
