// The applicant's status page (issue 25 item 5): /my-application/{token}, the link in the
// "application received" e-mail, and GET /api/my-application/:token behind it.
import type { DecisionClock } from '../decision-clock.ts';
import type { Country, Language } from '../markets.ts';
import { patterned } from './fields.ts';

/** How long the status link works after the final decision (approved, not approved, deactivated). */
export const STATUS_LINK_DAYS_AFTER_DECISION = 30;

/** The token of a status link: 24 random bytes, base64url (services/tokens.ts newToken). */
export const StatusTokenSchema = patterned(/^[A-Za-z0-9_-]{32}$/);

/**
 * Where the application stands, as the applicant is told: `submitted` until a reviewer starts on it
 * (claims it or writes a note), then `in_review`; `changes_requested` until it is sent again;
 * `approved` (listed in the finder), `not_approved` (rejected), `deactivated` (listed, then taken down).
 */
export type ApplicantStatus = 'submitted' | 'in_review' | 'changes_requested' | 'approved' | 'not_approved' | 'deactivated';

/** GET /api/my-application/:token. */
export interface MyApplicationStatus {
  status: ApplicantStatus;
  /** PC-XXXXXX; null only for an application from before references were given out. */
  reference: string | null;
  /** When it was last (re)submitted: the expected dates count from here. */
  submittedAt: string;
  /** When the current status was decided (changes requested, approved, not approved, deactivated); null before any decision. */
  decidedAt: string | null;
  /** The application's market and language (its e-mails and this page are in that language). */
  market?: Country;
  language?: Language;
  /** While approved: the finder listing's public id (/finder/{listingId}). */
  listingId?: string;
  /** After a final decision: when this link stops working. */
  linkExpiresAt?: string;
  /** While waiting for a decision (submitted, in review): the decision clock (shared/decision-clock.ts). */
  clock?: Pick<DecisionClock, 'dueBy' | 'supportAfter' | 'contactSupport'>;
}
