// GET /api/mainadmin-get-areamanagers: every area manager (main admin only).
import { apiFetch } from '../../../lib/api-client.ts';
import { listResult, type ListResult } from './staff-list.ts';

export interface AreaManager {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

function isAreaManager(value: unknown): value is AreaManager {
  const v = value as Record<string, unknown> | null;
  return Boolean(v) && typeof v!.id === 'string' && typeof v!.email === 'string';
}

export async function getAreaManagers(signal?: AbortSignal): Promise<ListResult<AreaManager>> {
  return listResult(await apiFetch('/api/mainadmin-get-areamanagers', { signal }), isAreaManager);
}
