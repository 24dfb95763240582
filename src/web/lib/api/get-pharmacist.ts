// GET /api/get-pharmacist?id= (spec §7): a stored application for prefill.
// The answer is {status, data} or, from older back ends, the record itself.
import type { UkRegistrationPayload } from '#shared/schemas/registration.ts';
import * as Api from '#shared/api/endpoints.ts';
import { callApi } from '../api-client.ts';

export type StoredPharmacist = Partial<Record<keyof UkRegistrationPayload, unknown>> & Record<string, unknown>;

/** Resolves with the record, or null when the answer is not ok (the page shows the error view). */
export async function getPharmacist(id: string, signal?: AbortSignal): Promise<StoredPharmacist | null> {
  const { ok, body } = await callApi(Api.getPharmacist, { request: { id }, signal });
  if (!ok || !body || body.status === 'failed') return null;
  if (body.data && typeof body.data === 'object') return body.data;
  if (body.status === undefined) return body as StoredPharmacist;
  return null;
}
