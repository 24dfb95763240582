// The Italian single-page form (spec §2 screen 2, Italian variant; DESIGN §5: registration body
// Italia (AIFA), services, and the Oncodemia course question).
import * as z from 'zod';
import { HOW_HEARD_OPTIONS, REGISTRATION_BODY_IT } from '../reference/options.ts';
import { ErrorKey, OptionalFreeText, YesNoSchema } from './fields.ts';
import { commonFields } from './registration-common.ts';

export const ItalianRegistrationPayloadSchema = z
  .object({
    ...commonFields,
    areYouLocum: YesNoSchema,
    whereDidYouFindOutAboutUs: z.enum(HOW_HEARD_OPTIONS, { error: ErrorKey.choose }),
    bodyOfRegistration: z.literal(REGISTRATION_BODY_IT, { error: ErrorKey.choose }),
    haveYouCompleted: YesNoSchema,
    additionalTrainingNotes: OptionalFreeText(),
  })
  .strip();
export type ItalianRegistrationPayload = z.output<typeof ItalianRegistrationPayloadSchema>;
