// The review desk (issue 13): the application statuses, the decisions a reviewer takes and which
// status each may start from, the queue's query and the answer shapes, shared by server and pages.
import * as z from 'zod/mini';
import { CLOCK_STATES, type ClockState } from '../decision-clock.ts';
import { COUNTRIES, type Country, type Language } from '../markets.ts';
import { ErrorKey, freeText } from './fields.ts';
import type { ConsentRecordView } from './consents.ts';
import { ALL_MARKETS } from './reviewer-markets.ts';

/** applications.status, fixed for every part of the product (finder: approved only). */
export const APPLICATION_STATUSES = ['submitted', 'changes_requested', 'approved', 'rejected', 'deactivated', 'erased'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

const DECISIONS = ['approve', 'reject', 'request_changes', 'deactivate'] as const;
export type Decision = (typeof DECISIONS)[number];

/** Each decision: the statuses it may be taken from, and the status it leads to. */
export const TRANSITIONS: Record<Decision, { from: readonly ApplicationStatus[]; to: ApplicationStatus }> = {
  approve: { from: ['submitted', 'deactivated'], to: 'approved' },
  reject: { from: ['submitted', 'changes_requested'], to: 'rejected' },
  request_changes: { from: ['submitted'], to: 'changes_requested' },
  deactivate: { from: ['approved'], to: 'deactivated' },
};

export const decisionsFrom = (status: string): Decision[] => DECISIONS.filter((d) => (TRANSITIONS[d].from as readonly string[]).includes(status));

/** How long the edit link of "request changes" works. */
export const EDIT_LINK_DAYS = 30;
/** Waiting longer than this is marked in the queue; longer than OVERDUE_WEEKS highlighted (spec §1: about 4 weeks, then 6). */
export const DUE_WEEKS = 4;
export const OVERDUE_WEEKS = 6;
export const REVIEW_PAGE_SIZE = 25;
/** The queue counts its matches up to this many ("more than 1,000"): filters narrow it further. */
export const REVIEW_TOTAL_CAP = 1000;
export const REASON_MAX_LENGTH = 2000;
/** The reviewers' own note on an application (issue 25): never e-mailed. */
export const INTERNAL_NOTE_MAX_LENGTH = 2000;
/** A claim ("I am reviewing this") lapses this long after the claimer's last action on the application. */
export const REVIEW_CLAIM_IDLE_MINUTES = 30;

/** The queue's first screen counts the applications waiting for a decision in these bands of weeks since submission. */
export const AGE_BANDS = ['under2w', 'from2to4w', 'from4to6w', 'over6w'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];
/** Where each band starts, in weeks since submission. */
export const AGE_BAND_WEEKS: Record<AgeBand, number> = { under2w: 0, from2to4w: 2, from4to6w: 4, over6w: 6 };

const AGE_FILTERS = ['over4w', 'over6w'] as const;
export type AgeFilter = (typeof AGE_FILTERS)[number];

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) => z.optional(z.enum(values, { error: ErrorKey.invalid }));

export const ReviewListQuerySchema = z.object({
  status: optionalEnum(APPLICATION_STATUSES),
  /** One market, 'all', or none: the reviewer's own markets (issue 41 item 2). */
  market: optionalEnum([...COUNTRIES, ALL_MARKETS] as const),
  age: optionalEnum(AGE_FILTERS),
  /** The decision clock's state (issue 41): only applications waiting for a decision have one. */
  clock: optionalEnum(CLOCK_STATES),
  q: z.optional(z.string().check(z.trim(), z.maxLength(100, { error: ErrorKey.tooLong }))),
  page: z._default(
    z.pipe(
      z.coerce.number({ error: ErrorKey.invalid }),
      z.int({ error: ErrorKey.invalid }).check(z.gte(1, { error: ErrorKey.invalid }), z.lte(10000, { error: ErrorKey.invalid })),
    ),
    1,
  ),
});

export const DecisionSchema = z
  .object({
    decision: z.enum(DECISIONS, { error: ErrorKey.choose }),
    reason: z._default(freeText(REASON_MAX_LENGTH), ''),
    /** For the reviewers only: kept in the history, never mailed. */
    internalNote: z._default(freeText(INTERNAL_NOTE_MAX_LENGTH), ''),
    /** The reviewer has seen that someone else claimed the application and decides anyway. */
    confirmClaim: z.optional(z.boolean({ error: ErrorKey.invalid })),
  })
  .check(z.refine((body) => body.decision === 'approve' || body.reason.trim().length > 0, { error: ErrorKey.required, path: ['reason'] }));

