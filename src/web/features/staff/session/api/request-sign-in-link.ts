// POST /api/auth/magic-link: always {status:'ok'} whether the address exists or not; 429 when
// asked too often. The link is e-mailed to {origin}{basePath}/signin/verify?token=...
import * as Api from '#shared/api/staff-endpoints.ts';
import { ApiMessage } from '#shared/schemas/api.ts';
import { callApi } from '../../../../lib/api-client.ts';

export type SignInLinkResult = 'sent' | 'tooManyRequests' | 'invalidEmail' | 'noPublicAddress' | 'failed';

export async function requestSignInLink(body: { email: string; returnTo?: string; basePath: string }): Promise<SignInLinkResult> {
  try {
    const { ok, httpStatus, body: answer } = await callApi(Api.magicLink, { request: body });
    if (httpStatus === 429) return 'tooManyRequests';
    if (answer?.message === ApiMessage.noPublicAddress) return 'noPublicAddress';
    if (httpStatus === 400 && answer?.errors && 'email' in answer.errors) return 'invalidEmail';
    return ok && answer?.status === 'ok' ? 'sent' : 'failed';
  } catch {
    return 'failed';
  }
}
