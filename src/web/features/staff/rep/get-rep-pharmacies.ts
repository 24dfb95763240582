// GET /api/v1/register/rep/pharmacies?assignedreptoken={repId}: the rep's assigned pharmacies,
// a bare array (spec §7 "list read directly"), which the answer-envelope client does not read.
import * as Api from '#shared/api/staff-endpoints.ts';
import type { FieldPharmacyItem } from '#shared/schemas/staff.ts';
import { apiPath } from '../../../lib/api-client.ts';
import type { ListResult } from '../api/staff-list.ts';

function isPharmacy(value: unknown): value is FieldPharmacyItem {
  const v = value as Record<string, unknown> | null;
  return Boolean(v) && typeof v!.id === 'string' && typeof v!.pharmacyName === 'string';
}

export async function getRepPharmacies(repId: string, signal?: AbortSignal): Promise<ListResult<FieldPharmacyItem>> {
  const response = await fetch(apiPath(Api.repPharmacies.path, { assignedreptoken: repId }), { headers: { accept: 'application/json' }, credentials: 'same-origin', signal });
  if (response.status === 401) return { kind: 'signedOut' };
  if (response.status === 403) return { kind: 'forbidden' };
  if (!response.ok) return { kind: 'failed' };
  const list: unknown = await response.json().catch(() => null);
  return Array.isArray(list) ? { kind: 'ok', items: list.filter(isPharmacy) } : { kind: 'failed' };
}
