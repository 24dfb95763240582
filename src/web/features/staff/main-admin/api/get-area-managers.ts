// GET /api/mainadmin-get-areamanagers: every area manager (main admin only).
import * as Api from '#shared/api/staff-endpoints.ts';
import type { AreaManagerItem } from '#shared/schemas/staff.ts';
import { callApi } from '../../../../lib/api-client.ts';
import { listResult, type ListResult } from '../../shared/api/staff-list.ts';

function isAreaManager(value: unknown): value is AreaManagerItem {
  const v = value as Record<string, unknown> | null;
  return Boolean(v) && typeof v!.id === 'string' && typeof v!.email === 'string';
}

export async function getAreaManagers(signal?: AbortSignal): Promise<ListResult<AreaManagerItem>> {
  return listResult(await callApi(Api.areaManagers, { signal }), isAreaManager);
}
