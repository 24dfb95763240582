// "E-mail me a link" (POST /api/update-link, POST /api/data-rights/request) and the data rights
// behind the link (GET /api/data-rights/:token, POST /api/data-rights/:token/erase).
import * as Api from '#shared/api/applicant-link-endpoints.ts';
import type { MyDataExport } from '#shared/schemas/applicant-links.ts';
import { callApi } from '../api-client.ts';

/** sent: the server took the request (the same answer whether or not the address is known); botCheck: the solution was refused. */
export type LinkRequestOutcome = 'sent' | 'botCheck' | 'tooMany' | 'failed';

export type LinkPurpose = 'update' | 'dataRights';

const CONTRACTS = { update: Api.requestUpdateLink, dataRights: Api.requestDataRights } as const;

/** Asks for a link with a solved bot check. Rejects on a network failure. */
export async function requestApplicantLink(
  purpose: LinkPurpose,
  request: { email: string; recaptchaToken: string; basePath: string },
): Promise<LinkRequestOutcome> {
  const { ok, httpStatus, body } = await callApi(CONTRACTS[purpose], { request });
  if (ok && body?.status === 'ok') return 'sent';
  if (httpStatus === 400 && body?.errors?.recaptchaToken) return 'botCheck';
  if (httpStatus === 429) return 'tooMany';
  return 'failed';
}

/** The applicant's data; 'notValid' when the link names nothing (unknown, expired, erased). Rejects on a network failure. */
export async function getMyData(token: string): Promise<MyDataExport | 'notValid' | null> {
  const { ok, httpStatus, body } = await callApi(Api.getMyData, { params: { token } });
  if (httpStatus === 404) return 'notValid';
  if (!ok || body?.status !== 'ok' || !body.data) return null;
  return body.data;
}

/** Erases the applicant's data: 'erased', 'notValid' or 'failed'. Rejects on a network failure. */
export async function eraseMyData(token: string): Promise<'erased' | 'notValid' | 'failed'> {
  const { ok, httpStatus, body } = await callApi(Api.eraseMyData, { params: { token } });
  if (ok && body?.status === 'ok') return 'erased';
  return httpStatus === 404 ? 'notValid' : 'failed';
}
