// The stored record a form opens prefilled (its catalogue entry's `prefill`): an applicant's
// application (GET /api/get-pharmacist?id=) or a field pharmacy (GET /api/rep-get-pharmacy?id=).
import * as Api from '#shared/api/endpoints.ts';
import { FormApi, type AnyFormContract } from '#shared/api/form-endpoints.ts';
import { callApi } from '../api-client.ts';
import { getPharmacist, LINK_NOT_VALID } from './get-pharmacist.ts';

/** A record that exists but is not the signed-in staff member's (403): the page says so, not that the service is down. */
export const NO_ACCESS = 'noAccess';

/**
 * The record; LINK_NOT_VALID for an edit link the server does not know; NO_ACCESS for a record not
 * this staff member's; null when the answer is not ok (the page shows the error view).
 */
export async function getRecord(
  prefill: NonNullable<AnyFormContract['prefill']>,
  id: string,
): Promise<Record<string, unknown> | typeof LINK_NOT_VALID | typeof NO_ACCESS | null> {
  // An edit link that no longer works is told apart from a failure (the page says so).
  if (prefill.path === Api.getPharmacist.path) return getPharmacist(id);
  const { ok, httpStatus, body } = await callApi(prefill, { request: { id } });
  // A field-signed pharmacist's link that expired or was used is told apart too.
  if (httpStatus === 404 && prefill.path === FormApi['field-confirmation'].prefill?.path) return LINK_NOT_VALID;
  if (httpStatus === 403) return NO_ACCESS;
  return ok && body?.status === 'ok' && body.data && typeof body.data === 'object' ? (body.data as Record<string, unknown>) : null;
}
