// The three-step form (spec §2 screens 4-6): Germany, and every pair other than en-uk and it-it.
// Each step has its own fields; the payload the server applies is the three merged. The
// certificate travels as the multipart file part `file`: the browser checks it here by MIME type,
// extension and size, and the server checks it again by content.
import * as z from 'zod/mini';
import { COUNTRIES, LANGUAGES, type Country } from '../markets.ts';
import { MAX_UPLOAD_BYTES, TEXT_MAX_LENGTH } from '../limits.ts';
import { isRegistrationBodyFor, registrationBodiesFor } from '../reference/registration-bodies.ts';
import { PROGRAMME_SOURCE_OPTIONS, type ProgrammeSource } from '../reference/options.ts';
import {
  CaptchaTokenSchema,
  EditTokenSchema,
  EmailSchema,
  ErrorKey,
  NameSchema,
  OptionalFreeText,
  PhotoNameSchema,
  PlaceFields,
  RegistrationNumberSchema,
  RequiredFreeText,
  Ticked,
  YesNoSchema,
  isTicked,
  preprocess,
  trimmedString,
  UuidSchema,
} from './fields.ts';
import { optional } from './registration-common.ts';

/** Error keys of the certificate (and the German photo), as the server answers them too. */
export const FileErrorKey = {
  required: ErrorKey.required,
  fileType: 'validation.fileType',
  fileTooBig: 'validation.fileTooBig',
  /** Server only: the file could not be read (damaged, encrypted PDF, too many pixels, undecodable HEIC). */
  fileUnreadable: 'validation.fileUnreadable',
  /** Server only: a PDF with scripts, attachments or automatic actions. */
  fileActiveContent: 'validation.fileActiveContent',
} as const;

/** Certificate formats (spec §5): pdf, jpeg, png or heic. */
export const CERTIFICATE_MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/heic', 'image/heif'] as const;
export const CERTIFICATE_EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png', '.heic', '.heif'] as const;
/** The German photo (and the steps form's photo): jpeg or png only (spec §5). */
export const STEPS_PHOTO_MIME_TYPES = ['image/jpeg', 'image/png'] as const;

export interface FileLike {
  name: string;
  type: string;
  size: number;
}

function isFileLike(value: unknown): value is FileLike {
  if (!value || typeof value !== 'object') return false;
  const file = value as Record<string, unknown>;
  return typeof file.name === 'string' && typeof file.type === 'string' && typeof file.size === 'number';
}

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
};

/**
 * The browser's check of a chosen certificate: the type must be allowed by MIME type and by
 * extension (a browser may not know HEIC's MIME type, so an empty type goes by the extension),
 * and the size at most 5 MB. Null when it passes. The server checks the bytes themselves.
 */
export function certificateProblem(file: FileLike): (typeof FileErrorKey)[keyof typeof FileErrorKey] | null {
  const type = file.type.toLowerCase();
  const extensionOk = (CERTIFICATE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
  const typeOk = type === '' || (CERTIFICATE_MIME_TYPES as readonly string[]).includes(type);
  if (!extensionOk || !typeOk) return FileErrorKey.fileType;
  if (file.size > MAX_UPLOAD_BYTES) return FileErrorKey.fileTooBig;
  if (file.size === 0) return FileErrorKey.required;
  return null;
}

/**
 * Whether a certificate's first bytes are those of a PDF, JPEG, PNG or HEIC/HEIF file (the
 * browser's early check by content; the server checks again with file-type). 12 bytes suffice.
 */
export function certificateBytesLookRight(head: Uint8Array): boolean {
  const ascii = (from: number, text: string) => [...text].every((c, i) => head[from + i] === c.charCodeAt(0));
  if (ascii(0, '%PDF-')) return true;
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return true;
  if (head[0] === 0x89 && ascii(1, 'PNG')) return true;
  return ascii(4, 'ftyp') && ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].some((brand) => ascii(8, brand));
}

