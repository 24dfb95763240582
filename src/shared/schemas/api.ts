// Shapes of the backend's JSON answers (spec §7, DESIGN §6), shared by server and browser.

/** Every API answer. Business failures carry the specification's message keys. */
export interface ApiAnswer<T = unknown> {
  status: 'ok' | 'failed';
  message?: string;
  data?: T;
  /** HTTP 400 'invalid': a payload field name -> an i18n key ('_' when the whole body is wrong). */
  errors?: Record<string, string>;
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

/** Where uploaded photos are served. */
export const PHOTO_URL_PREFIX = '/files/photos/';
