// GET /api/areamanager-get-pharmacies (one page and a total) and GET /api/areamanager-get-pharmacy
// (one pharmacy with its call history), for the manager's home and the view page.
import * as Api from '#shared/api/staff-endpoints.ts';
import { isCallFlag, type CallFlag } from '#shared/reference/call-flags.ts';
import type { AreaManagerPharmacyDetail, AreaManagerPharmacyItem } from '#shared/schemas/staff.ts';
import { callApi } from '../../../../lib/api-client.ts';

export interface PharmacyFilters {
  q: string;
  callFlag: string;
  due: boolean;
  page: number;
}

export type PageResult = { kind: 'ok'; items: AreaManagerPharmacyItem[]; total: number } | { kind: 'signedOut' } | { kind: 'forbidden' } | { kind: 'failed' };
export type DetailResult = { kind: 'ok'; pharmacy: AreaManagerPharmacyDetail } | { kind: 'signedOut' } | { kind: 'forbidden' } | { kind: 'failed' };

const refusal = (httpStatus: number) => (httpStatus === 401 ? ({ kind: 'signedOut' } as const) : httpStatus === 403 ? ({ kind: 'forbidden' } as const) : null);

export async function getPharmacyPage(areaManagerId: string, filters: PharmacyFilters, signal?: AbortSignal): Promise<PageResult> {
  const callFlag: CallFlag | '' = isCallFlag(filters.callFlag) ? filters.callFlag : '';
  const request = { id: areaManagerId, page: String(filters.page), q: filters.q, callFlag, due: filters.due ? ('1' as const) : ('' as const) };
  const result = await callApi(Api.areaManagerPharmacies, { request, signal });
  const refused = refusal(result.httpStatus);
  if (refused) return refused;
  const body = result.body;
  if (!result.ok || body?.status !== 'ok') return { kind: 'failed' };
  // Spec §7: a missing data list means an empty list.
  const items = Array.isArray(body.data) ? body.data : [];
  return { kind: 'ok', items, total: typeof body.total === 'number' ? body.total : items.length };
}

export async function getPharmacy(id: string, signal?: AbortSignal): Promise<DetailResult> {
  const result = await callApi(Api.areaManagerPharmacy, { request: { id }, signal });
  const refused = refusal(result.httpStatus);
  if (refused) return refused;
  const data = result.body?.data;
  if (!result.ok || result.body?.status !== 'ok' || !data || typeof data.id !== 'string') return { kind: 'failed' };
  return { kind: 'ok', pharmacy: data };
}

/** Where the browser downloads the CSV (a plain link: the server sends it as an attachment). */
export const csvExportPath = (areaManagerId: string) => `${Api.accordCsv.path}?id=${encodeURIComponent(areaManagerId)}`;
