// The stored record a form opens prefilled (its catalogue entry's `prefill`): an applicant's
// application (GET /api/get-pharmacist?id=) or a field pharmacy (GET /api/rep-get-pharmacy?id=).
import type { FormDef } from '#shared/forms/model.ts';
import { apiFetch, apiPath } from '../api-client.ts';
import { getPharmacist, type LINK_NOT_VALID } from './get-pharmacist.ts';

/** The record; LINK_NOT_VALID for an edit link the server does not know; null when the answer is not ok (the page shows the error view). */
export async function getRecord(prefill: NonNullable<FormDef['prefill']>, id: string): Promise<Record<string, unknown> | typeof LINK_NOT_VALID | null> {
  if (prefill.param === 'pharmacistId') return getPharmacist(id);
  const { ok, body } = await apiFetch(apiPath(prefill.from, { id }));
  return ok && body?.status === 'ok' && body.data && typeof body.data === 'object' ? (body.data as Record<string, unknown>) : null;
}
