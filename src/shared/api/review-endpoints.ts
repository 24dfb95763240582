// The review desk's endpoints (issue 13, DESIGN §6): the queue, one application, a decision, and
// the main admin's reviewer accounts; issue 25: internal notes, claims and the queue's age bands. Import as a namespace: `import * as ReviewApi`.
import type * as z from 'zod/mini';
import {
  ClaimSchema,
  DecisionSchema,
  InternalNoteSchema,
  type AgeBandCounts,
  type AgeFilter,
  type ApplicationStatus,
  type ReviewClaim,
  type ReviewDetail,
  type ReviewerItem,
  type ReviewList,
} from '../schemas/review.ts';
import type { ClockState } from '../decision-clock.ts';
import type { Country } from '../markets.ts';
import type { ALL_MARKETS, WorkloadAnswer } from '../schemas/reviewer-markets.ts';
import type { Contract } from './contract.ts';

export type ReviewListQuery = {
  status?: ApplicationStatus;
  market?: Country | typeof ALL_MARKETS;
  age?: AgeFilter;
  clock?: ClockState;
  q?: string;
  page?: string;
};

/** `data` is the list with its `total` (and the page it is). */
export const applications: Contract<ReviewListQuery, ReviewList, 'GET'> = { method: 'GET', path: '/api/review/applications', request: null };
export const application: Contract<undefined, ReviewDetail, 'GET'> = { method: 'GET', path: '/api/review/applications/:id', request: null };
export const decision: Contract<z.input<typeof DecisionSchema>, { status: ApplicationStatus }, 'POST'> = {
  method: 'POST',
  path: '/api/review/applications/:id/decision',
  request: DecisionSchema,
};
/** A note for the reviewers only, at any time; never mailed. */
export const internalNote: Contract<z.input<typeof InternalNoteSchema>, undefined, 'POST'> = {
  method: 'POST',
  path: '/api/review/applications/:id/notes',
  request: InternalNoteSchema,
};
/** "I am reviewing this": 409 `claimedByOther` when someone else holds it, unless `confirm`. */
export const claim: Contract<z.input<typeof ClaimSchema>, ReviewClaim, 'POST'> = {
  method: 'POST',
  path: '/api/review/applications/:id/claim',
  request: ClaimSchema,
};
/** Ends the signed-in reviewer's own claim (nobody else's). */
export const releaseClaim: Contract<Record<string, never>, undefined, 'POST'> = { method: 'POST', path: '/api/review/applications/:id/release', request: null };
export const ageBands: Contract<undefined, AgeBandCounts[], 'GET'> = { method: 'GET', path: '/api/review/age-bands', request: null };
export const reviewers: Contract<undefined, ReviewerItem[], 'GET'> = { method: 'GET', path: '/api/review/reviewers', request: null };
/** The main admin's view of each reviewer's open claims and decisions this week (issue 41 item 2). */
export const workload: Contract<undefined, WorkloadAnswer, 'GET'> = { method: 'GET', path: '/api/review/workload', request: null };
export const disableReviewer: Contract<Record<string, never>, undefined, 'POST'> = { method: 'POST', path: '/api/review/reviewers/:id/disable', request: null };
