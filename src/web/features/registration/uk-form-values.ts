// The UK single page's form values, how a stored application fills them, and where each field's
// error is shown (error summary link targets).
import type { Country, Language } from '#shared/markets.ts';
import { HOW_HEARD_OPTIONS, type HowHeard, type UkTrainingAnswer } from '#shared/reference/options.ts';
import { ukTrainingAnswerFromStored } from '#shared/schemas/registration.ts';
import type { StoredPharmacist } from '../../lib/api/get-pharmacist.ts';

export interface UkFormValues {
  email: string;
  firstName: string;
  lastName: string;
  professionalRegistrationNumber: string;
  areYouLocum: '' | 'yes' | 'no';
  whereDidYouFindOutAboutUs: '' | HowHeard;
  photo: string;
  photoId: string;
  placeId: string;
  lat: number | '';
  lng: number | '';
  address: string;
  whereYouWork: string;
  services: string;
  haveYouCompleted: '' | UkTrainingAnswer;
  additionalTrainingNotes: string;
  anythingElseAboutYou: string;
  isChecked: boolean;
  agreementCheck1: boolean;
  agreementCheck2: boolean;
  agreementCheck3: boolean;
  agreementCheck4: boolean;
  agreementCheck5: boolean;
  recaptchaToken: string;
  appStoreCountry: Country;
  formLanguage: Language;
  loginToken: string;
  /** Honeypot: people never see it, so it stays empty. */
  website: string;
}

export function emptyUkForm(country: Country, language: Language, loginToken = ''): UkFormValues {
  return {
    email: '',
    firstName: '',
    lastName: '',
    professionalRegistrationNumber: '',
    areYouLocum: '',
    whereDidYouFindOutAboutUs: '',
    photo: '',
    photoId: '',
    placeId: '',
    lat: '',
    lng: '',
    address: '',
    whereYouWork: '',
    services: '',
    haveYouCompleted: '',
    additionalTrainingNotes: '',
    anythingElseAboutYou: '',
    isChecked: false,
    agreementCheck1: false,
    agreementCheck2: false,
    agreementCheck3: false,
    agreementCheck4: false,
    agreementCheck5: false,
    recaptchaToken: '',
    appStoreCountry: country,
    formLanguage: language,
    loginToken,
    website: '',
  };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const coordinate = (value: unknown): number | '' => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : '';
};

/**
 * A stored application as form values. Confirmations and the bot check are not filled:
 * the applicant confirms again when sending the changes.
 */
export function storedToUkForm(stored: StoredPharmacist, base: UkFormValues): UkFormValues {
  const locum = stored.areYouLocum;
  const heard = stored.whereDidYouFindOutAboutUs;
  return {
    ...base,
    email: text(stored.email),
    firstName: text(stored.firstName),
    lastName: text(stored.lastName),
    professionalRegistrationNumber: text(stored.professionalRegistrationNumber),
    areYouLocum: locum === 'yes' || locum === 'no' ? locum : '',
    whereDidYouFindOutAboutUs: (HOW_HEARD_OPTIONS as readonly unknown[]).includes(heard) ? (heard as HowHeard) : '',
    photo: text(stored.photo),
    photoId: text(stored.photoId),
    placeId: text(stored.placeId),
    lat: coordinate(stored.lat),
    lng: coordinate(stored.lng),
    address: text(stored.address),
    whereYouWork: text(stored.whereYouWork),
    services: text(stored.services),
    haveYouCompleted: ukTrainingAnswerFromStored(stored.haveYouCompleted, stored.additionalTrainingNotes),
    additionalTrainingNotes: text(stored.additionalTrainingNotes),
    anythingElseAboutYou: text(stored.anythingElseAboutYou),
  };
}

/** Fields in page order; an error on one of them is listed in the summary in this order. */
export const UK_FIELD_ORDER = [
  'email',
  'firstName',
  'lastName',
  'professionalRegistrationNumber',
  'areYouLocum',
  'whereDidYouFindOutAboutUs',
  'photo',
  'placeId',
  'whereYouWork',
  'isChecked',
  'haveYouCompleted',
  'additionalTrainingNotes',
  'anythingElseAboutYou',
  'agreementCheck1',
  'agreementCheck2',
  'agreementCheck3',
  'agreementCheck4',
  'agreementCheck5',
  'recaptchaToken',
] as const;
export type UkErrorField = (typeof UK_FIELD_ORDER)[number];

/** The hidden place fields report their error at the place search. */
const ERROR_FIELD_ALIASES: Record<string, UkErrorField> = { lat: 'placeId', lng: 'placeId', address: 'placeId', photoId: 'photo' };

/** Which visible field shows an error reported for a payload field; null when none does. */
export function errorFieldFor(field: string): UkErrorField | null {
  const alias = ERROR_FIELD_ALIASES[field];
  if (alias) return alias;
  return (UK_FIELD_ORDER as readonly string[]).includes(field) ? (field as UkErrorField) : null;
}

/** Mandatory tick boxes (spec §4: submit stays disabled until they are all ticked). */
export const UK_MANDATORY_CHECKBOXES = ['isChecked', 'agreementCheck1', 'agreementCheck2', 'agreementCheck3', 'agreementCheck4', 'agreementCheck5'] as const;
