// The staff endpoints (sign-in, DESIGN §6 staff API), apart from the applicants' ones in
// endpoints.ts so that the applicant pages' bundles do not carry them. Import as a namespace:
// `import * as StaffApi`.
import type * as z from 'zod/mini';
import type {
  AreaManagerPharmacyDetail,
  AreaManagerPharmacyItem,
  FieldPharmacyDetail,
  AreaManagerItem,
  RepItem,
  TotpSetupAnswerData,
  VerifyAnswerData,
} from '../schemas/staff.ts';
import { RepPharmaciesQuerySchema, type RepPharmacyItem } from '../schemas/staff-rep-list.ts';
import { AreaManagerPharmaciesQuerySchema, MagicLinkRequestSchema, TotpCodeSchema, VerifyRequestSchema } from '../schemas/staff.ts';
import type { AreaManagerDashboard } from '../schemas/dashboard.ts';
import { ActivityQuerySchema, type ActivityPage } from '../schemas/activity-log.ts';
import { CsvExportQuerySchema } from '../schemas/csv-export.ts';
import { ActivityCsvQuerySchema, ProgrammeReportQuerySchema, type ProgrammeReport } from '../schemas/programme-report.ts';
import type { ProcessingRecord } from '../schemas/privacy.ts';
import type { Contract, WithBasePath } from './contract.ts';

/** `?id=` of the staff routes that name one area manager, rep or pharmacy (checked by the access policy). */
export type IdQuery = { id: string };

// Sign-in.
export const magicLink: Contract<WithBasePath<typeof MagicLinkRequestSchema>, undefined, 'POST'> = {
  method: 'POST',
  path: '/api/auth/magic-link',
  request: MagicLinkRequestSchema,
};
export const verify: Contract<z.input<typeof VerifyRequestSchema>, VerifyAnswerData, 'POST'> = {
  method: 'POST',
  path: '/api/auth/verify',
  request: VerifyRequestSchema,
};
export const totpSetup: Contract<Record<string, never>, TotpSetupAnswerData, 'POST'> = { method: 'POST', path: '/api/auth/totp/setup', request: null };
export const totpEnable: Contract<z.input<typeof TotpCodeSchema>, undefined, 'POST'> = {
  method: 'POST',
  path: '/api/auth/totp/enable',
  request: TotpCodeSchema,
};
export const totp: Contract<z.input<typeof TotpCodeSchema>, undefined, 'POST'> = { method: 'POST', path: '/api/auth/totp', request: TotpCodeSchema };
export { me, signOut } from './staff-session-endpoints.ts';
// Staff (DESIGN §6).
export const areaManagers: Contract<undefined, AreaManagerItem[], 'GET'> = { method: 'GET', path: '/api/mainadmin-get-areamanagers', request: null };
/** One page of the manager's list: `{ status, data, total }`, no call history (issue 12 item 1). */
export const areaManagerPharmacies: Contract<z.input<typeof AreaManagerPharmaciesQuerySchema>, AreaManagerPharmacyItem[], 'GET'> = {
  method: 'GET',
  path: '/api/areamanager-get-pharmacies',
  request: AreaManagerPharmaciesQuerySchema,
};
export const areaManagerReps: Contract<IdQuery, RepItem[], 'GET'> = { method: 'GET', path: '/api/areamanager-get-reps', request: null };
/**
 * Spec §7 "list read directly": a bare array, not an answer envelope, and not paged (the whole
 * list is its first page), in visit order; `lat`/`lng` the rep's position (issue 24, decision 0024).
 */
export const repPharmacies: Contract<z.input<typeof RepPharmaciesQuerySchema>, RepPharmacyItem[], 'GET'> = {
  method: 'GET',
  path: '/api/v1/register/rep/pharmacies',
  request: RepPharmaciesQuerySchema,
};
/** The visit form's record; its `callHistory` the last REP_FORM_VISITS visits, newest first. */
export const repPharmacy: Contract<IdQuery, FieldPharmacyDetail, 'GET'> = { method: 'GET', path: '/api/rep-get-pharmacy', request: null };
/** Every assigned pharmacy's visit-form record (as repPharmacy answers each), kept by the rep's phone for visits without a connection. */
export const repOfflinePharmacies: Contract<{ assignedreptoken: string }, FieldPharmacyDetail[], 'GET'> = {
  method: 'GET',
  path: '/api/rep-offline-pharmacies',
  request: null,
};
export const certificate: Contract<undefined, unknown, 'GET'> = { method: 'GET', path: '/api/files/certificates/:fileId', request: null };
export const areaManagerDashboard: Contract<IdQuery, AreaManagerDashboard, 'GET'> = { method: 'GET', path: '/api/areamanager-dashboard', request: null };

// The forms' own endpoints (add a pharmacy, edit it, the rep's visit, add a rep or an area
// manager) are derived from their catalogue entries: form-endpoints.ts.
/** What a rep's visit saved: the pharmacy, and the call-history entry appended (every save is a visit). */
export interface RepVisitAnswer {
  pharmacyId: string;
  callEntryId: string;
}

// The area manager's side of the field force (issue 12).
/** `?id=` a pharmacy of the manager's: the view on a reload, call history newest first. */
export const areaManagerPharmacy: Contract<IdQuery, AreaManagerPharmacyDetail, 'GET'> = { method: 'GET', path: '/api/areamanager-get-pharmacy', request: null };
/**
 * `?id=` the manager: a download (text/csv), not an answer envelope. `format=readable` (with
 * `from`, `to`, `lang`) the visits of a range of days in words (decision 0025).
 */
export const accordCsv: Contract<z.input<typeof CsvExportQuerySchema>, string, 'GET'> = {
  method: 'GET',
  path: '/api/areamanager-accord-csv',
  request: CsvExportQuerySchema,
};

// The main admin's activity log (issue 23 item 5, decision 0020): CSV exports and review decisions, newest first.
/** `?page=` one page of the log, ACTIVITY_PAGE_SIZE entries. */
export const activityLog: Contract<z.input<typeof ActivityQuerySchema>, ActivityPage, 'GET'> = {
  method: 'GET',
  path: '/api/admin/activity',
  request: ActivityQuerySchema,
};
/** The log's entries of a range of days as a download (text/csv, issue 41 item 4), itself recorded in the log. */
export const activityLogCsv: Contract<z.input<typeof ActivityCsvQuerySchema>, string, 'GET'> = {
  method: 'GET',
  path: '/api/admin/activity/csv',
  request: ActivityCsvQuerySchema,
};

// The programme report (issue 41 item 3, decision 0070): per market and month, from the stored history.
export const programmeReport: Contract<z.input<typeof ProgrammeReportQuerySchema>, ProgrammeReport, 'GET'> = {
  method: 'GET',
  path: '/api/admin/programme',
  request: ProgrammeReportQuerySchema,
};
/** The same figures as a download (text/csv) in `lang`'s words, recorded in the activity log. */
export const programmeReportCsv: Contract<z.input<typeof ProgrammeReportQuerySchema>, string, 'GET'> = {
  method: 'GET',
  path: '/api/admin/programme/csv',
  request: ProgrammeReportQuerySchema,
};

// The record of processing and retention schedule (issue 42 item 4), from the data map and the settings.
export const processingRecord: Contract<undefined, ProcessingRecord, 'GET'> = { method: 'GET', path: '/api/admin/privacy', request: null };