/** An internal note written on its own, at any time. */
export const InternalNoteSchema = z.object({
  note: freeText(INTERNAL_NOTE_MAX_LENGTH).check(z.refine((note) => note.trim().length > 0, { error: ErrorKey.required })),
});

/** "I am reviewing this"; `confirm` takes over a claim someone else holds. */
export const ClaimSchema = z.object({
  confirm: z.optional(z.boolean({ error: ErrorKey.invalid })),
});

/** A decision's free text once its applicant has erased their data (the history keeps the decision, not the words). */
export const ERASED_REASON = 'erased';

/** Messages of refusals particular to the review desk (HTTP 409). */
export const ReviewMessage = {
  /** The decision cannot be taken from the application's current status. */
  invalidTransition: 'invalidTransition',
  /** Someone else has claimed the application: the request must say that it confirms (`data.claim` names them). */
  claimedByOther: 'claimedByOther',
} as const;

/** Who is reviewing an application, while their claim lasts. */
export interface ReviewClaim {
  by: string;
  /** The claim is the signed-in reviewer's own. */
  mine: boolean;
  since: string;
  /** When it lapses unless its holder acts on the application again. */
  until: string;
}

/** GET /api/review/applications items. */
export interface ReviewListItem {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  registrationNumber: string;
  market: Country;
  language: Language;
  status: ApplicationStatus;
  pharmacyName: string;
  /** When it was (last) submitted: its age in the queue. */
  submittedAt: string;
  updatedAt: string;
  /** Signed up in the field (issue 23): the rep or area manager who recorded the pharmacist, who then confirmed; null otherwise. */
  signedInFieldBy: string | null;
  /** The applicant's short reference (PC-XXXXXX); null on applications from before references. */
  reference: string | null;
  /** The reviewer who has claimed it, while the claim lasts (issue 25). */
  claimedBy: string | null;
  /** While it waits for a decision (submitted): the day (YYYY-MM-DD, in its market) a decision is due, and the clock's state; null otherwise (shared/decision-clock.ts). */
  dueBy: string | null;
  clock: ClockState | null;
}

export interface ReviewList {
  items: ReviewListItem[];
  /** Matches, counted up to REVIEW_TOTAL_CAP. */
  total: number;
  /** More than REVIEW_TOTAL_CAP match. */
  totalCapped: boolean;
  page: number;
  pageSize: number;
  /** The signed-in reviewer's markets, which the list keeps to when no market is asked for; empty: every market. */
  yourMarkets: Country[];
}

export interface ReviewField {
  name: string;
  value: unknown;
  /** The i18n namespace of the field's section, to find its label. */
  texts: string;
}

interface ReviewHistoryEntry {
  id: string;
  at: string;
  action: Decision | 'resubmit' | 'note';
  fromStatus: string | null;
  toStatus: string;
  reason: string | null;
  /** The reviewers' note, never mailed. */
  internalNote: string | null;
  /** The reviewer's name; null for the applicant's own resubmission. */
  by: string | null;
}

export interface ReviewDetail extends ReviewListItem {
  formId: string;
  /** The form's own wording namespace, tried before the field's section's. */
  formTexts: string;
  /** Every field of the application in its form's order. */
  fields: ReviewField[];
  photoFileId: string | null;
  /** Where the photo is shown to staff (the file may not be public yet). */
  photoUrl: string | null;
  certificateFileIds: string[];
  place: { placeId: string; name: string; address: string; lat: number; lng: number };
  history: ReviewHistoryEntry[];
  /** The declarations and consents on record, with the document versions shown (issue 23). */
  consents: ConsentRecordView[];
  /** The decisions the current status allows. */
  decisions: Decision[];
  /** Who is reviewing it now, or null. */
  claim: ReviewClaim | null;
  /** Its market is not one of the signed-in reviewer's markets (issue 41 item 2). */
  outsideYourMarkets: boolean;
}

/** GET /api/review/age-bands: per market, the applications waiting for a decision, by weeks since submission. */
export interface AgeBandCounts {
  market: Country;
  counts: Record<AgeBand, number>;
}

/** GET /api/review/reviewers items. */
export interface ReviewerItem {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  disabled: boolean;
  /** The markets they review; empty: every market. */
  markets: Country[];
}
