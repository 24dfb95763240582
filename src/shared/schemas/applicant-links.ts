// "E-mail me a link" for applicants: a link to update their application (after "email already
// registered", or when an edit link no longer works) and a link to their data (data rights).
// Both requests carry the e-mail and a solved bot check, and are answered the same whether or not
// the address belongs to an application.
import * as z from 'zod/mini';
import type { ConsentRecordView } from './consents.ts';
import type { StaffRole } from '../staff-roles.ts';
import { BasePathSchema, CaptchaTokenSchema, EmailSchema, patterned } from './fields.ts';

/** How long a data-rights link works (issue 13: 7 days). */
export const DATA_RIGHTS_LINK_DAYS = 7;

/** At most this many link e-mails a day to one mailbox, whatever they are for; beyond it the answer is the same and nothing is sent. */
export const APPLICANT_LINKS_PER_MAILBOX_PER_DAY = 5;

export const ApplicantLinkRequestSchema = z.object({
  email: EmailSchema,
  /** A solved bot check of its own (DESIGN §6): the request may send an e-mail. */
  recaptchaToken: CaptchaTokenSchema,
  /** The market's path prefix the page runs under ('' when the market comes from the host): the link keeps the same style. */
  basePath: BasePathSchema,
});

/** A data-rights token: 24 random bytes, base64url. */
export const DataRightsTokenSchema = patterned(/^[A-Za-z0-9_-]{32}$/);

/** An application of the person (rarely more than one: the same address with its domain typed in another form). */
interface MyDataApplication {
  id: string;
  reference: string | null;
  status: string;
  /** SHA-256 of the token of the status link in the "received" e-mail (/my-application/{token}); the token itself is not kept. */
  statusLinkTokenHash: string | null;
  /** The public id of the application's finder listing (/finder/{listingId}), shown while it is approved. */
  listingId: string;
  country: string;
  language: string;
  email: string;
  firstName: string;
  lastName: string;
  registrationBody: string;
  registrationNumber: string;
  submittedAt: string;
  updatedAt: string;
  answers: Record<string, unknown>;
  pharmacy: { name: string; address: string } | null;
  files: { kind: string; mime: string; bytes: number; uploadedAt: string }[];
  /** Signed up in the field: the application came from the pharmacist's confirmation of a field record. */
  signedInField: boolean;
  /** The answers as they were each time a reviewer asked for changes, kept to show what changed (issue 25). */
  answersAtChangeRequests: { takenAt: string; answers: Record<string, unknown> }[];
  /** The review desk's history of the application: each decision's mailed reason and the reviewers' internal notes (issue 25). */
  reviewHistory: { at: string; action: string; reason: string | null; internalNote: string | null }[];
}

/** A pharmacy a rep or area manager signed up with the person as its pharmacist (issue 23). */
interface MyDataFieldRecord {
  id: string;
  pharmacyName: string;
  address: string;
  recordedAt: string;
  /** 'awaiting' their confirmation, or 'confirmed'. */
  status: string;
  confirmedAt: string | null;
  /** What was recorded about them (and the pharmacy's other answers). */
  answers: Record<string, unknown>;
  /** The reps' notes of their visits to the pharmacy, which can name the person (decision 0069): all of them for its first pharmacist, those naming them for an extra one. */
  visitNotes: { at: string; note: string }[];
}

/**
 * A member of staff's view of one of the person's records (the review desk's application, a field
 * pharmacy), or a CSV export that held it. The role, not the name: docs/decisions/0073.
 */
export interface RecordAccess {
  at: string;
  /** null: an export recorded before roles were (issue 42). */
  role: StaffRole | null;
  record: 'application' | 'fieldPharmacy';
  /** The application's or the field record's id, as in `applications` and `fieldRecords`. */
  recordId: string;
  action: 'viewed' | 'exported';
}

/** GET /api/data-rights/:token: everything we hold for the mailbox the link was sent to. */
export interface MyDataExport {
  applications: MyDataApplication[];
  fieldRecords: MyDataFieldRecord[];
  drafts: { createdAt: string; expiresAt: string; answers: Record<string, unknown> }[];
  /** The e-mails sent to the mailbox; `text` is empty once a mail was delivered (its body is not kept: docs/decisions/0042). */
  emails: { to: string; subject: string; text: string; createdAt: string; sentAt: string | null }[];
  consents: ConsentRecordView[];
  /** Records are held under another spelling of the address (a +tag): not in here; that address was sent a link of its own. */
  otherSpellings: boolean;
  /** Who at the operator opened or exported these records, by role, oldest first (issue 42 item 5). */
  accesses: RecordAccess[];
  /** When the link used to read this stops working. */
  linkExpiresAt: string;
}
