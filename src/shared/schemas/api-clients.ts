// API keys of client apps (issue 38 item 5, docs/decisions/0052): the patient app's builds send one
// in the X-Api-Key header and are limited per key, each to its own quota per minute. The main
// admin issues, rotates and revokes them; a key is shown once and stored only as its hash.
import * as z from 'zod/mini';
import { ErrorKey, RequiredFreeText, UuidSchema } from './fields.ts';

/** The request header a client app sends its key in (CORS allows it; the OpenAPI document names it). */
export const API_KEY_HEADER = 'X-Api-Key';

/** Every key starts so: a key found in a log or a repository is recognisably ours (secret scanners). */
export const API_KEY_PREFIX = 'pc_';

/** `pc_` and 32 random bytes in base64url (43 characters). */
export const API_KEY_PATTERN = /^pc_[A-Za-z0-9_-]{43}$/;

/** The start of a key shown in lists, so that a key can be recognised without being readable: `pc_` and 6 characters. */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 6;

export const API_CLIENT_NAME_MAX = 80;
const API_QUOTA_MIN = 1;
const API_QUOTA_MAX = 100_000;
/** The quota the issue form starts with. */
export const API_QUOTA_DEFAULT = 600;
/** Days of usage the admin list shows. */
export const API_USAGE_DAYS = 7;

/** Requests per minute: a whole number from 1 to 100,000 (a form sends it as text, a client as a number). */
const QuotaSchema = z.pipe(
  z.transform((value: unknown) => (typeof value === 'string' && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : value)),
  z
    .number({ error: ErrorKey.invalid })
    .check(z.int({ error: ErrorKey.invalid }), z.gte(API_QUOTA_MIN, { error: ErrorKey.invalid }), z.lte(API_QUOTA_MAX, { error: ErrorKey.invalid })),
);

/** POST /api/admin/api-clients: a name the admin recognises the app by, and its quota. */
export const IssueApiKeySchema = z.object({
  name: RequiredFreeText(API_CLIENT_NAME_MAX),
  quotaPerMinute: QuotaSchema,
});

/** `:id` of rotate and revoke. */
export const ApiClientParamsSchema = z.object({ id: UuidSchema });

/** One day's requests of a key (UTC day, YYYY-MM-DD); `limited` of them answered 429. */
export interface ApiUsageDay {
  day: string;
  requests: number;
  limited: number;
}

/** A client app's key as the admin list shows it; never the key itself, only its first characters. */
export interface ApiClientItem {
  id: string;
  name: string;
  keyPrefix: string;
  quotaPerMinute: number;
  /** ISO 8601. */
  createdAt: string;
  createdBy: string | null;
  /** The last new secret, ISO 8601; null when never rotated. */
  rotatedAt: string | null;
  revokedAt: string | null;
  revokedBy: string | null;
  /** The last API_USAGE_DAYS days, oldest first, today (UTC) last; days without requests as 0. */
  usage: ApiUsageDay[];
}

/** Issue and rotate: the client and its key, in clear this once. */
export interface IssuedApiKey {
  client: ApiClientItem;
  key: string;
}
