// Business constants and limits (spec §9).

export const MB = 1024 * 1024;
/** Photo and certificate upload limit (decoded bytes). */
export const MAX_UPLOAD_BYTES = 5 * MB;
/** A photo kept on a rep's phone until the connection returns (decision 0026): drawn smaller when larger. */
export const OFFLINE_PHOTO_MAX_BYTES = 2 * MB;
/** Free-text areas. */
export const TEXTAREA_MAX_LENGTH = 250;
/** Single-line text (names, pharmacy name, address, Other how-found text): no limit is shown; we cap it. */
export const TEXT_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 254;
export const REGISTRATION_NUMBER_PATTERN = /^\d{3,7}$/;
export const MIN_AGE = 18;

export const CAMERA_CAPTURE_SIZE = 400;
export const CAMERA_CAPTURE_TYPE = 'image/jpeg';
export const MAP_ZOOM = 18;

export const FORM_STEPS = 3;

export const DECISION_WEEKS = 4;
export const CONTACT_SUPPORT_AFTER_WEEKS = 6;
export const FORM_MINUTES = 5;

export const CONSENT_COOKIE_DAYS = 365;
export const CONSENT_COOKIES = { categories: 'cookie_consent_categories', noticeClosed: 'cookie_notice_closed' } as const;
/** What the categories cookie may hold; 'essential' is always there. */
export const CONSENT_CATEGORIES = ['essential', 'map'] as const;
/** Where the cookie notice's form posts its answer when no script sends it (routes/cookie-consent.ts). */
export const CONSENT_FORM_PATH = '/api/cookie-consent';

/**
 * Temp photos that neither an application nor a live draft links are purged after this long:
 * the form takes about FORM_MINUTES, so two hours is ample, and an abandoned photo does not wait a day.
 */
export const TEMP_UPLOAD_TTL_HOURS = 2;
/** Photo bytes one client address may upload per UTC day: ten photos at the 5 MB limit. */
export const DAILY_UPLOAD_BYTES_PER_CLIENT = 50 * MB;
/** Bytes of an edit token (pharmacistId / loginToken): 24 bytes = 192 bits. */
export const EDIT_TOKEN_BYTES = 24;

/** Base64 of MAX_UPLOAD_BYTES plus data-URL prefix and slack. */
export const MAX_BASE64_UPLOAD_CHARS = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 200;
