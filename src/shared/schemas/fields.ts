// Field rules, written once and composed into payload schemas (spec §5).
// Messages are i18n keys (src/shared/i18n/messages), never sentences. Written with zod/mini (functional
// checks instead of methods): the browser downloads these schemas, and zod/mini is about a third
// of classic zod's size; the server applies the very same schemas.
import * as z from 'zod/mini';
import { BASE_PATHS } from '../markets.ts';
import { EMAIL_MAX_LENGTH, REGISTRATION_NUMBER_PATTERN, TEXTAREA_MAX_LENGTH, TEXT_MAX_LENGTH } from '../limits.ts';
import { sanitizeName, stripMarkup } from '../sanitize.ts';

export const ErrorKey = {
  required: 'validation.required',
  email: 'validation.email',
  name: 'validation.name',
  registrationNumber: 'validation.registrationNumber',
  tooLong: 'validation.tooLong',
  choose: 'validation.choose',
  /** The area manager's city (spec §5: 'Please select city'). */
  selectCity: 'validation.selectCity',
  placeRequired: 'validation.placeRequired',
  addressRequired: 'validation.addressRequired',
  confirm: 'validation.confirm',
  captcha: 'validation.captcha',
  trainingNotes: 'validation.trainingNotes',
  invalid: 'validation.invalid',
  commitmentsWarning: 'commitments.warning',
  confirmationsRequired: 'nandatoryConfirmations.required',
  /** The rep's partita IVA: 11 digits whose last is the check digit of the other ten. */
  piva: 'validation.piva',
  /** The rep's next-visit date: a day in the calendar (YYYY-MM-DD). */
  date: 'validation.date',
  /** A range of days whose end is before its start (the readable CSV's from and to). */
  dateRange: 'validation.dateRange',
  /** An Idempotency-Key sent again with another body (HTTP 422): the first request stands. */
  idempotencyKeyReused: 'validation.idempotencyKeyReused',
  /** A visit's pharmacists each have their own e-mail: their link and their data rights go to it (worded for staff only). */
  emailRepeated: 'staff.extraPharmacists.emailRepeated',
} as const;

/** `schema` applied to the input after `prepare` (classic zod's z.preprocess). */
export const preprocess = <T extends z.core.$ZodType>(prepare: (value: unknown) => unknown, schema: T) => z.pipe(z.transform(prepare), schema);

const requiredString = (max: number) => z.string({ error: ErrorKey.required }).check(z.maxLength(max * 4, { error: ErrorKey.tooLong }));

/** `schema` applied to a required string after `change` (trimming, stripping markup...). */
const changed = <T extends z.core.$ZodType<unknown, string>>(max: number, change: (value: string) => string, schema: T) =>
  z.pipe(z.pipe(requiredString(max), z.transform(change)), schema);

/** Free text: markup stripped, at most `max` characters after stripping. */
export const freeText = (max: number = TEXTAREA_MAX_LENGTH) => changed(max, stripMarkup, z.string().check(z.maxLength(max, { error: ErrorKey.tooLong })));

/** Free text that must not be empty once stripped. */
export const RequiredFreeText = (max: number = TEXT_MAX_LENGTH, error: string = ErrorKey.required) =>
  changed(max, stripMarkup, z.string().check(z.maxLength(max, { error: ErrorKey.tooLong }), z.minLength(1, { error })));

export const OptionalFreeText = (max: number = TEXTAREA_MAX_LENGTH) => preprocess((v) => (v == null ? '' : v), freeText(max));

const trim = (v: string) => v.trim();

/**
 * An e-mail address. The local part as zod's own check (ASCII: a non-ASCII local part needs
 * SMTPUTF8, which not every mail server on the way speaks). The domain may be internationalised
 * (`anna@bücher.de`, `luca@esempio.xn--80asehdb`): each label letters of any script, digits and
 * inner hyphens; the top-level label letters (2 or more) or an A-label (`xn--`). nodemailer sends
 * a Unicode domain as punycode.
 */
