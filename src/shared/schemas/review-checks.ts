// The review desk's checks on one application (issue 25 items 3 and 4): what the applicant changed
// since a reviewer asked for changes, the applications that share something with it, and the link
// to the public register's search for its registration number.
import type { Country } from '../markets.ts';
import type { MarketEntry } from '../market-table.ts';
import type { ApplicationStatus } from './review.ts';

/** What two applications share: the registration number, the pharmacy (place or address), the mailbox, the photo (its bytes' hash). */
export type DuplicateKind = 'registrationNumber' | 'place' | 'mailbox' | 'photo';

export interface DuplicateFlag {
  kind: DuplicateKind;
  /** The other application, linked from the flag. */
  applicationId: string;
  reference: string | null;
  firstName: string;
  lastName: string;
  status: ApplicationStatus;
  market: Country;
}

export interface ChangedField {
  name: string;
  /** The i18n namespace of the field's section, to find its label (as ReviewField). */
  texts: string;
  before: unknown;
  after: unknown;
}

export interface ChangesSinceRequest {
  /** When the reviewer asked for changes (the answers were kept then). */
  requestedAt: string;
  /** The applicant's latest resubmission since. */
  resubmittedAt: string;
  /** Each field whose answer differs, in the form's order. */
  fields: ChangedField[];
  /** The pharmacies the changed place ids name, to show them by name and address. */
  places: Record<string, { name: string; address: string }>;
}

export interface RegisterLink {
  register: MarketEntry['register'];
  /** The register's search with the number filled in (settings REGISTER_URL_UK/IT/DE). */
  url: string;
  number: string;
  /** The registration body the applicant named (a German chamber). */
  body: string;
}

/** GET /api/review/applications/{id}/checks */
export interface ReviewChecks {
  /** null: no change request answered by a resubmission. */
  changes: ChangesSinceRequest | null;
  duplicates: DuplicateFlag[];
  /** null: an erased application, or no register address set for its market. */
  registerLink: RegisterLink | null;
}
