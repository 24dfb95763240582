// The three-step form (spec §2 screens 4-6): Germany, and every pair other than en-uk and it-it.
import * as z from 'zod';
import { PROGRAMME_SOURCE_OPTIONS } from '../reference/options.ts';
import { ErrorKey, OptionalFreeText, RequiredFreeText, YesNoSchema } from './fields.ts';
import { commonFields } from './registration-common.ts';

export const StepsRegistrationPayloadSchema = z
  .object({
    ...commonFields,
    bodyOfRegistration: RequiredFreeText(),
    haveYouCompleted: YesNoSchema,
    willUpateGoogleMapsEntry: OptionalFreeText(),
    howDidYouFindAboutTheProgram: RequiredFreeText().or(z.enum(PROGRAMME_SOURCE_OPTIONS, { error: ErrorKey.commitmentsWarning })),
  })
  .strip();
export type StepsRegistrationPayload = z.output<typeof StepsRegistrationPayloadSchema>;
