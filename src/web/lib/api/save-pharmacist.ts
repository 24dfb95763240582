// POST /api/save-pharmacist (spec §7), the one fetcher for every variant: the single pages send
// the payload as JSON, the three-step variants as multipart/form-data with the certificate.
import * as Api from '#shared/api/endpoints.ts';
import type { SavePharmacistBody } from '#shared/api/endpoints.ts';
import { callApi, type ApiResult } from '../api-client.ts';

export type { SavePharmacistBody };

/** The payload's text fields (booleans as 'true'/'false') and the certificate as the file part `file`. */
export function toFormData(fields: Record<string, unknown>, certificate: File | null): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    body.append(name, typeof value === 'string' ? value : String(value));
  }
  if (certificate) body.append('file', certificate, certificate.name);
  return body;
}

export function savePharmacist(body: SavePharmacistBody | FormData, signal?: AbortSignal): Promise<ApiResult<{ id?: string }>> {
  return body instanceof FormData ? callApi(Api.savePharmacist, { form: body, signal }) : callApi(Api.savePharmacist, { request: body, signal });
}
