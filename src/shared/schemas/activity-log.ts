// The main admin's activity log (issue 23 item 5, decision 0020): every CSV export of the field
// force's pharmacies, every review decision, every API key change and every change to a staff
// account (decision 0059), newest first, a page at a time. Read by the server's query and the
// page. A decision's free-text reason is never part of it.
import * as z from 'zod/mini';
import { ErrorKey } from './fields.ts';
import type { ApplicationStatus, Decision } from './review.ts';
import type { StaffRole } from '../staff-roles.ts';
import type { Country } from '../markets.ts';

export const ACTIVITY_PAGE_SIZE = 50;

/** GET /api/admin/activity query: the 1-based page (1 to 9999). */
export const ActivityQuerySchema = z.object({
  page: z._default(z.pipe(z.string().check(z.regex(/^[1-9]\d{0,3}$/, { error: ErrorKey.invalid })), z.transform(Number)), 1),
});

/** A member of staff as the log names them; an entry holds null instead when the account no longer exists. */
export interface ActivityPerson {
  name: string;
  role: StaffRole;
}

interface ActivityEntryBase {
  id: string;
  /** ISO 8601. */
  at: string;
  /** Who did it. */
  by: ActivityPerson | null;
}

/** A CSV export: the data rows sent, and whose pharmacies they were. */
interface CsvExportEntry extends ActivityEntryBase {
  kind: 'csvExport';
  rows: number;
  areaManager: ActivityPerson | null;
  /** Which export (issue 42): all pharmacies in the machine format, or the readable visits; null before it was recorded. */
  format?: CsvExportFormat | null;
}

export type CsvExportFormat = 'machine' | 'readable';

/** A member of staff opened a person's record (issue 42 item 5): an application on the review desk, or a field pharmacy with its pharmacists. */
interface RecordViewEntry extends ActivityEntryBase {
  kind: 'recordView';
  record: 'application' | 'fieldPharmacy';
  recordId: string;
  /** The application's reference or the pharmacy's name; null once the record is gone. */
  label: string | null;
}

/** A reviewer's or the main admin's decision on an application (the applicant's own resubmissions are not listed). */
interface DecisionEntry extends ActivityEntryBase {
  kind: 'decision';
  decision: Decision;
  /** Null once the application has been erased. */
  applicationId: string | null;
  /** The applicant's reference (PC-…); null for applications older than references, or erased. */
  reference: string | null;
  fromStatus: ApplicationStatus | null;
  toStatus: ApplicationStatus;
}

/** An API key of a client app issued, given a new secret or revoked (decision 0052); by null: from the console. */
interface ApiKeyEntry extends ActivityEntryBase {
  kind: 'apiKey';
  action: 'issue' | 'rotate' | 'revoke';
  /** The app's name and the key's first characters as they are now (a rotated key shows its new start). */
  client: { name: string; keyPrefix: string };
}

/** A staff account added, disabled or enabled, or a rep's pharmacies moved to another rep; by null: from the console. */
interface StaffChangeEntry extends ActivityEntryBase {
  kind: 'staffChange';
  action: StaffChangeAction;
  /** The account changed (for a move, the rep whose pharmacies moved); null once it no longer exists. */
  staff: ActivityPerson | null;
  /** A move's rep who now has the pharmacies, and how many moved. */
  to?: ActivityPerson | null;
  pharmacies?: number;
  /** A reviewer's markets as set ('markets'; empty: every market, decision 0066). */
  markets?: Country[];
}

/** A download of the programme report or of this log (issue 41 items 3 and 4): its days (YYYY-MM-DD, both included; a report's whole months) and the rows sent. */
interface ReportDownloadEntry extends ActivityEntryBase {
  kind: 'reportDownload';
  report: ReportName;
  from: string | null;
  to: string | null;
  rows: number;
}

export const REPORT_NAMES = ['programme', 'activity'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const STAFF_CHANGE_ACTIONS = ['added', 'disabled', 'enabled', 'moved', 'markets'] as const;
export type StaffChangeAction = (typeof STAFF_CHANGE_ACTIONS)[number];

export type ActivityEntry = CsvExportEntry | DecisionEntry | ApiKeyEntry | StaffChangeEntry | ReportDownloadEntry | RecordViewEntry;

export interface ActivityPage {
  items: ActivityEntry[];
  /** Entries over every page. */
  total: number;
  page: number;
  pageSize: number;
}
