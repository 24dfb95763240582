// "Email me a link to continue": POST /api/drafts saves the answers so far and e-mails a link
// {origin}{basePath}/form/{step}?draft={token}; GET /api/drafts/{token} returns them.
import type { Country, Language } from '#shared/markets.ts';
import * as Api from '#shared/api/draft-endpoints.ts';
import { ApiMessage } from '#shared/schemas/api.ts';
import type { RequestOf } from '#shared/api/contract.ts';
import { callApi } from '../api-client.ts';

export type DraftRequest = RequestOf<typeof Api.saveDraft>;

/** sent; tooMany: today's links for this address are used up; botCheck: the solution was refused; failed. */
export type DraftOutcome = 'sent' | 'tooMany' | 'botCheck' | 'failed';

export interface Draft {
  country: Country;
  language: Language;
  step: number;
  data: Record<string, unknown>;
}

/** What became of the draft. Rejects on a network failure. */
export async function saveDraft(request: DraftRequest, signal?: AbortSignal): Promise<DraftOutcome> {
  const { ok, httpStatus, body } = await callApi(Api.saveDraft, { request, signal });
  if (ok && body?.status === 'ok') return 'sent';
  if (httpStatus === 429 && body?.message === ApiMessage.tooManyDrafts) return 'tooMany';
  if (httpStatus === 400 && body?.errors?.recaptchaToken) return 'botCheck';
  return 'failed';
}

/** The draft, or null when the link is unknown or expired. Rejects on a network failure. */
export async function getDraft(token: string, signal?: AbortSignal): Promise<Draft | null> {
  const { ok, body } = await callApi(Api.getDraft, { params: { token }, signal });
  if (!ok || !body || body.status !== 'ok' || !body.data || typeof body.data !== 'object') return null;
  const draft = body.data;
  return draft.data && typeof draft.data === 'object' ? draft : null;
}
