// One contract per endpoint of our API (spec §7, DESIGN §6). The server registers each route
// from its contract (src/server/routes) and the browser's fetchers call it through the same one.
// Applicants' endpoints here; drafts (three-step forms only) in draft-endpoints.ts and staff
// endpoints in staff-endpoints.ts, so that a page's bundle carries only the schemas it calls. Import as a namespace: `import * as Api`.
import * as z from 'zod/mini';
import { COUNTRIES } from '../markets.ts';
import { CONSENT_FORM_PATH, MAX_BASE64_UPLOAD_CHARS } from '../limits.ts';
import type { GeocodedAddress, PharmacyLookup, Place, PhotoUploadAnswer } from '../schemas/api.ts';
import { ErrorKey, ManualAddressSchema, PlaceFields } from '../schemas/fields.ts';
import type { ItalianRegistrationPayload } from '../schemas/registration-it.ts';
import type { StepsRegistrationPayload } from '../schemas/registration-steps.ts';
import type { UkRegistrationPayload } from '../schemas/registration-uk.ts';
import type { Contract } from './contract.ts';

export const CheckPharmacySchema = /* @__PURE__ */ z.object({ placeId: PlaceFields.placeId });

/** The photo upload's body. The server reads it as it arrives (services/files/upload-body.ts), not with this schema; its token goes through `recaptchaToken` below. */
export const PhotoUploadSchema = /* @__PURE__ */ z.object({
  data: z
    .string({ error: ErrorKey.required })
    .check(z.minLength(1, { error: ErrorKey.required }), z.maxLength(MAX_BASE64_UPLOAD_CHARS, { error: ErrorKey.tooLong })),
  /** Each upload's own solved bot check. */
  recaptchaToken: z.string({ error: ErrorKey.captcha }).check(z.minLength(1, { error: ErrorKey.captcha }), z.maxLength(4096, { error: ErrorKey.captcha })),
});

export const PlacesSearchSchema = /* @__PURE__ */ z.object({
  q: z.string({ error: ErrorKey.required }).check(z.trim(), z.minLength(2, { error: ErrorKey.required }), z.maxLength(100, { error: ErrorKey.tooLong })),
  market: z.optional(z.enum(COUNTRIES, { error: ErrorKey.invalid })),
});

export const PlaceDetailsSchema = /* @__PURE__ */ z.object({
  placeId: z.string({ error: ErrorKey.required }).check(z.trim(), z.minLength(1, { error: ErrorKey.required }), z.maxLength(300, { error: ErrorKey.invalid })),
});

/** "Can't find your pharmacy?": the address the applicant typed, to put on the map. */
export const PlaceGeocodeSchema = /* @__PURE__ */ z.object({
  address: ManualAddressSchema,
  market: z.optional(z.enum(COUNTRIES, { error: ErrorKey.invalid })),
});

/** Any registration payload plus the honeypot field (empty for people); the server picks the schema by country and language. */
export type SavePharmacistBody = (UkRegistrationPayload | ItalianRegistrationPayload | StepsRegistrationPayload) & { website?: string };

// Applicants (spec §7).
/** reference: the short reference the applicant is given (PC-…); null only for applications from before references. */
export const savePharmacist: Contract<SavePharmacistBody, { id: string; reference: string | null }, 'POST'> = {
  method: 'POST',
  path: '/api/save-pharmacist',
  request: null,
};
export const getPharmacist: Contract<{ id: string }, Record<string, unknown>, 'GET'> = { method: 'GET', path: '/api/get-pharmacist', request: null };
export const savePhoto: Contract<z.input<typeof PhotoUploadSchema>, PhotoUploadAnswer, 'POST'> = {
  method: 'POST',
  path: '/api/save-temp-pharmacist-image',
  request: PhotoUploadSchema,
};
/** No data (message 'notFound') when no reviewed pharmacy is at the place. */
export const checkPharmacy: Contract<z.input<typeof CheckPharmacySchema>, PharmacyLookup | undefined, 'POST'> = {
  method: 'POST',
  path: '/api/check_pharmacy',
  request: CheckPharmacySchema,
};
export const placesSearch: Contract<z.input<typeof PlacesSearchSchema>, Place[], 'GET'> = {
  method: 'GET',
  path: '/api/places/search',
  request: PlacesSearchSchema,
};
export const placeDetails: Contract<z.input<typeof PlaceDetailsSchema>, Place, 'GET'> = {
  method: 'GET',
  path: '/api/places/details',
  request: PlaceDetailsSchema,
};
export const placeGeocode: Contract<z.input<typeof PlaceGeocodeSchema>, GeocodedAddress, 'GET'> = {
  method: 'GET',
  path: '/api/places/geocode',
  request: PlaceGeocodeSchema,
};
/** The ALTCHA challenge itself, not an answer envelope. */
/** The cookie notice's answer as a plain form post (scripting off): the categories chosen, comma-separated; the server sets the consent cookies and goes back to the page (303). */
export const CookieConsentFormSchema = /* @__PURE__ */ z.object({ categories: z.optional(z.string().check(z.maxLength(200))) });
export const cookieConsent: Contract<z.input<typeof CookieConsentFormSchema>, never, 'POST'> = {
  method: 'POST',
  path: CONSENT_FORM_PATH,
  request: CookieConsentFormSchema,
};
export const captchaChallenge: Contract<undefined, unknown, 'GET'> = { method: 'GET', path: '/api/captcha/challenge', request: null };
