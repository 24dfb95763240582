// The Italian single page's form values, how a stored application fills them, and where each
// field's error is shown (error summary link targets).
import type { Country, Language } from '#shared/markets.ts';
import { REGISTRATION_BODY_IT } from '#shared/reference/options.ts';
import type { StoredPharmacist } from '../../lib/api/get-pharmacist.ts';
import { emptyUkForm, storedToUkForm, type UkFormValues } from '../registration/uk-form-values.ts';

export interface ItalianFormValues extends Omit<UkFormValues, 'haveYouCompleted' | 'additionalTrainingNotes'> {
  bodyOfRegistration: typeof REGISTRATION_BODY_IT;
  /** The Oncodemia course. */
  haveYouCompleted: '' | 'yes' | 'no';
}

export function emptyItalianForm(country: Country, language: Language, loginToken = ''): ItalianFormValues {
  const { haveYouCompleted: _training, additionalTrainingNotes: _notes, ...common } = emptyUkForm(country, language, loginToken);
  return { ...common, bodyOfRegistration: REGISTRATION_BODY_IT, haveYouCompleted: '' };
}

/** A stored application as form values; confirmations and the bot check are asked again. */
export function storedToItalianForm(stored: StoredPharmacist, base: ItalianFormValues): ItalianFormValues {
  const { haveYouCompleted: _training, additionalTrainingNotes: _notes, ...common } = storedToUkForm(stored, { ...base, haveYouCompleted: '', additionalTrainingNotes: '' });
  const course = stored.haveYouCompleted;
  return { ...common, bodyOfRegistration: REGISTRATION_BODY_IT, haveYouCompleted: course === 'yes' || course === 'no' ? course : '' };
}

/** Fields in page order; an error on one of them is listed in the summary in this order. */
export const IT_FIELD_ORDER = [
  'email',
  'firstName',
  'lastName',
  'bodyOfRegistration',
  'professionalRegistrationNumber',
  'areYouLocum',
  'whereDidYouFindOutAboutUs',
  'photo',
  'placeId',
  'whereYouWork',
  'services',
  'isChecked',
  'haveYouCompleted',
  'anythingElseAboutYou',
  'agreementCheck1',
  'agreementCheck2',
  'agreementCheck3',
  'agreementCheck4',
  'agreementCheck5',
  'recaptchaToken',
] as const;
export type ItalianErrorField = (typeof IT_FIELD_ORDER)[number];

const ERROR_FIELD_ALIASES: Record<string, ItalianErrorField> = { lat: 'placeId', lng: 'placeId', address: 'placeId', photoId: 'photo' };

/** Which visible field shows an error reported for a payload field; null when none does. */
export function italianErrorFieldFor(field: string): ItalianErrorField | null {
  const alias = ERROR_FIELD_ALIASES[field];
  if (alias) return alias;
  return (IT_FIELD_ORDER as readonly string[]).includes(field) ? (field as ItalianErrorField) : null;
}

/** Mandatory tick boxes: submit stays disabled until they are all ticked (spec §4). */
export const IT_MANDATORY_CHECKBOXES = ['isChecked', 'agreementCheck1', 'agreementCheck2', 'agreementCheck3', 'agreementCheck4', 'agreementCheck5'] as const;
