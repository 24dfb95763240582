// The pharmacist registration payload (spec §3) and its rules (spec §4, §5).
// The browser validates the form with these schemas; the server validates the payload again.
import * as z from 'zod';
import { COUNTRIES, LANGUAGES, resolveVariant, type Country, type Language } from '../markets.ts';
import { TEXT_MAX_LENGTH } from '../limits.ts';
import { HOW_HEARD_OPTIONS, UK_TRAINING_ANSWERS, type UkTrainingAnswer } from '../reference/options.ts';
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
} from './fields.ts';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** Fields every variant's payload carries. */
const commonFields = {
  email: EmailSchema,
  firstName: NameSchema(true),
  lastName: NameSchema(true),
  professionalRegistrationNumber: RegistrationNumberSchema,
  ...PlaceFields,
  whereYouWork: RequiredFreeText(TEXT_MAX_LENGTH),
  anythingElseAboutYou: OptionalFreeText(),
  services: OptionalFreeText(),
  photo: optional(PhotoNameSchema),
  photoId: optional(z.string().regex(/^[0-9a-f-]{36}$/, { error: ErrorKey.invalid })),
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

/** UK English single-page form, as sent (spec §4: yes1/yes2 already mapped to yes). */
export const UkRegistrationPayloadSchema = z
  .object({
    ...commonFields,
    areYouLocum: YesNoSchema,
    whereDidYouFindOutAboutUs: z.enum(HOW_HEARD_OPTIONS, { error: ErrorKey.choose }),
    haveYouCompleted: YesNoSchema,
    additionalTrainingNotes: OptionalFreeText(),
  })
  .strip();
export type UkRegistrationPayload = z.output<typeof UkRegistrationPayloadSchema>;

/** The payload schema the server applies, chosen by the payload's own country and language. */
export function registrationPayloadSchemaFor(country: Country, language: Language) {
  const variant = resolveVariant(country, language);
  if (variant.country === 'uk' && variant.language === 'en') return UkRegistrationPayloadSchema;
  // Italian and three-step variants are added with their own issues; until then they are refused.
  return null;
}

// ---- UK form (browser side) -------------------------------------------------------------

/** Form values of the UK single page: training has three answers, and a honeypot field. */
export const UkRegistrationFormSchema = UkRegistrationPayloadSchema.omit({ haveYouCompleted: true })
  .extend({
    haveYouCompleted: z.enum(UK_TRAINING_ANSWERS, { error: ErrorKey.choose }),
  })
  .superRefine((values, ctx) => {
    if (values.haveYouCompleted === 'yes1' && !values.additionalTrainingNotes) {
      ctx.addIssue({ code: 'custom', path: ['additionalTrainingNotes'], message: ErrorKey.trainingNotes });
    }
  });
export type UkRegistrationFormInput = z.input<typeof UkRegistrationFormSchema>;
export type UkRegistrationFormValues = z.output<typeof UkRegistrationFormSchema>;

/** Spec §4: a prefilled answer becomes yes1 when training notes exist, yes2 when it is 'yes'. */
export function ukTrainingAnswerFromStored(haveYouCompleted: unknown, additionalTrainingNotes: unknown): UkTrainingAnswer | '' {
  if (typeof additionalTrainingNotes === 'string' && additionalTrainingNotes.trim() !== '') return 'yes1';
  if (haveYouCompleted === 'yes') return 'yes2';
  if (haveYouCompleted === 'no') return 'no';
  return '';
}

/** Fields the UK single-page submit removes before sending (spec §4). */
export const UK_FIELDS_REMOVED_ON_SUBMIT = ['bodyOfRegistration', 'howDidYouFindAboutTheProgram', 'completedAdditionalTraining'] as const;

/**
 * Spec §4: yes1 -> yes keeping the notes; yes2 -> yes dropping the notes; no -> no dropping the notes;
 * and the three fields above are removed.
 */
export function ukFormToPayload<T extends { haveYouCompleted: UkTrainingAnswer; additionalTrainingNotes?: string }>(
  values: T,
): Omit<T, 'haveYouCompleted' | (typeof UK_FIELDS_REMOVED_ON_SUBMIT)[number]> & { haveYouCompleted: 'yes' | 'no' } {
  const copy: Record<string, unknown> = { ...values };
  for (const field of UK_FIELDS_REMOVED_ON_SUBMIT) delete copy[field];
  copy.haveYouCompleted = values.haveYouCompleted === 'no' ? 'no' : 'yes';
  if (values.haveYouCompleted !== 'yes1') delete copy.additionalTrainingNotes;
  return copy as ReturnType<typeof ukFormToPayload<T>>;
}

/** Turns zod issues into `{ field: i18nKey }`, the first issue of each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : '_';
    if (!(field in errors)) errors[field] = issue.message.startsWith('validation.') || issue.message.includes('.') ? issue.message : ErrorKey.invalid;
  }
  return errors;
}
