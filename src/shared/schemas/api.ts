// Shapes of the backend's JSON answers (spec §7, DESIGN §6), shared by server and browser.
import type * as z from 'zod/mini';
import { ErrorKey } from './fields.ts';

/** Every API answer. Business failures carry the specification's message keys. */
export interface ApiAnswer<T = unknown> {
  status: 'ok' | 'failed';
  message?: string;
  data?: T;
  /** HTTP 400 'invalid': a payload field name -> an i18n key ('_' when the whole body is wrong). */
  errors?: Record<string, string>;
}

/**
 * A failed parse as ApiAnswer.errors: `{ field: i18nKey }`, the first issue of each field ('_' for
 * the whole body); a message that is not an i18n key becomes validation.invalid.
 */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : '_';
    errors[field] ??= issue.message.includes('.') ? issue.message : ErrorKey.invalid;
  }
  return errors;
}

/** Messages the API answers with (besides 'invalid'). */
export const ApiMessage = {
  saved: 'saved',
  found: 'found',
  notFound: 'not found',
  emailRegistered: 'errorEmailRegistered',
  registrationNumberRegistered: 'errorRegisterantNumberRegistered',
  tooBig: 'tooBig',
  wrongFormat: 'wrongFormat',
  tooManyRequests: 'tooManyRequests',
  /** POST /api/drafts: today's draft mails for this mailbox or from this client are used up. */
  tooManyDrafts: 'tooManyDrafts',
  unavailable: 'errorsGlobal.temporarilyUnavailableService',
  /** No link can be e-mailed for this host: the operator must set PUBLIC_URL (or MARKET_HOSTS). */
  noPublicAddress: 'errorsGlobal.noPublicAddress',
} as const;

/** POST /api/save-temp-pharmacist-image answer; `filename` goes in `photo`, `target_id` in `photoId`. */
export interface PhotoUploadAnswer {
  status: 'ok';
  filename: string;
  target_id: string;
}

/** POST /api/check_pharmacy answer data (spec §3 "Pharmacy lookup result"). */
export interface PharmacyLookup {
  address: string;
  googleplacesid: string;
  lat: number;
  lon: number;
  services: string;
  whereYouWork: string;
}

/** GET /api/places/search and /api/places/details data items. */
export interface Place {
  placeId: string;
  name: string;
  address: string;
  lat: number;
  lng: number;
}

/**
 * GET /api/places/geocode data: where the provider puts a typed address.
 * `match` says how sure it is: `address` (the provider found the address itself), `town` (only the
 * town named in it: the pin is at the town's centre) or `market` (nothing recognised: the
 * market's centre). `demo` is true when the offline demo provider answered, which never looks
 * addresses up.
 */
export interface GeocodedAddress {
  lat: number;
  lng: number;
  /** What was found, as the provider words it (the town's name for `town` and `market`). */
  label: string;
  match: 'address' | 'town' | 'market';
  demo: boolean;
}

/** Where uploaded photos are served. */
export const PHOTO_URL_PREFIX = '/files/photos/';
