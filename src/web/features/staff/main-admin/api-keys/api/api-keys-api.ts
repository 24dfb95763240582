// The main admin's API key calls (src/shared/api/api-client-endpoints.ts): the list, rotate and
// revoke; issuing is the catalogue form's own submit.
import * as ApiClientApi from '#shared/api/api-client-endpoints.ts';
import type { ApiClientItem, IssuedApiKey } from '#shared/schemas/api-clients.ts';
import { callApi, type ApiResult } from '../../../../../lib/api-client.ts';

export type ApiKeysLoad = { kind: 'ok'; data: ApiClientItem[] } | { kind: 'signedOut' } | { kind: 'forbidden' } | { kind: 'failed' };
export type ApiKeyChange<T> = { kind: 'ok'; data: T } | { kind: 'signedOut' } | { kind: 'forbidden' } | { kind: 'gone' } | { kind: 'failed' };

function outcome<T>(result: ApiResult<T>, isData: (value: unknown) => boolean): ApiKeyChange<T> {
  if (result.httpStatus === 401) return { kind: 'signedOut' };
  if (result.httpStatus === 403) return { kind: 'forbidden' };
  if (result.httpStatus === 404) return { kind: 'gone' };
  if (!result.ok || result.body?.status !== 'ok' || !isData(result.body.data)) return { kind: 'failed' };
  return { kind: 'ok', data: result.body.data as T };
}

export async function getApiKeys(signal?: AbortSignal): Promise<ApiKeysLoad> {
  const result = outcome(await callApi(ApiClientApi.apiClients, { signal }), Array.isArray);
  return result.kind === 'gone' ? { kind: 'failed' } : result;
}

/** An issued or rotated key as the server answers it: the client and the key in clear. */
export const isIssuedKey = (value: unknown): value is IssuedApiKey =>
  typeof value === 'object' && value !== null && typeof (value as IssuedApiKey).key === 'string' && typeof (value as IssuedApiKey).client?.id === 'string';

export async function rotateApiKey(id: string): Promise<ApiKeyChange<IssuedApiKey>> {
  return outcome(await callApi(ApiClientApi.rotateApiKey, { params: { id }, request: {} }), isIssuedKey);
}

export async function revokeApiKey(id: string): Promise<ApiKeyChange<ApiClientItem>> {
  return outcome(await callApi(ApiClientApi.revokeApiKey, { params: { id }, request: {} }), (value) => typeof value === 'object' && value !== null);
}
