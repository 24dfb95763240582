// GET /api/get-pharmacist?id= (spec §7): a stored application for prefill.
// The answer is {status, data} or, from older back ends, the record itself.
import type { UkRegistrationPayload } from '#shared/schemas/registration.ts';
import * as Api from '#shared/api/endpoints.ts';
import { callApi } from '../api-client.ts';

export type StoredPharmacist = Partial<Record<keyof UkRegistrationPayload, unknown>> & Record<string, unknown>;

/** The server knows no application by this token (unknown, replaced by a newer link, or expired). */
export const LINK_NOT_VALID = 'linkNotValid';

/**
 * Resolves with the record; LINK_NOT_VALID when the server answers 404 (the page says the link is
 * no longer valid); null for any other answer that is not ok (the page shows the error view).
 */
export async function getPharmacist(id: string, signal?: AbortSignal): Promise<StoredPharmacist | typeof LINK_NOT_VALID | null> {
  const { ok, httpStatus, body } = await callApi(Api.getPharmacist, { request: { id }, signal });
  if (httpStatus === 404) return LINK_NOT_VALID;
  if (!ok || !body || body.status === 'failed') return null;
  if (body.data && typeof body.data === 'object') return body.data;
  if (body.status === undefined) return body as StoredPharmacist;
  return null;
}
