// GET /api/v1/register/rep/pharmacies?assignedreptoken={repId}[&lat=&lng=]: the rep's assigned
// pharmacies in visit order, a bare array (spec §7 "list read directly"), which the
// answer-envelope client does not read. The position is sent only when the rep gave it.
import * as Api from '#shared/api/staff-endpoints.ts';
import type { RepPharmacyItem } from '#shared/schemas/staff-rep-list.ts';
import type { Position } from '#shared/visit-due.ts';
import { apiPath } from '../../../lib/api-client.ts';
import type { ListResult } from '../api/staff-list.ts';

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

/** Six decimals (about 10 cm) are more than a phone's position means. */
const rounded = (value: number) => String(Math.round(value * 1e6) / 1e6);

export async function getRepPharmacies(repId: string, signal?: AbortSignal, position?: Position | null): Promise<ListResult<RepPharmacyItem>> {
  const query = { assignedreptoken: repId, ...(position ? { lat: rounded(position.lat), lng: rounded(position.lng) } : {}) };
  const response = await fetch(apiPath(Api.repPharmacies.path, query), { headers: { accept: 'application/json' }, credentials: 'same-origin', signal });
  if (response.status === 401) return { kind: 'signedOut' };
  if (response.status === 403) return { kind: 'forbidden' };
  if (!response.ok) return { kind: 'failed' };
  const list: unknown = await response.json().catch(() => null);
  return Array.isArray(list) ? { kind: 'ok', items: list.map(pharmacyOf).filter((p) => p !== null) } : { kind: 'failed' };
}
