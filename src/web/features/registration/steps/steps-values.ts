// The three-step form's values per step, how stored answers fill them, which visible field shows
// each payload field's error, and the query parameters kept on every step navigation.
import type { Country } from '#shared/markets.ts';
import { registrationBodiesFor } from '#shared/reference/registration-bodies.ts';
import { AGREEMENT_FIELDS } from '#shared/reference/options.ts';
import type { Step } from '#shared/registration/journey.ts';
import type { StoredAnswers } from '../../../forms/answers-store.ts';

export interface Step1Values {
  haveYouCompleted: '' | 'yes' | 'no';
  file: File | null;
  photo: string;
  photoId: string;
  placeId: string;
  lat: number | '';
  lng: number | '';
  address: string;
  whereYouWork: string;
  services: string;
  email: string;
  firstName: string;
  lastName: string;
  bodyOfRegistration: string;
  professionalRegistrationNumber: string;
}

export interface Step2Values {
  isChecked: boolean;
  willUpateGoogleMapsEntry: boolean;
}

export interface Step3Values {
  howDidYouFindAboutTheProgram: string;
  agreementCheck1: boolean;
  agreementCheck2: boolean;
  agreementCheck3: boolean;
  agreementCheck4: boolean;
  agreementCheck5: boolean;
  recaptchaToken: string;
  /** Honeypot: people never see it. */
  website: string;
}

export type StepValues = Step1Values | Step2Values | Step3Values;

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const tick = (value: unknown): boolean => value === true || value === 'true';
const coordinate = (value: unknown): number | '' => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : '';
};

/** The body preselected when the market has only one (UK (GPhC), Italia (AIFA)). */
function defaultBody(country: Country, stored: unknown): string {
  const bodies = registrationBodiesFor(country);
  if (typeof stored === 'string' && bodies.includes(stored)) return stored;
  return bodies.length === 1 ? bodies[0]! : '';
}

export function step1Values(stored: StoredAnswers, country: Country, file: File | null): Step1Values {
  const completed = stored.haveYouCompleted;
  return {
    haveYouCompleted: completed === 'yes' || completed === 'no' ? completed : '',
    file,
    photo: text(stored.photo),
    photoId: text(stored.photoId),
    placeId: text(stored.placeId),
    lat: coordinate(stored.lat),
    lng: coordinate(stored.lng),
    address: text(stored.address),
    whereYouWork: text(stored.whereYouWork),
    services: text(stored.services),
    email: text(stored.email),
    firstName: text(stored.firstName),
    lastName: text(stored.lastName),
    bodyOfRegistration: defaultBody(country, stored.bodyOfRegistration),
    professionalRegistrationNumber: text(stored.professionalRegistrationNumber),
  };
}

export function step2Values(stored: StoredAnswers): Step2Values {
  return { isChecked: tick(stored.isChecked), willUpateGoogleMapsEntry: tick(stored.willUpateGoogleMapsEntry) };
}

export function step3Values(stored: StoredAnswers): Step3Values {
  return {
    howDidYouFindAboutTheProgram: text(stored.howDidYouFindAboutTheProgram),
    agreementCheck1: tick(stored.agreementCheck1),
    agreementCheck2: tick(stored.agreementCheck2),
    agreementCheck3: tick(stored.agreementCheck3),
    agreementCheck4: tick(stored.agreementCheck4),
    agreementCheck5: tick(stored.agreementCheck5),
    recaptchaToken: '',
    website: '',
  };
}

/** Fields never stored between steps: the file (IndexedDB), the single-use bot-check token, the honeypot. */
export const NOT_STORED = ['file', 'recaptchaToken', 'website'] as const;

/** The fields a stored application (prefill) may fill: never the confirmations or the bot check. */
export const PREFILLED_FIELDS = [
  'haveYouCompleted', 'photo', 'photoId', 'placeId', 'lat', 'lng', 'address', 'whereYouWork', 'services', 'email', 'firstName', 'lastName',
  'bodyOfRegistration', 'professionalRegistrationNumber', 'willUpateGoogleMapsEntry', 'howDidYouFindAboutTheProgram',
] as const;

/** Fields a draft may bring back (what the steps ask for, without files and single-use values). */
export const DRAFT_FIELDS = [...PREFILLED_FIELDS, 'isChecked', ...AGREEMENT_FIELDS] as const;

/** Visible fields per step in page order: error summary order and link targets. */
export const STEP_ERROR_FIELDS: Record<Step, readonly string[]> = {
  1: ['haveYouCompleted', 'file', 'photo', 'placeId', 'whereYouWork', 'services', 'email', 'firstName', 'lastName', 'bodyOfRegistration', 'professionalRegistrationNumber'],
  2: ['isChecked', 'willUpateGoogleMapsEntry'],
  3: ['howDidYouFindAboutTheProgram', ...AGREEMENT_FIELDS, 'recaptchaToken'],
};

const ALIASES: Record<string, string> = { lat: 'placeId', lng: 'placeId', address: 'placeId', photoId: 'photo' };

/** The visible field that shows a payload field's error, and the step it is on; null when none. */
export function errorTarget(field: string): { step: Step; fieldId: string } | null {
  const fieldId = ALIASES[field] ?? field;
  for (const step of [1, 2, 3] as const) if (STEP_ERROR_FIELDS[step].includes(fieldId)) return { step, fieldId };
  return null;
}

/** The i18n key naming a field in error summaries and the answers summary. */
export function fieldNameKey(fieldId: string): string {
  return STEPS_FIELD_NAMES.includes(fieldId) ? `steps.fieldNames.${fieldId}` : `form.fieldNames.${fieldId}`;
}
const STEPS_FIELD_NAMES = ['file', 'services', 'bodyOfRegistration', 'professionalRegistrationNumber', 'haveYouCompleted', 'willUpateGoogleMapsEntry', 'howDidYouFindAboutTheProgram'];

/** Query parameters kept on every step navigation (spec §2: pharmacistId; also lang and draft). */
export const KEPT_PARAMS = ['pharmacistId', 'lang', 'draft'] as const;

/** '/form/{step}' with the kept query parameters of `search` (add a #fragment after useLocalPath). */
export function stepPath(step: Step, search: string | URLSearchParams): string {
  const from = typeof search === 'string' ? new URLSearchParams(search) : search;
  const kept = new URLSearchParams();
  for (const name of KEPT_PARAMS) {
    const value = from.get(name);
    if (value) kept.set(name, value);
  }
  const query = kept.toString();
  return `/form/${step}${query ? `?${query}` : ''}`;
}
