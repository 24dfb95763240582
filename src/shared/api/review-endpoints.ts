// The review desk's endpoints (issue 13, DESIGN §6): the queue, one application, a decision, and
// the main admin's reviewer accounts. Import as a namespace: `import * as ReviewApi`.
import type * as z from 'zod/mini';
import { DecisionSchema, type ApplicationStatus, type AgeFilter, type ReviewDetail, type ReviewerItem, type ReviewList } from '../schemas/review.ts';
import type { Country } from '../markets.ts';
import type { Contract } from './contract.ts';

export type ReviewListQuery = { status?: ApplicationStatus; market?: Country; age?: AgeFilter; q?: string; page?: string };

/** `data` is the list with its `total` (and the page it is). */
export const applications: Contract<ReviewListQuery, ReviewList, 'GET'> = { method: 'GET', path: '/api/review/applications', request: null };
export const application: Contract<undefined, ReviewDetail, 'GET'> = { method: 'GET', path: '/api/review/applications/:id', request: null };
export const decision: Contract<z.input<typeof DecisionSchema>, { status: ApplicationStatus }, 'POST'> = { method: 'POST', path: '/api/review/applications/:id/decision', request: DecisionSchema };
export const reviewers: Contract<undefined, ReviewerItem[], 'GET'> = { method: 'GET', path: '/api/review/reviewers', request: null };
export const disableReviewer: Contract<Record<string, never>, undefined, 'POST'> = { method: 'POST', path: '/api/review/reviewers/:id/disable', request: null };
