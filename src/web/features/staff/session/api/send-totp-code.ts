// POST /api/auth/totp/enable {code} (first sign-in: confirms the enrolment) and
// POST /api/auth/totp {code} (every later sign-in). 429 means locked for a while; 500 with
// secondFactorUnreadable, that the server cannot check codes for this account (its key problem, to report).
import * as Api from '#shared/api/staff-endpoints.ts';
import { StaffMessage } from '#shared/schemas/staff.ts';
import { callApi } from '../../../../lib/api-client.ts';

export type TotpResult = 'ok' | 'wrongCode' | 'locked' | 'expired' | 'unreadable' | 'failed';

export async function sendTotpCode(code: string, purpose: 'enable' | 'check'): Promise<TotpResult> {
  try {
    const { ok, httpStatus, body } = await callApi(purpose === 'enable' ? Api.totpEnable : Api.totp, { request: { code } });
    if (httpStatus === 429) return 'locked';
    // 400: a wrong or malformed code; 401: the half-finished sign-in has lapsed.
    if (httpStatus === 400) return 'wrongCode';
    if (httpStatus === 401) return 'expired';
    if (httpStatus === 500 && body?.message === StaffMessage.secondFactorUnreadable) return 'unreadable';
    return ok && body?.status === 'ok' ? 'ok' : 'failed';
  } catch {
    return 'failed';
  }
}
