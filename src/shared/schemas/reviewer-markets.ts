// Reviewers by market (issue 41 item 2, docs/decisions/0066): the markets a reviewer reviews (none:
// every market), the queue's "all markets" choice, and the main admin's workload view.
import * as z from 'zod/mini';
import { COUNTRIES, type Country } from '../markets.ts';
import { ErrorKey } from './fields.ts';

/** The queue's market filter that overrides a reviewer's own markets. */
export const ALL_MARKETS = 'all';

/** The reviewer-markets form's field: each market at most once; none ticked is every market. */
export const ReviewerMarketsSchema = z.pipe(
  z.array(z.enum(COUNTRIES, { error: ErrorKey.invalid }), { error: ErrorKey.invalid }).check(z.maxLength(COUNTRIES.length, { error: ErrorKey.invalid })),
  z.transform((markets: Country[]) => COUNTRIES.filter((c) => markets.includes(c))),
);

/** Whether an application of `market` is outside a reviewer's markets (none set: nothing is). */
export const outsideMarkets = (markets: readonly Country[], market: Country) => markets.length > 0 && !markets.includes(market);

/** GET /api/review/reviewers/markets?id= : the record the form opens on (a type, not an interface, so it is a prefill's `Record<string, unknown>`). */
export type ReviewerMarketsRecord = {
  reviewerId: string;
  firstName: string;
  lastName: string;
  markets: Country[];
};

/** GET /api/review/workload rows: one per reviewer. */
export interface ReviewerWorkload {
  id: string;
  firstName: string;
  lastName: string;
  disabled: boolean;
  markets: Country[];
  /** Applications they hold a live claim on now. */
  openClaims: number;
  /** Decisions they took since Monday 00:00 of this week (`timeZone`). */
  decisionsThisWeek: number;
}

export interface WorkloadAnswer {
  /** When this week began (ISO 8601) and in which time zone it is counted. */
  weekStart: string;
  timeZone: string;
  reviewers: ReviewerWorkload[];
}
