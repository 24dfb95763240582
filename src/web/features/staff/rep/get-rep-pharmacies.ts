// GET /api/v1/register/rep/pharmacies?assignedreptoken={repId}: the rep's assigned pharmacies in
// visit order, a bare array (spec §7 "list read directly"), which the answer-envelope client does
// not read. The rep's position never goes with it: distances are worked out on the phone (issue 42
// item 7, docs/decisions/0073; no-rep-position.test.ts checks it).
import * as Api from '#shared/api/staff-endpoints.ts';
import type { RepPharmacyItem } from '#shared/schemas/staff-rep-list.ts';
import { apiPath } from '../../../lib/api-client.ts';
import type { ListResult } from '../shared/api/staff-list.ts';

const coordinate = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** A row as the page reads it; fields a server of an earlier version did not send read as absent. */
function pharmacyOf(value: unknown): RepPharmacyItem | null {
  const v = value as Record<string, unknown> | null;
  if (!v || typeof v.id !== 'string' || typeof v.pharmacyName !== 'string') return null;
  return {
    ...(v as unknown as RepPharmacyItem),
    callHistory: Array.isArray(v.callHistory) ? (v.callHistory as RepPharmacyItem['callHistory']) : [],
    nextVisit: typeof v.nextVisit === 'string' ? v.nextVisit : null,
    lat: coordinate(v.lat),
    lng: coordinate(v.lng),
    distanceKm: coordinate(v.distanceKm),
  };
}

export async function getRepPharmacies(repId: string, signal?: AbortSignal): Promise<ListResult<RepPharmacyItem>> {
  const response = await fetch(apiPath(Api.repPharmacies.path, { assignedreptoken: repId }), {
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
    signal,
  });
  if (response.status === 401) return { kind: 'signedOut' };
  if (response.status === 403) return { kind: 'forbidden' };
  if (!response.ok) return { kind: 'failed' };
  const list: unknown = await response.json().catch(() => null);
  return Array.isArray(list) ? { kind: 'ok', items: list.map(pharmacyOf).filter((p) => p !== null) } : { kind: 'failed' };
}
