// One contract per endpoint of our API (spec §7, DESIGN §6). The server registers each route
// from its contract (src/server/routes) and the browser's fetchers call it through the same one.
import * as z from 'zod/mini';
import { COUNTRIES } from '../markets.ts';
import { MAX_BASE64_UPLOAD_CHARS } from '../limits.ts';
import type { PharmacyLookup, Place, PhotoUploadAnswer } from '../schemas/api.ts';
import { DraftRequestSchema, type DraftAnswer } from '../schemas/drafts.ts';
import { ErrorKey, PlaceFields } from '../schemas/fields.ts';
import type { ItalianRegistrationPayload } from '../schemas/registration-it.ts';
import type { StepsRegistrationPayload } from '../schemas/registration-steps.ts';
import type { UkRegistrationPayload } from '../schemas/registration-uk.ts';
import {
  AddAreaManagerSchema,
  MagicLinkRequestSchema,
  TotpCodeSchema,
  VerifyRequestSchema,
  type AreaManagerItem,
  type FieldPharmacyDetail,
  type FieldPharmacyItem,
  type RepItem,
  type StaffMe,
  type TotpSetupAnswerData,
  type VerifyAnswerData,
} from '../schemas/staff.ts';
import { contract } from './contract.ts';

export const CheckPharmacySchema = z.object({ placeId: PlaceFields.placeId });

export const PhotoUploadSchema = z.object({
  data: z.string({ error: ErrorKey.required }).check(z.minLength(1, { error: ErrorKey.required }), z.maxLength(MAX_BASE64_UPLOAD_CHARS, { error: ErrorKey.tooLong })),
});

export const PlacesSearchSchema = z.object({
  q: z.string({ error: ErrorKey.required }).check(z.trim(), z.minLength(2, { error: ErrorKey.required }), z.maxLength(100, { error: ErrorKey.tooLong })),
  market: z.optional(z.enum(COUNTRIES, { error: ErrorKey.invalid })),
});

export const PlaceDetailsSchema = z.object({
  placeId: z.string({ error: ErrorKey.required }).check(z.trim(), z.minLength(1, { error: ErrorKey.required }), z.maxLength(300, { error: ErrorKey.invalid })),
});

/** `?id=` of the staff routes that name one area manager, rep or pharmacy (checked by the access policy). */
export type IdQuery = { id: string };

/** Any registration payload plus the honeypot field (empty for people); the server picks the schema by country and language. */
export type SavePharmacistBody = (UkRegistrationPayload | ItalianRegistrationPayload | StepsRegistrationPayload) & { website?: string };

/** A request whose `basePath` is the page's own (SiteConfig.basePath); the server accepts only the market prefixes. */
type WithBasePath<Schema extends z.core.$ZodType> = Omit<z.input<Schema>, 'basePath'> & { basePath?: string };

export const Api = {
  // Applicants (spec §7).
  savePharmacist: contract<{ id: string }, SavePharmacistBody>()('POST', '/api/save-pharmacist'),
  getPharmacist: contract<Record<string, unknown>, IdQuery>()('GET', '/api/get-pharmacist'),
  savePhoto: contract<PhotoUploadAnswer>()('POST', '/api/save-temp-pharmacist-image', PhotoUploadSchema),
  checkPharmacy: contract<PharmacyLookup>()('POST', '/api/check_pharmacy', CheckPharmacySchema),
  saveDraft: contract<undefined, WithBasePath<typeof DraftRequestSchema>>()('POST', '/api/drafts', DraftRequestSchema),
  getDraft: contract<DraftAnswer>()('GET', '/api/drafts/:token'),
  placesSearch: contract<Place[]>()('GET', '/api/places/search', PlacesSearchSchema),
  placeDetails: contract<Place>()('GET', '/api/places/details', PlaceDetailsSchema),
  /** The ALTCHA challenge itself, not an answer envelope. */
  captchaChallenge: contract<unknown>()('GET', '/api/captcha/challenge'),
  // Staff sign-in.
  magicLink: contract<undefined, WithBasePath<typeof MagicLinkRequestSchema>>()('POST', '/api/auth/magic-link', MagicLinkRequestSchema),
  verify: contract<VerifyAnswerData>()('POST', '/api/auth/verify', VerifyRequestSchema),
  totpSetup: contract<TotpSetupAnswerData, Record<string, never>>()('POST', '/api/auth/totp/setup'),
  totpEnable: contract<undefined>()('POST', '/api/auth/totp/enable', TotpCodeSchema),
  totp: contract<undefined>()('POST', '/api/auth/totp', TotpCodeSchema),
  me: contract<StaffMe>()('GET', '/api/auth/me'),
  signOut: contract<undefined, Record<string, never>>()('POST', '/api/auth/sign-out'),
  // Staff (DESIGN §6).
  areaManagers: contract<AreaManagerItem[]>()('GET', '/api/mainadmin-get-areamanagers'),
  addAreaManager: contract<{ id: string }>()('POST', '/api/mainadmin-add-areamanager', AddAreaManagerSchema),
  areaManagerPharmacies: contract<FieldPharmacyItem[], IdQuery>()('GET', '/api/areamanager-get-pharmacies'),
  areaManagerReps: contract<RepItem[], IdQuery>()('GET', '/api/areamanager-get-reps'),
  /** Spec §7 "list read directly": a bare array, not an answer envelope. */
  repPharmacies: contract<FieldPharmacyItem[], { assignedreptoken: string }>()('GET', '/api/v1/register/rep/pharmacies'),
  repPharmacy: contract<FieldPharmacyDetail, IdQuery>()('GET', '/api/rep-get-pharmacy'),
  certificate: contract<unknown>()('GET', '/api/files/certificates/:fileId'),
} as const;

export type ApiName = keyof typeof Api;
