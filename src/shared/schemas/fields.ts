// Field rules, written once and composed into payload schemas (spec §5).
// Messages are i18n keys (src/web/i18n), never sentences.
import * as z from 'zod';
import { EMAIL_MAX_LENGTH, REGISTRATION_NUMBER_PATTERN, TEXTAREA_MAX_LENGTH, TEXT_MAX_LENGTH } from '../limits.ts';
import { sanitizeName, stripMarkup } from '../sanitize.ts';

export const ErrorKey = {
  required: 'validation.required',
  email: 'validation.email',
  name: 'validation.name',
  registrationNumber: 'validation.registrationNumber',
  tooLong: 'validation.tooLong',
  choose: 'validation.choose',
  placeRequired: 'validation.placeRequired',
  confirm: 'validation.confirm',
  captcha: 'validation.captcha',
  trainingNotes: 'validation.trainingNotes',
  invalid: 'validation.invalid',
  commitmentsWarning: 'commitments.warning',
  confirmationsRequired: 'nandatoryConfirmations.required',
} as const;

const requiredString = (max: number) =>
  z.string({ error: ErrorKey.required }).max(max * 4, { error: ErrorKey.tooLong });

/** Free text: markup stripped, at most `max` characters after stripping. */
export const freeText = (max: number = TEXTAREA_MAX_LENGTH) =>
  requiredString(max)
    .transform(stripMarkup)
    .pipe(z.string().max(max, { error: ErrorKey.tooLong }));

export const RequiredFreeText = (max: number = TEXT_MAX_LENGTH) =>
  freeText(max).pipe(z.string().min(1, { error: ErrorKey.required }));

export const OptionalFreeText = (max: number = TEXTAREA_MAX_LENGTH) =>
  z.preprocess((v) => (v == null ? '' : v), freeText(max));

export const EmailSchema = requiredString(EMAIL_MAX_LENGTH)
  .transform((v) => v.trim())
  .pipe(
    z
      .string()
      .min(1, { error: ErrorKey.required })
      .max(EMAIL_MAX_LENGTH, { error: ErrorKey.tooLong })
      .pipe(z.email({ error: ErrorKey.email })),
  );

const NAME_WITH_SPACES = /^[\p{L}\p{M}'’-]+(?: [\p{L}\p{M}'’-]+)*$/u;
const NAME_WITHOUT_SPACES = /^[\p{L}\p{M}'’-]+$/u;

/** Letters (any script, so Italian and German accents too), apostrophes and hyphens. */
export const NameSchema = (allowSpaces = true) =>
  requiredString(TEXT_MAX_LENGTH)
    .transform(sanitizeName)
    .pipe(
      z
        .string()
        .min(1, { error: ErrorKey.required })
        .max(TEXT_MAX_LENGTH, { error: ErrorKey.tooLong })
        .regex(allowSpaces ? NAME_WITH_SPACES : NAME_WITHOUT_SPACES, { error: ErrorKey.name }),
    );

export const RegistrationNumberSchema = requiredString(20)
  .transform((v) => v.trim())
  .pipe(
    z
      .string()
      .min(1, { error: ErrorKey.required })
      .regex(REGISTRATION_NUMBER_PATTERN, { error: ErrorKey.registrationNumber }),
  );

export const YesNoSchema = z.enum(['yes', 'no'], { error: ErrorKey.choose });

/** A ticked box: JSON true, or the strings a form post sends. */
export const Ticked = (message: string = ErrorKey.confirm) =>
  z.preprocess(
    (v) => v === true || v === 'true' || v === 'on' || v === '1' || v === 'yes',
    z.literal(true, { error: message }),
  );

const coordinate = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: ErrorKey.placeRequired }).min(min, { error: ErrorKey.placeRequired }).max(max, { error: ErrorKey.placeRequired }),
  );

/** The hidden fields set by choosing a place on the map; one message: 'Required'. */
export const PlaceFields = {
  placeId: z.string({ error: ErrorKey.placeRequired }).trim().min(1, { error: ErrorKey.placeRequired }).max(300, { error: ErrorKey.placeRequired }),
  lat: coordinate(-90, 90),
  lng: coordinate(-180, 180),
  address: freeText(TEXTAREA_MAX_LENGTH * 2).pipe(z.string().min(1, { error: ErrorKey.placeRequired })),
};

/** Bot-check solution (ALTCHA payload, carried in the contract's recaptchaToken field). */
export const CaptchaTokenSchema = z
  .string({ error: ErrorKey.captcha })
  .min(1, { error: ErrorKey.captcha })
  .max(4000, { error: ErrorKey.captcha });

/** Edit token (pharmacistId / loginToken): base64url of at least 128 random bits. */
export const EditTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, { error: ErrorKey.invalid });

/** Server-side photo file name as returned by save-temp-pharmacist-image. */
export const PhotoNameSchema = z.string().regex(/^[A-Za-z0-9_-]{10,80}\.(jpg|png)$/, { error: ErrorKey.invalid });