/** The certificate as a form value (a File in the browser). */
export const CertificateFileSchema = z
  .custom<FileLike>((value) => isFileLike(value), { error: FileErrorKey.required })
  .check(
    z.superRefine((file, ctx) => {
      const problem = certificateProblem(file);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  );

export function isProgrammeSource(value: unknown): value is ProgrammeSource {
  return typeof value === 'string' && (PROGRAMME_SOURCE_OPTIONS as readonly string[]).includes(value);
}

/** A registration body: one of the market's (for Germany, its chambers). */
const bodyOfRegistrationSchema = (country: Country) => z.enum(registrationBodiesFor(country) as [string, ...string[]], { error: ErrorKey.choose });

/** Any body of any market; the payload schema checks it against appStoreCountry. */
const AnyRegistrationBody = trimmedString(TEXT_MAX_LENGTH, ErrorKey.choose);

/** An optional tick box: a form post sends 'true'/'false', JSON sends booleans. */
const OptionalTick = preprocess(isTicked, z.boolean());

// ---- Step 1: training, certificate, photo, pharmacy, about you ------------------------------

/** Step 1's text fields (the certificate file is separate: it is not a text field). */
export const step1Fields = {
  haveYouCompleted: YesNoSchema,
  photo: optional(PhotoNameSchema),
  photoId: optional(UuidSchema),
  ...PlaceFields,
  whereYouWork: RequiredFreeText(TEXT_MAX_LENGTH),
  services: OptionalFreeText(),
  email: EmailSchema,
  firstName: NameSchema(true),
  lastName: NameSchema(true),
  bodyOfRegistration: AnyRegistrationBody,
  professionalRegistrationNumber: RegistrationNumberSchema,
};

/** Step 1 as the browser validates it: the market's registration bodies and the certificate. */
export const step1Schema = (country: Country) =>
  z.object({ ...step1Fields, bodyOfRegistration: bodyOfRegistrationSchema(country), file: CertificateFileSchema });

// ---- Step 2: the Google profile ----------------------------------------------------------------

export const step2Fields = {
  isChecked: Ticked(),
  /** The specification's (misspelt) name: the applicant will keep the Google Maps entry up to date. */
  willUpateGoogleMapsEntry: OptionalTick,
};
export const Step2Schema = z.object(step2Fields);

// ---- Step 3: how found, charter, confirmations, bot check ----------------------------------

/** One of the programme-source radios, or the Other free text (spec §4); missing -> commitments.warning. */
const HowFoundSchema = preprocess((v) => (v == null ? '' : v), RequiredFreeText(TEXT_MAX_LENGTH, ErrorKey.commitmentsWarning));

export const step3Fields = {
  howDidYouFindAboutTheProgram: HowFoundSchema,
  agreementCheck1: Ticked(ErrorKey.confirmationsRequired),
  agreementCheck2: Ticked(ErrorKey.confirmationsRequired),
  agreementCheck3: Ticked(ErrorKey.confirmationsRequired),
  agreementCheck4: Ticked(ErrorKey.confirmationsRequired),
  agreementCheck5: Ticked(ErrorKey.confirmationsRequired),
  recaptchaToken: CaptchaTokenSchema,
};
export const Step3Schema = z.object(step3Fields);

// ---- The whole payload (what the server applies) ---------------------------------------------

export const StepsRegistrationPayloadSchema = z
  .object({
    ...step1Fields,
    ...step2Fields,
    ...step3Fields,
    anythingElseAboutYou: OptionalFreeText(),
    appStoreCountry: z.enum(COUNTRIES, { error: ErrorKey.invalid }),
    formLanguage: z.enum(LANGUAGES, { error: ErrorKey.invalid }),
    loginToken: optional(EditTokenSchema),
  })
  .check(
    z.superRefine((payload, ctx) => {
      if (!isRegistrationBodyFor(payload.appStoreCountry, payload.bodyOfRegistration)) {
        ctx.addIssue({ code: 'custom', path: ['bodyOfRegistration'], message: ErrorKey.choose });
      }
    }),
  );
export type StepsRegistrationPayload = z.output<typeof StepsRegistrationPayloadSchema>;
