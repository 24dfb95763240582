// POST /api/auth/verify {token}: what comes next (TOTP enrolment, a TOTP code, or nothing).
import * as Api from '#shared/api/staff-endpoints.ts';
import type { SignInNext } from '#shared/schemas/staff.ts';
import { callApi } from '../../../../lib/api-client.ts';

type VerifyNext = SignInNext;
export type VerifyResult = { kind: 'ok'; next: VerifyNext; returnTo: string | null } | { kind: 'invalid' } | { kind: 'tooManyRequests' } | { kind: 'failed' };

export async function verifySignIn(token: string): Promise<VerifyResult> {
  try {
    const { ok, httpStatus, body } = await callApi(Api.verify, { request: { token } });
    if (httpStatus === 429) return { kind: 'tooManyRequests' };
    if (httpStatus === 400 || httpStatus === 401 || httpStatus === 403 || httpStatus === 410) return { kind: 'invalid' };
    if (!ok || body?.status !== 'ok') return { kind: 'failed' };
    const next = body.data?.next;
    if (next !== 'totp-setup' && next !== 'totp' && next !== 'done') return { kind: 'failed' };
    return { kind: 'ok', next, returnTo: typeof body.data?.returnTo === 'string' ? body.data.returnTo : null };
  } catch {
    return { kind: 'failed' };
  }
}
