// POST /api/auth/totp/enable {code} (first sign-in: confirms the enrolment) and
// POST /api/auth/totp {code} (every later sign-in). 429 means locked for a while.
import * as Api from '#shared/api/staff-endpoints.ts';
import { callApi } from '../../../lib/api-client.ts';

export type TotpResult = 'ok' | 'wrongCode' | 'locked' | 'expired' | 'failed';

export async function sendTotpCode(code: string, purpose: 'enable' | 'check'): Promise<TotpResult> {
  try {
    const { ok, httpStatus, body } = await callApi(purpose === 'enable' ? Api.totpEnable : Api.totp, { request: { code } });
    if (httpStatus === 429) return 'locked';
    // 400: a wrong or malformed code; 401: the half-finished sign-in has lapsed.
    if (httpStatus === 400) return 'wrongCode';
    if (httpStatus === 401) return 'expired';
    return ok && body?.status === 'ok' ? 'ok' : 'failed';
  } catch {
    return 'failed';
  }
}
