// What every registration variant's payload has in common (spec §3, §5).
import * as z from 'zod/mini';
import { COUNTRIES, LANGUAGES } from '../markets.ts';
import { TEXT_MAX_LENGTH } from '../limits.ts';
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
  patterned,
  preprocess,
} from './fields.ts';

/** An optional field: an empty string or null counts as not given. */
export const optional = <T extends z.core.$ZodType>(schema: T) => preprocess((v) => (v === '' || v === null ? undefined : v), z.optional(schema));

/** The id of an uploaded photo (a UUID). */
export const PhotoIdSchema = patterned(/^[0-9a-f-]{36}$/);

/** Fields every variant's payload carries. */
export const commonFields = {
  email: EmailSchema,
  firstName: NameSchema(true),
  lastName: NameSchema(true),
  professionalRegistrationNumber: RegistrationNumberSchema,
  ...PlaceFields,
  whereYouWork: RequiredFreeText(TEXT_MAX_LENGTH),
  anythingElseAboutYou: OptionalFreeText(),
  services: OptionalFreeText(),
  photo: optional(PhotoNameSchema),
  photoId: optional(PhotoIdSchema),
  isChecked: Ticked(),
  agreementCheck1: Ticked(),
  agreementCheck2: Ticked(),
  agreementCheck3: Ticked(),
  agreementCheck4: Ticked(),
  agreementCheck5: Ticked(),
  recaptchaToken: CaptchaTokenSchema,
  appStoreCountry: z.enum(COUNTRIES, { error: ErrorKey.invalid }),
  formLanguage: z.enum(LANGUAGES, { error: ErrorKey.invalid }),
  loginToken: optional(EditTokenSchema),
};

/** Turns zod issues into `{ field: i18nKey }`, the first issue of each field. */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : '_';
    if (!(field in errors)) errors[field] = issue.message.startsWith('validation.') || issue.message.includes('.') ? issue.message : ErrorKey.invalid;
  }
  return errors;
}