const EMAIL_ADDRESS =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@(?:[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?\.)+(?:\p{L}[\p{L}\p{M}]+|[Xx][Nn]--[A-Za-z0-9-]*[A-Za-z0-9])$/u;

/** Stored as entered, trimmed and in Unicode NFC (one spelling for `ü` typed either way). */
export const EmailSchema = changed(
  EMAIL_MAX_LENGTH,
  (value) => value.trim().normalize('NFC'),
  z.pipe(
    z.string().check(z.minLength(1, { error: ErrorKey.required }), z.maxLength(EMAIL_MAX_LENGTH, { error: ErrorKey.tooLong })),
    z.string().check(z.regex(EMAIL_ADDRESS, { error: ErrorKey.email })),
  ),
);

const NAME_WITH_SPACES = /^[\p{L}\p{M}'’-]+(?: [\p{L}\p{M}'’-]+)*$/u;
const NAME_WITHOUT_SPACES = /^[\p{L}\p{M}'’-]+$/u;

/** Letters (any script, so Italian and German accents too), apostrophes and hyphens. */
export const NameSchema = (allowSpaces = true) =>
  changed(
    TEXT_MAX_LENGTH,
    sanitizeName,
    z
      .string()
      .check(
        z.minLength(1, { error: ErrorKey.required }),
        z.maxLength(TEXT_MAX_LENGTH, { error: ErrorKey.tooLong }),
        z.regex(allowSpaces ? NAME_WITH_SPACES : NAME_WITHOUT_SPACES, { error: ErrorKey.name }),
      ),
  );

export const RegistrationNumberSchema = changed(
  20,
  trim,
  z.string().check(z.minLength(1, { error: ErrorKey.required }), z.regex(REGISTRATION_NUMBER_PATTERN, { error: ErrorKey.registrationNumber })),
);

export const YesNoSchema = z.enum(['yes', 'no'], { error: ErrorKey.choose });

/** A string matching `pattern`, else `invalid`. */
export const patterned = (pattern: RegExp, max?: number) => z.string().check(...(max ? [z.maxLength(max)] : []), z.regex(pattern, { error: ErrorKey.invalid }));

/** A checkbox value: JSON true, or the strings a form post sends. */
export const isTicked = (v: unknown) => v === true || v === 'true' || v === 'on' || v === '1' || v === 'yes';

/** A ticked box (any other answer is `message`). */
export const Ticked = (message: string = ErrorKey.confirm) => preprocess(isTicked, z.literal(true, { error: message }));

const coordinate = (min: number, max: number) =>
  preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: ErrorKey.placeRequired }).check(z.gte(min, { error: ErrorKey.placeRequired }), z.lte(max, { error: ErrorKey.placeRequired })),
  );

/** A decimal number given as query text, within [min, max] (the finder's point, the rep's position). */
export const decimalParam = (min: number, max: number) =>
  z.pipe(
    z.string({ error: ErrorKey.required }).check(z.trim(), z.regex(/^-?\d{1,3}(\.\d{1,12})?$/, { error: ErrorKey.invalid })),
    z.pipe(z.transform(Number), z.number().check(z.gte(min, { error: ErrorKey.invalid }), z.lte(max, { error: ErrorKey.invalid }))),
  );

/** A trimmed, non-empty string of at most `max` characters; every failure is `error`. */
export const trimmedString = (max: number, error: string) => z.string({ error }).check(z.trim(), z.minLength(1, { error }), z.maxLength(max, { error }));

/**
 * Place id of a pharmacy the applicant placed on the map by its address ("Can't find your
 * pharmacy?"): `manual:` and 32 random hex digits, so that every such pharmacy is a place of its own.
 */
export const MANUAL_PLACE_ID = /^manual:[0-9a-f]{32}$/;

/** A new manual place id (crypto.getRandomValues works on plain-HTTP pages too, unlike randomUUID). */
export function newManualPlaceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `manual:${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The address typed for "Can't find your pharmacy?": a few characters, at most one line's worth. */
export const ManualAddressSchema = z
  .string({ error: ErrorKey.addressRequired })
  .check(z.trim(), z.minLength(5, { error: ErrorKey.addressRequired }), z.maxLength(200, { error: ErrorKey.tooLong }));

/**
 * The hidden fields set by choosing a place on the map; one message: 'Required'. The place id is
 * the provider's (`fixture:…`, `osm:…`, older Google ids) or a manual one (MANUAL_PLACE_ID): any
 * non-empty text up to 300 characters, which is what the pharmacies table keys on.
 */
export const PlaceFields = {
  placeId: trimmedString(300, ErrorKey.placeRequired),
  lat: coordinate(-90, 90),
  lng: coordinate(-180, 180),
  address: z.pipe(freeText(TEXTAREA_MAX_LENGTH * 2), z.string().check(z.minLength(1, { error: ErrorKey.placeRequired }))),
};

/** Bot-check solution (ALTCHA payload, carried in the contract's recaptchaToken field). */
export const CaptchaTokenSchema = z
  .string({ error: ErrorKey.captcha })
  .check(z.minLength(1, { error: ErrorKey.captcha }), z.maxLength(4000, { error: ErrorKey.captcha }));

/** Edit token (pharmacistId / loginToken): base64url of at least 128 random bits. */
export const EditTokenSchema = patterned(/^[A-Za-z0-9_-]{22,64}$/);

/** A UUID (a record's id), in either case as PostgreSQL reads one: nothing else reaches a uuid column. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A record's id: a staff user's, pharmacy's or area manager's, or an uploaded photo's. */
export const UuidSchema = patterned(UUID_PATTERN);

/** The page's market prefix a link keeps (markets.ts BASE_PATHS); '' when none is sent. */
export const BasePathSchema = z._default(z.enum(BASE_PATHS, { error: ErrorKey.invalid }), '');

/** Server-side photo file name as returned by save-temp-pharmacist-image. */
export const PhotoNameSchema = patterned(/^[A-Za-z0-9_-]{10,80}\.(jpg|png)$/);
