// The UK English single-page form (spec §2 screen 2; §4 training mapping; §5).
import * as z from 'zod/mini';
import { HOW_HEARD_OPTIONS, type UkTrainingAnswer } from '../reference/options.ts';
import { ErrorKey, OptionalFreeText, YesNoSchema } from './fields.ts';
import { commonFields } from './registration-common.ts';

/** UK English single-page form, as sent (spec §4: yes1/yes2 already mapped to yes). */
export const ukFields = {
  ...commonFields,
  areYouLocum: YesNoSchema,
  whereDidYouFindOutAboutUs: z.enum(HOW_HEARD_OPTIONS, { error: ErrorKey.choose }),
  haveYouCompleted: YesNoSchema,
  additionalTrainingNotes: OptionalFreeText(),
};
export const UkRegistrationPayloadSchema = z.object(ukFields);
export type UkRegistrationPayload = z.output<typeof UkRegistrationPayloadSchema>;

// ---- UK form (browser side) -------------------------------------------------------------

/** Form values of the UK single page: the payload's fields, with training's three answers. */
export type UkRegistrationFormValues = Omit<UkRegistrationPayload, 'haveYouCompleted'> & { haveYouCompleted: UkTrainingAnswer };

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
