// The Italian single-page form (spec §2 screen 2, Italian variant; DESIGN §5: registration body
// Italia (AIFA), services, and the Oncodemia course question yes/no).
import * as z from 'zod/mini';
import { HOW_HEARD_OPTIONS, REGISTRATION_BODY_IT } from '../reference/options.ts';
import { ErrorKey, YesNoSchema } from './fields.ts';
import { commonFields } from './registration-common.ts';

/** What the Italian single page sends (and what the server accepts for it-it). */
export const italianFields = {
  ...commonFields,
  areYouLocum: YesNoSchema,
  whereDidYouFindOutAboutUs: z.enum(HOW_HEARD_OPTIONS, { error: ErrorKey.choose }),
  bodyOfRegistration: z.literal(REGISTRATION_BODY_IT, { error: ErrorKey.choose }),
  /** Oncodemia course completed (yes/no: the Italian page has no training notes). */
  haveYouCompleted: YesNoSchema,
};
export const ItalianRegistrationPayloadSchema = z.object(italianFields);
export type ItalianRegistrationPayload = z.output<typeof ItalianRegistrationPayloadSchema>;

/** Fields the Italian page never sends: the UK training notes and the three-step form's fields. */
export const IT_FIELDS_REMOVED_ON_SUBMIT = [
  'additionalTrainingNotes',
  'howDidYouFindAboutTheProgram',
  'completedAdditionalTraining',
  'willUpateGoogleMapsEntry',
] as const;

/** The payload of validated form values: the body of registration is always Italia (AIFA). */
export function italianFormToPayload<T extends { bodyOfRegistration?: unknown }>(
  values: T,
): Omit<T, (typeof IT_FIELDS_REMOVED_ON_SUBMIT)[number] | 'bodyOfRegistration'> & { bodyOfRegistration: typeof REGISTRATION_BODY_IT } {
  const copy: Record<string, unknown> = { ...values };
  for (const field of IT_FIELDS_REMOVED_ON_SUBMIT) delete copy[field];
  copy.bodyOfRegistration = REGISTRATION_BODY_IT;
  return copy as ReturnType<typeof italianFormToPayload<T>>;
}
