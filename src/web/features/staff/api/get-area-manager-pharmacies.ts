// GET /api/areamanager-get-pharmacies?id={areaManagerId}: the manager's pharmacies.
import * as Api from '#shared/api/staff-endpoints.ts';
import { callApi } from '../../../lib/api-client.ts';
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
  return listResult(await callApi(Api.areaManagerPharmacies, { request: { id: areaManagerId }, signal }), isPharmacy);
}
