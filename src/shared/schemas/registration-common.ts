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
  UuidSchema,
  preprocess,
} from './fields.ts';

/** An optional field: an empty string or null counts as not given. */
export const optional = <T extends z.core.$ZodType>(schema: T) => preprocess((v) => (v === '' || v === null ? undefined : v), z.optional(schema));

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
  photoId: optional(UuidSchema),
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
