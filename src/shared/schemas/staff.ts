// Staff sign-in and the staff API (issue 4): request schemas and answer shapes, shared by the
// staff pages and the server.
import * as z from 'zod/mini';
import { BasePathSchema, EmailSchema, ErrorKey, patterned } from './fields.ts';
import { CALL_FLAGS } from '../reference/call-flags.ts';

import type { StaffRole } from '../staff-roles.ts';
import type { PharmacistConfirmation } from './field-confirmation.ts';

export { STAFF_ROLES, type StaffRole } from '../staff-roles.ts';

/** Roles that see everything must confirm a TOTP code after the e-mailed link (DESIGN §7). */
export const ROLES_NEEDING_TOTP: readonly StaffRole[] = ['main_admin', 'reviewer'];

/** The languages of staff e-mails (sign-in links, welcome, digests); German for reviewers of the German market. */
export const STAFF_LANGUAGES = ['it', 'en', 'de'] as const;
export type StaffLanguage = (typeof STAFF_LANGUAGES)[number];
/** The main admin's choice of a new reviewer's language (their e-mails). */
export const StaffLanguageSchema = z.enum(STAFF_LANGUAGES, { error: ErrorKey.choose });

export const SIGN_IN_LINK_MINUTES = 10;

/** A path on this site (no scheme, no host, not protocol-relative). */
const ReturnToSchema = patterned(/^\/(?![/\\])[\x21-\x7e]*$/, 500);

export const MagicLinkRequestSchema = z.object({
  email: EmailSchema,
  returnTo: z.optional(ReturnToSchema),
  basePath: BasePathSchema,
});

export const VerifyRequestSchema = z.object({ token: patterned(/^[A-Za-z0-9_-]{32,64}$/) });

export const TotpCodeSchema = z.object({ code: z.string().check(z.trim(), z.regex(/^\d{6}$/, { error: 'validation.totpCode' })) });

/** What comes after the e-mailed link: enrol TOTP, enter a TOTP code, or nothing more. */
export type SignInNext = 'totp-setup' | 'totp' | 'done';

export interface VerifyAnswerData {
  next: SignInNext;
  /** Where to go once signed in: the asked-for page, or the role's home. */
  returnTo: string;
}

export interface TotpSetupAnswerData {
  otpauthUrl: string;
  /** The otpauth URL as a QR code, an <svg> document. */
  qrSvg: string;
}

export interface StaffMe {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: StaffRole;
  areaManagerId: string | null;
  /** False while a TOTP code is still needed: only the TOTP endpoints, /me and sign-out answer then. */
  mfaPassed: boolean;
}

/** GET /api/mainadmin-get-areamanagers items. */
export interface AreaManagerItem {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** GET /api/areamanager-get-reps items (nid = the rep's id). */
export interface RepItem {
  firstName: string;
  lastName: string;
  nid: string;
}

export interface CallHistoryEntry {
  id: string;
  at: string;
  callFlag: string;
  month: number | null;
  note: string | null;
  byName: string | null;
  /** The next visit the rep planned with this entry (YYYY-MM-DD). */
  nextVisit?: string | null;
}

/** A pharmacy in the area-manager and rep lists (spec §3 "Pharmacy (in lists)"). Call history newest first. */
export interface FieldPharmacyItem {
  id: string;
  pharmacyName: string;
  fullAddress: string;
  callHistory: CallHistoryEntry[];
  currentCallFlag: string | null;
  /** The pharmacist recorded: awaiting their confirmation, confirmed on a date, or their data erased (issue 23). */
  pharmacist: PharmacistConfirmation | null;
}

/** GET /api/rep-get-pharmacy data: the rep pharmacy-update fields known for a field pharmacy. */
export interface FieldPharmacyDetail extends FieldPharmacyItem {
  /** Every other answer the forms saved (piva, email, firstName2, ...), by field name. */
  [answer: string]: unknown;
  whereYouWork: string;
  address: string;
  placeId: string | null;
  lat: number | null;
  lng: number | null;
  city: string | null;
  province: string | null;
  pharmacyRegion: string | null;
  callFlag: string | null;
  month: number | null;
  oncStatus: string | null;
  areaManagerId: string;
  salesRepId: string | null;
}

// ---- The area manager's pharmacies (issue 12) -------------------------------------------------

export const PHARMACY_PAGE_SIZE = 25;

/** GET /api/areamanager-get-pharmacies query: the manager, the 1-based page, a name or city search, a call flag, "due for a visit". */
export const AreaManagerPharmaciesQuerySchema = z.object({
  id: z.string(),
  page: z._default(z.pipe(z.string().check(z.regex(/^\d{1,6}$/, { error: ErrorKey.invalid })), z.transform(Number)), 1),
  q: z._default(z.string().check(z.trim(), z.maxLength(100, { error: ErrorKey.tooLong })), ''),
  callFlag: z._default(z.union([z.enum(CALL_FLAGS, { error: ErrorKey.invalid }), z.literal('')]), ''),
  due: z._default(z.enum(['', '0', '1'], { error: ErrorKey.invalid }), ''),
});

/** One row of the manager's list: no call history (that is the view's). */
export interface AreaManagerPharmacyItem {
  id: string;
  pharmacyName: string;
  fullAddress: string;
  city: string | null;
  currentCallFlag: string | null;
  repName: string | null;
  /** The next visit of the latest call entry (YYYY-MM-DD), if one was planned. */
  nextVisit: string | null;
  pharmacist: PharmacistConfirmation | null;
}

/** The list's answer: `{ status, data, total }` (total over every page). */
export interface AreaManagerPharmacyPage {
  data: AreaManagerPharmacyItem[];
  total: number;
}

/** GET /api/areamanager-get-pharmacy: the view's record, call history newest first. */
export interface AreaManagerPharmacyDetail extends FieldPharmacyItem {
  city: string | null;
  region: string | null;
  prov: string | null;
  placeId: string | null;
  lat: number | null;
  lng: number | null;
  address: string;
  whereYouWork: string;
  oncStatus: string | null;
  salesRep: string | null;
  repName: string | null;
  areaManagerId: string;
  month: number | null;
}

export const StaffMessage = {
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  locked: 'locked',
  /** The server cannot open the stored second factor (a key problem on its side): nothing the person can fix. */
  secondFactorUnreadable: 'secondFactorUnreadable',
} as const;
