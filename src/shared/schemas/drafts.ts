// "Continue on another device" (issue 3): POST /api/drafts and GET /api/drafts/:token.
import * as z from 'zod/mini';
import { COUNTRIES, LANGUAGES, type Country, type Language } from '../markets.ts';
import { FORM_STEPS } from '../limits.ts';
import { stripMarkup } from '../sanitize.ts';
import { BasePathSchema, CaptchaTokenSchema, EmailSchema, ErrorKey, patterned } from './fields.ts';

const DRAFT_MAX_ENTRIES = 60;
const DRAFT_VALUE_MAX_LENGTH = 2000;
export const DRAFT_TTL_DAYS = 30;

const KEY = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

const tooLong = (max: number) => z.maxLength(max, { error: ErrorKey.tooLong });

const DraftValue = z.union([
  z.pipe(z.pipe(z.string().check(tooLong(DRAFT_VALUE_MAX_LENGTH * 2)), z.transform(stripMarkup)), z.string().check(tooLong(DRAFT_VALUE_MAX_LENGTH))),
  z.number(),
  z.boolean(),
]);

/**
 * A flat object of the payload fields so far: at most 60 string/number/boolean entries, markup
 * stripped. The server keeps only the answers of the market's form (never the bot check, the edit
 * token or a file).
 */
const DraftDataSchema = z
  .record(patterned(KEY), DraftValue, { error: ErrorKey.invalid })
  .check(z.refine((data) => Object.keys(data).length <= DRAFT_MAX_ENTRIES, { error: ErrorKey.tooLong }));

export const DraftRequestSchema = z.object({
  email: EmailSchema,
  country: z.enum(COUNTRIES, { error: ErrorKey.invalid }),
  language: z.enum(LANGUAGES, { error: ErrorKey.invalid }),
  step: z.pipe(
    z.coerce.number({ error: ErrorKey.invalid }),
    z.int({ error: ErrorKey.invalid }).check(z.gte(1, { error: ErrorKey.invalid }), z.lte(FORM_STEPS, { error: ErrorKey.invalid })),
  ),
  /** The market's path prefix the form runs under ('' when the market comes from the host). */
  basePath: BasePathSchema,
  data: DraftDataSchema,
  /** A solved bot check of its own (DESIGN §6): the draft sends an e-mail. */
  recaptchaToken: CaptchaTokenSchema,
});

/** A draft token: 24 random bytes, base64url. */
export const DraftTokenSchema = patterned(/^[A-Za-z0-9_-]{32}$/);

/** GET /api/drafts/:token answer data. */
export interface DraftAnswer {
  country: Country;
  language: Language;
  step: number;
  data: Record<string, string | number | boolean>;
}
