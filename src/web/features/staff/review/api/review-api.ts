// The review desk's calls (src/shared/api/review-endpoints.ts), each answering what the page
// needs to know: the data, nobody signed in (401), no access (403), field errors, or a failure.
import * as ReviewApi from '#shared/api/review-endpoints.ts';
import * as ReviewChecksApi from '#shared/api/review-checks-endpoints.ts';
import * as StaffApi from '#shared/api/staff-endpoints.ts';
import type { ReviewListQuery } from '#shared/api/review-endpoints.ts';
import type { ActivityPage } from '#shared/schemas/activity-log.ts';
import type { ProgrammeReport } from '#shared/schemas/programme-report.ts';
import { ApiMessage } from '#shared/schemas/api.ts';
import type { ReviewChecks } from '#shared/schemas/review-checks.ts';
import type { WorkloadAnswer } from '#shared/schemas/reviewer-markets.ts';
import type { AgeBandCounts, Decision, ReviewClaim, ReviewDetail, ReviewerItem, ReviewList } from '#shared/schemas/review.ts';
import { callApi, type ApiResult } from '../../../../lib/api-client.ts';

export type Loaded<T> = { kind: 'ok'; data: T } | { kind: 'signedOut' } | { kind: 'forbidden' } | { kind: 'notFound' } | { kind: 'failed' };
export type Sent<T = undefined> =
  | { kind: 'ok'; data: T }
  | { kind: 'fieldErrors'; errors: Record<string, string> }
  | { kind: 'conflict'; message: string; data?: unknown }
  | { kind: 'signedOut' }
  | { kind: 'forbidden' }
  /** message: what the person is told instead of the generic failure (i18n key), when the server says. */
  | { kind: 'failed'; message?: string };

function loaded<T>(result: ApiResult<T>, isData: (value: unknown) => boolean): Loaded<T> {
  if (result.httpStatus === 401) return { kind: 'signedOut' };
  if (result.httpStatus === 403) return { kind: 'forbidden' };
  if (result.httpStatus === 404) return { kind: 'notFound' };
  const body = result.body;
  if (!result.ok || body?.status !== 'ok' || !isData(body.data)) return { kind: 'failed' };
  return { kind: 'ok', data: body.data as T };
}

function sent<T>(result: ApiResult<T>): Sent<T> {
  const body = result.body;
  if (result.httpStatus === 401) return { kind: 'signedOut' };
  if (result.httpStatus === 403) return { kind: 'forbidden' };
  if (result.httpStatus === 400 && body?.errors && typeof body.errors === 'object') return { kind: 'fieldErrors', errors: body.errors };
  if (result.httpStatus === 409) return { kind: 'conflict', message: typeof body?.message === 'string' ? body.message : '', data: body?.data };
  if (body?.message === ApiMessage.noPublicAddress) return { kind: 'failed', message: ApiMessage.noPublicAddress };
  if (!result.ok || body?.status !== 'ok') return { kind: 'failed' };
  return { kind: 'ok', data: body.data as T };
}

const guard = async <R>(call: () => Promise<R>, failure: R): Promise<R> => {
  try {
    return await call();
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    return failure;
  }
};

const isObject = (value: unknown) => typeof value === 'object' && value !== null;

export const getQueue = (request: ReviewListQuery, signal?: AbortSignal): Promise<Loaded<ReviewList>> =>
  guard(async () => loaded(await callApi(ReviewApi.applications, { request, signal }), (d) => isObject(d) && Array.isArray((d as ReviewList).items)), {
    kind: 'failed',
  });

export const getApplication = (id: string, signal?: AbortSignal): Promise<Loaded<ReviewDetail>> =>
  guard(async () => loaded(await callApi(ReviewApi.application, { params: { id }, signal }), (d) => isObject(d) && Array.isArray((d as ReviewDetail).fields)), {
    kind: 'failed',
  });

/** The checks on one application (issue 25): changes since the change request, duplicate flags, the register link. */
export const getChecks = (id: string, signal?: AbortSignal): Promise<Loaded<ReviewChecks>> =>
  guard(
    async () => loaded(await callApi(ReviewChecksApi.checks, { params: { id }, signal }), (d) => isObject(d) && Array.isArray((d as ReviewChecks).duplicates)),
    { kind: 'failed' },
  );

/** A decision; the internal note and the confirmation of someone else's claim are sent only when there is one. */
export const sendDecision = (id: string, decision: Decision, reason: string, extra: { internalNote?: string; confirmClaim?: boolean } = {}) =>
  guard(
    async () =>
      sent(
        await callApi(ReviewApi.decision, {
          params: { id },
          request: {
            decision,
            reason,
            ...(extra.internalNote ? { internalNote: extra.internalNote } : {}),
            ...(extra.confirmClaim ? { confirmClaim: true } : {}),
          },
        }),
      ),
    { kind: 'failed' } as Sent<{ status: string }>,
  );

export const addInternalNote = (id: string, note: string) =>
  guard(async () => sent(await callApi(ReviewApi.internalNote, { params: { id }, request: { note } })), { kind: 'failed' } as Sent);

/** "I am reviewing this"; `confirm` takes over someone else's claim. */
export const claimApplication = (id: string, confirm = false) =>
  guard(async () => sent(await callApi(ReviewApi.claim, { params: { id }, request: confirm ? { confirm } : {} })), { kind: 'failed' } as Sent<ReviewClaim>);

export const releaseClaim = (id: string) =>
  guard(async () => sent(await callApi(ReviewApi.releaseClaim, { params: { id }, request: {} })), { kind: 'failed' } as Sent);

export const getAgeBands = (signal?: AbortSignal): Promise<Loaded<AgeBandCounts[]>> =>
  guard(async () => loaded(await callApi(ReviewApi.ageBands, { signal }), Array.isArray), { kind: 'failed' });

export const getReviewers = (signal?: AbortSignal): Promise<Loaded<ReviewerItem[]>> =>
  guard(async () => loaded(await callApi(ReviewApi.reviewers, { signal }), Array.isArray), { kind: 'failed' });

export const getWorkload = (signal?: AbortSignal): Promise<Loaded<WorkloadAnswer>> =>
  guard(async () => loaded(await callApi(ReviewApi.workload, { signal }), (d) => isObject(d) && Array.isArray((d as WorkloadAnswer).reviewers)), {
    kind: 'failed',
  });

export const disableReviewer = (id: string) =>
  guard(async () => sent(await callApi(ReviewApi.disableReviewer, { params: { id }, request: {} })), { kind: 'failed' } as Sent);

/** The main admin's activity log (GET /api/admin/activity), one page. */
export const getActivityLog = (page: number, signal?: AbortSignal): Promise<Loaded<ActivityPage>> =>
  guard(
    async () =>
      loaded(await callApi(StaffApi.activityLog, { request: { page: String(page) }, signal }), (d) => isObject(d) && Array.isArray((d as ActivityPage).items)),
    { kind: 'failed' },
  );

/** The programme report (issue 41 item 3) of the months asked for (YYYY-MM; the last twelve without). */
export const getProgrammeReport = (months: { from?: string; to?: string }, signal?: AbortSignal): Promise<Loaded<ProgrammeReport>> =>
  guard(
    async () =>
      loaded(
        await callApi(StaffApi.programmeReport, { request: { from: months.from, to: months.to, lang: undefined }, signal }),
        (d) => isObject(d) && Array.isArray((d as ProgrammeReport).rows),
      ),
    { kind: 'failed' },
  );
