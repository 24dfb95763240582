// GET /api/auth/me: who is signed in; 401 when nobody is.
import * as Api from '#shared/api/staff-session-endpoints.ts';
import { callApi } from '../../../../lib/api-client.ts';
import { isStaffUser, type StaffUser } from '../staff-user.ts';

export type MeResult = { kind: 'signedIn'; user: StaffUser } | { kind: 'signedOut' } | { kind: 'failed' };

export async function getMe(signal?: AbortSignal): Promise<MeResult> {
  const { ok, httpStatus, body } = await callApi(Api.me, { signal });
  if (httpStatus === 401) return { kind: 'signedOut' };
  if (!ok || body?.status !== 'ok' || !isStaffUser(body.data)) return { kind: 'failed' };
  return { kind: 'signedIn', user: { ...body.data, areaManagerId: body.data.areaManagerId ?? null, mfaPassed: body.data.mfaPassed !== false } };
}
