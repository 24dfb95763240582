// The reps page's calls (issue 24 item 4): the manager's reps with their figures, disabling and
// enabling a rep, moving all of a rep's pharmacies, and the daily joins digest setting. Each
// answers what the page needs to know: the data, nobody signed in (401), no access (403), field
// errors (400), or a failure.
import * as RepsApi from '#shared/api/field-reps-endpoints.ts';
import type { MoveRepPharmaciesAnswer, RepSummaries } from '#shared/schemas/staff-reps.ts';
import { callApi, type ApiResult } from '../../../../lib/api-client.ts';

export type RepsLoad = { kind: 'ok'; data: RepSummaries } | { kind: 'signedOut' } | { kind: 'forbidden' } | { kind: 'failed' };
export type RepsSent<T = undefined> =
  { kind: 'ok'; data: T } | { kind: 'fieldErrors'; errors: Record<string, string> } | { kind: 'signedOut' } | { kind: 'forbidden' } | { kind: 'failed' };

function sent<T>(result: ApiResult<T>): RepsSent<T> {
  const body = result.body;
  if (result.httpStatus === 401) return { kind: 'signedOut' };
  if (result.httpStatus === 403) return { kind: 'forbidden' };
  if (result.httpStatus === 400 && body?.errors && typeof body.errors === 'object') return { kind: 'fieldErrors', errors: body.errors };
  if (!result.ok || body?.status !== 'ok') return { kind: 'failed' };
  return { kind: 'ok', data: body.data as T };
}

/** A network failure is a failure like any other; an abort (the page left) is passed on. */
async function guard<R>(call: () => Promise<R>, failure: R): Promise<R> {
  try {
    return await call();
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    return failure;
  }
}

export function getRepSummaries(areaManagerId: string, signal?: AbortSignal): Promise<RepsLoad> {
  return guard(
    async () => {
      const result = await callApi(RepsApi.repSummaries, { request: { id: areaManagerId }, signal });
      if (result.httpStatus === 401) return { kind: 'signedOut' } as const;
      if (result.httpStatus === 403) return { kind: 'forbidden' } as const;
      const data = result.body?.data;
      if (!result.ok || result.body?.status !== 'ok' || !data || !Array.isArray(data.reps)) return { kind: 'failed' } as const;
      return { kind: 'ok', data } as const;
    },
    { kind: 'failed' },
  );
}

export const disableRep = (repId: string) => guard(async () => sent(await callApi(RepsApi.disableRep, { request: { repId } })), { kind: 'failed' } as RepsSent);
export const enableRep = (repId: string) => guard(async () => sent(await callApi(RepsApi.enableRep, { request: { repId } })), { kind: 'failed' } as RepsSent);
export const moveRepPharmacies = (fromRepId: string, toRepId: string) =>
  guard(async () => sent(await callApi(RepsApi.moveRepPharmacies, { request: { fromRepId, toRepId } })), {
    kind: 'failed',
  } as RepsSent<MoveRepPharmaciesAnswer>);
export const setJoinsDigest = (areaManagerId: string, joinsDigest: boolean) =>
  guard(async () => sent(await callApi(RepsApi.joinsDigestSetting, { request: { areaManagerId, joinsDigest } })), { kind: 'failed' } as RepsSent<{
    joinsDigest: boolean;
  }>);
