// The staff endpoints (sign-in, DESIGN §6 staff API), apart from the applicants' ones in
// endpoints.ts so that the applicant pages' bundles do not carry them. Import as a namespace:
// `import * as StaffApi`.
import type * as z from 'zod/mini';
import type { AreaManagerPharmacyDetail, AreaManagerPharmacyItem, FieldPharmacyDetail, FieldPharmacyItem, AreaManagerItem, RepItem, TotpSetupAnswerData, VerifyAnswerData } from '../schemas/staff.ts';
import { AddAreaManagerSchema, AreaManagerPharmaciesQuerySchema, MagicLinkRequestSchema, TotpCodeSchema, VerifyRequestSchema } from '../schemas/staff.ts';
import type { AreaManagerDashboard } from '../schemas/dashboard.ts';
import type { Contract, WithBasePath } from './contract.ts';

/** `?id=` of the staff routes that name one area manager, rep or pharmacy (checked by the access policy). */
export type IdQuery = { id: string };

// Sign-in.
export const magicLink: Contract<WithBasePath<typeof MagicLinkRequestSchema>, undefined, 'POST'> = { method: 'POST', path: '/api/auth/magic-link', request: MagicLinkRequestSchema };
export const verify: Contract<z.input<typeof VerifyRequestSchema>, VerifyAnswerData, 'POST'> = { method: 'POST', path: '/api/auth/verify', request: VerifyRequestSchema };
export const totpSetup: Contract<Record<string, never>, TotpSetupAnswerData, 'POST'> = { method: 'POST', path: '/api/auth/totp/setup', request: null };
export const totpEnable: Contract<z.input<typeof TotpCodeSchema>, undefined, 'POST'> = { method: 'POST', path: '/api/auth/totp/enable', request: TotpCodeSchema };
export const totp: Contract<z.input<typeof TotpCodeSchema>, undefined, 'POST'> = { method: 'POST', path: '/api/auth/totp', request: TotpCodeSchema };
export { me, signOut } from './staff-session-endpoints.ts';
// Staff (DESIGN §6).
export const areaManagers: Contract<undefined, AreaManagerItem[], 'GET'> = { method: 'GET', path: '/api/mainadmin-get-areamanagers', request: null };
export const addAreaManager: Contract<z.input<typeof AddAreaManagerSchema>, { id: string }, 'POST'> = { method: 'POST', path: '/api/mainadmin-add-areamanager', request: AddAreaManagerSchema };
/** One page of the manager's list: `{ status, data, total }`, no call history (issue 12 item 1). */
export const areaManagerPharmacies: Contract<z.input<typeof AreaManagerPharmaciesQuerySchema>, AreaManagerPharmacyItem[], 'GET'> = { method: 'GET', path: '/api/areamanager-get-pharmacies', request: AreaManagerPharmaciesQuerySchema };
export const areaManagerReps: Contract<IdQuery, RepItem[], 'GET'> = { method: 'GET', path: '/api/areamanager-get-reps', request: null };
/** Spec §7 "list read directly": a bare array, not an answer envelope. */
export const repPharmacies: Contract<{ assignedreptoken: string }, FieldPharmacyItem[], 'GET'> = { method: 'GET', path: '/api/v1/register/rep/pharmacies', request: null };
export const repPharmacy: Contract<IdQuery, FieldPharmacyDetail, 'GET'> = { method: 'GET', path: '/api/rep-get-pharmacy', request: null };
export const certificate: Contract<undefined, unknown, 'GET'> = { method: 'GET', path: '/api/files/certificates/:fileId', request: null };
export const areaManagerDashboard: Contract<IdQuery, AreaManagerDashboard, 'GET'> = { method: 'GET', path: '/api/areamanager-dashboard', request: null };

// The rep's visit (issue 12): the rep-visit catalogue entry's payload (src/shared/forms), checked
// by the server with that entry's derived schema, so no request schema here. An `Idempotency-Key`
// header makes a repeat of the same request answer the first result again without a second write.
/** The rep-visit payload: `pharmacyId` (checked by the access policy) and the entry's fields. */
export type RepVisitBody = { pharmacyId: string; callFlag: string; month: number | string; note?: string; nextVisit?: string } & Record<string, unknown>;
/** What was saved: the pharmacy, and the call-history entry appended (null when flag and month were unchanged and no note was given). */
export interface RepVisitAnswer {
  pharmacyId: string;
  callEntryId: string | null;
}
export const repUpdatePharmacy: Contract<RepVisitBody, RepVisitAnswer, 'POST'> = { method: 'POST', path: '/api/rep-update-pharmacy', request: null };
/** Spec §7: the rep update may be POST or PUT; the same route. */
export const repUpdatePharmacyPut: Contract<RepVisitBody, RepVisitAnswer, 'PUT'> = { method: 'PUT', path: '/api/rep-update-pharmacy', request: null };

// The area manager's side of the field force (issue 12). The JSON bodies are checked with the
// catalogue's payload schemas (payloadSchema(FORMS[...])) on the server, so no schema here.
/** `?id=` a pharmacy of the manager's: the view on a reload, call history newest first. */
export const areaManagerPharmacy: Contract<IdQuery, AreaManagerPharmacyDetail, 'GET'> = { method: 'GET', path: '/api/areamanager-get-pharmacy', request: null };
/** FORMS['areamanager-pharmacy'] payload (screens 7 + 3) with `areaManagerId`. */
export const createPharmacy: Contract<Record<string, unknown>, { id: string }, 'POST'> = { method: 'POST', path: '/api/areamanager-create-pharmacy', request: null };
/** FORMS['areamanager-pharmacy-edit'] payload with `pharmacyId`: the details and the rep. */
export const updatePharmacyDetails: Contract<Record<string, unknown>, { id: string }, 'PUT'> = { method: 'PUT', path: '/api/areamanager-update-pharmacy', request: null };
/** FORMS['add-rep'] payload: email, firstName, lastName, areaManagerId, appStoreCountry, formLanguage. */
export const addRep: Contract<Record<string, unknown>, { id: string }, 'POST'> = { method: 'POST', path: '/api/areamanager-add-rep', request: null };
/** `?id=` the manager: a download (text/csv), not an answer envelope. */
export const accordCsv: Contract<IdQuery, string, 'GET'> = { method: 'GET', path: '/api/areamanager-accord-csv', request: null };
