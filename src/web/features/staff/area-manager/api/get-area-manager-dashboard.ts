// GET /api/areamanager-dashboard?id={areaManagerId}: the figures of the manager's dashboard.
import * as Api from '#shared/api/staff-endpoints.ts';
import type { AreaManagerDashboard } from '#shared/schemas/dashboard.ts';
import { callApi } from '../../../../lib/api-client.ts';

export type DashboardResult = { kind: 'ok'; dashboard: AreaManagerDashboard } | { kind: 'signedOut' } | { kind: 'forbidden' } | { kind: 'failed' };

function isDashboard(value: unknown): value is AreaManagerDashboard {
  const v = value as Partial<AreaManagerDashboard> | null;
  return Boolean(v) && Array.isArray(v!.pipeline) && Array.isArray(v!.points) && Array.isArray(v!.joins?.months) && Array.isArray(v!.joins?.reps);
}

export async function getAreaManagerDashboard(areaManagerId: string, signal?: AbortSignal): Promise<DashboardResult> {
  const result = await callApi(Api.areaManagerDashboard, { request: { id: areaManagerId }, signal });
  if (result.httpStatus === 401) return { kind: 'signedOut' };
  if (result.httpStatus === 403) return { kind: 'forbidden' };
  const data = result.body?.data;
  return result.ok && result.body?.status === 'ok' && isDashboard(data) ? { kind: 'ok', dashboard: data } : { kind: 'failed' };
}
