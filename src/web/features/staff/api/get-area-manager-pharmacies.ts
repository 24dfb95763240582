// GET /api/areamanager-get-pharmacies?id={areaManagerId}: the manager's pharmacies.
import { apiFetch, apiPath } from '../../../lib/api-client.ts';
import { listResult, type ListResult } from './staff-list.ts';

export interface AreaPharmacy {
  id: string;
  pharmacyName: string;
  fullAddress: string;
  callHistory?: unknown;
  currentCallFlag?: string | null;
}

function isPharmacy(value: unknown): value is AreaPharmacy {
  const v = value as Record<string, unknown> | null;
  return Boolean(v) && typeof v!.id === 'string' && typeof v!.pharmacyName === 'string';
}

export async function getAreaManagerPharmacies(areaManagerId: string, signal?: AbortSignal): Promise<ListResult<AreaPharmacy>> {
  return listResult(await apiFetch(apiPath('/api/areamanager-get-pharmacies', { id: areaManagerId }), { signal }), isPharmacy);
}
