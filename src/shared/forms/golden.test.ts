// Golden tests: what the catalogue derives equals what the three applicant forms write by hand
// today (literal copies of src/web/features/registration/uk-form-values.ts,
// features/italy/italian-form-values.ts, features/registration/steps/steps-values.ts), and the
// derived payload schemas accept and refuse what src/shared/schemas/registration-*.ts do.
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { fieldErrors } from '../schemas/api.ts';
import { ItalianRegistrationPayloadSchema } from '../schemas/registration-it.ts';
import { StepsRegistrationPayloadSchema } from '../schemas/registration-steps.ts';
import { UkRegistrationPayloadSchema } from '../schemas/registration-uk.ts';
import { FORMS, applicationFormFor } from './catalogue.ts';
import { emptyValues, errorTarget, fieldOrder, payloadSchema, submitGates } from './derive.ts';

const UK_FIELD_ORDER = [
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
];
const IT_FIELD_ORDER = [
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
];
const STEP_ERROR_FIELDS = {
  1: [
    'haveYouCompleted',
    'file',
    'photo',
    'placeId',
    'whereYouWork',
    'services',
    'email',
    'firstName',
    'lastName',
    'bodyOfRegistration',
    'professionalRegistrationNumber',
  ],
  2: ['isChecked', 'willUpateGoogleMapsEntry'],
  3: ['howDidYouFindAboutTheProgram', 'agreementCheck1', 'agreementCheck2', 'agreementCheck3', 'agreementCheck4', 'agreementCheck5', 'recaptchaToken'],
};
const ALIASES: Record<string, string> = { lat: 'placeId', lng: 'placeId', address: 'placeId', photoId: 'photo' };
const SINGLE_PAGE_BOXES = ['isChecked', 'agreementCheck1', 'agreementCheck2', 'agreementCheck3', 'agreementCheck4', 'agreementCheck5'];
const STEPS_BOXES = ['agreementCheck1', 'agreementCheck2', 'agreementCheck3', 'agreementCheck4', 'agreementCheck5'];

/** Every field any applicant payload knows, and a few it does not. */
const ALL_FIELDS = [
  ...new Set([...UK_FIELD_ORDER, ...IT_FIELD_ORDER, ...Object.values(STEP_ERROR_FIELDS).flat(), ...Object.keys(ALIASES)]),
  'appStoreCountry',
  'formLanguage',
  'loginToken',
  'completedAdditionalTraining',
  'website',
  'unknown',
];

/** Today's errorFieldFor / italianErrorFieldFor: an alias, else the field when in the page order, else null. */
const singlePageTarget = (order: string[], field: string) => ALIASES[field] ?? (order.includes(field) ? field : null);
/** Today's steps errorTarget. */
function stepsTarget(field: string) {
  const fieldId = ALIASES[field] ?? field;
  for (const step of [1, 2, 3] as const) if (STEP_ERROR_FIELDS[step].includes(fieldId)) return { step, fieldId };
  return null;
}

describe('derived field order, error placement and submit gates equal today’s', () => {
  it('UK single page', () => {
    const form = FORMS['apply-uk'];
    expect(fieldOrder(form)).toEqual(UK_FIELD_ORDER);
    for (const field of ALL_FIELDS) expect([field, errorTarget(form, field)?.fieldId ?? null]).toEqual([field, singlePageTarget(UK_FIELD_ORDER, field)]);
    expect(submitGates(form)).toEqual(SINGLE_PAGE_BOXES);
  });

  it('Italian single page', () => {
    const form = FORMS['apply-it'];
    expect(fieldOrder(form)).toEqual(IT_FIELD_ORDER);
    for (const field of ALL_FIELDS) expect([field, errorTarget(form, field)?.fieldId ?? null]).toEqual([field, singlePageTarget(IT_FIELD_ORDER, field)]);
    expect(submitGates(form)).toEqual(SINGLE_PAGE_BOXES);
  });

  it('three steps', () => {
    const form = FORMS['apply-steps'];
    for (const step of [1, 2, 3] as const) expect(fieldOrder(form, step)).toEqual(STEP_ERROR_FIELDS[step]);
    for (const field of ALL_FIELDS) expect([field, errorTarget(form, field)]).toEqual([field, stepsTarget(field)]);
    expect(submitGates(form)).toEqual(STEPS_BOXES);
  });

  it('empty values equal emptyUkForm and emptyItalianForm (less the honeypot, which no payload has)', () => {
    const empty = {
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
      anythingElseAboutYou: '',
      isChecked: false,
      agreementCheck1: false,
      agreementCheck2: false,
      agreementCheck3: false,
      agreementCheck4: false,
      agreementCheck5: false,
      recaptchaToken: '',
      appStoreCountry: 'uk',
      formLanguage: 'en',
      loginToken: 'tok',
    };
    expect(emptyValues(FORMS['apply-uk'], { country: 'uk', language: 'en', loginToken: 'tok' })).toEqual({ ...empty, additionalTrainingNotes: '' });
    expect(emptyValues(FORMS['apply-it'], { country: 'uk', language: 'en', loginToken: 'tok' })).toEqual({ ...empty, bodyOfRegistration: '' });
  });
});

// ---- payload schemas: a table of samples both schemas must agree on ------------------------

const common = {
  email: ' anna@example.com ',
  firstName: 'Anna  Maria',
  lastName: "O'Neill-Rossi",
  professionalRegistrationNumber: ' 1234567 ',
  placeId: 'fixture:uk:001',
  lat: '51.5',
  lng: -0.12,
  address: '1 <b>High</b> Street',
  whereYouWork: 'High Street Pharmacy',
  isChecked: true,
  agreementCheck1: true,
  agreementCheck2: 'true',
  agreementCheck3: 'on',
  agreementCheck4: '1',
  agreementCheck5: true,
  recaptchaToken: 'solution',
};
const uk = {
  ...common,
  appStoreCountry: 'uk',
  formLanguage: 'en',
  areYouLocum: 'no',
  whereDidYouFindOutAboutUs: 'email',
  haveYouCompleted: 'yes',
  additionalTrainingNotes: 'MSc',
};
const it_ = {
  ...common,
  appStoreCountry: 'it',
  formLanguage: 'it',
  areYouLocum: 'yes',
  whereDidYouFindOutAboutUs: 'colleague',
  haveYouCompleted: 'no',
  bodyOfRegistration: 'Italia (AIFA)',
  services: 'Tamponi',
};
const steps = {
  ...common,
  appStoreCountry: 'de',
  formLanguage: 'de',
  haveYouCompleted: 'yes',
  bodyOfRegistration: 'Apothekerkammer Berlin',
  willUpateGoogleMapsEntry: 'false',
  howDidYouFindAboutTheProgram: 'WORD OF MOUTH',
};

/** Changes to a valid sample: each gives a sample both schemas must judge alike. */
const CHANGES: Record<string, Record<string, unknown>> = {
  'as is': {},
  'no email': { email: undefined },
  'bad email': { email: 'anna@' },
  'internationalised domain': { email: 'anna@bücher.de' },
  'digits in the name': { firstName: 'Anna2' },
  'empty last name': { lastName: '' },
  'short registration number': { professionalRegistrationNumber: '12' },
  'no place': { placeId: '', lat: '', lng: '', address: '' },
  'latitude out of range': { lat: 91 },
  'markup only as pharmacy name': { whereYouWork: '<b></b>' },
  'box not ticked': { agreementCheck3: false },
  'google profile not confirmed': { isChecked: 'false' },
  'no bot check': { recaptchaToken: '' },
  'photo given': { photo: 'abcdefghij1234.jpg', photoId: '123e4567-e89b-12d3-a456-426614174000' },
  'bad photo name': { photo: '../etc/passwd' },
  'bad photo id': { photoId: 'x' },
  'edit token': { loginToken: 'abcdefghijklmnopqrstuvwxyz' },
  'bad edit token': { loginToken: 'short' },
  'null optional text': { anythingElseAboutYou: null, services: null },
  'long about-you': { anythingElseAboutYou: 'x'.repeat(251) },
  'unknown fields': { website: 'x', isAdmin: true },
  'locum missing': { areYouLocum: undefined },
  'locum maybe': { areYouLocum: 'maybe' },
  'how heard other': { whereDidYouFindOutAboutUs: 'other' },
  'how heard wrong': { whereDidYouFindOutAboutUs: 'tv' },
  'training yes1 (form value, not a payload value)': { haveYouCompleted: 'yes1' },
  'training missing': { haveYouCompleted: '' },
  'training notes empty': { additionalTrainingNotes: '' },
  'UK body': { bodyOfRegistration: 'UK (GPhC)' },
  'German chamber': { bodyOfRegistration: 'Apothekerkammer Hamburg' },
  'no body': { bodyOfRegistration: undefined },
  'how found other text': { howDidYouFindAboutTheProgram: 'Ein Kollege' },
  'how found missing': { howDidYouFindAboutTheProgram: undefined },
  'Google entry ticked': { willUpateGoogleMapsEntry: true },
  'Google entry odd': { willUpateGoogleMapsEntry: 'maybe' },
  'unknown country': { appStoreCountry: 'fr' },
};

function judge(schema: z.core.$ZodType, sample: Record<string, unknown>) {
  const result = (schema as unknown as { safeParse: (v: unknown) => { success: boolean; data?: unknown; error?: z.core.$ZodError } }).safeParse(sample);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error!) };
}

const withChange = (base: Record<string, unknown>, change: Record<string, unknown>) => {
  const sample: Record<string, unknown> = { ...base, ...change };
  for (const [key, value] of Object.entries(change)) if (value === undefined) delete sample[key];
  return sample;
};

describe('derived payload schemas accept and refuse what today’s do', () => {
  const VARIANTS = [
    ['apply-uk', UkRegistrationPayloadSchema, uk],
    ['apply-it', ItalianRegistrationPayloadSchema, it_],
    ['apply-steps', StepsRegistrationPayloadSchema, steps],
    [
      'apply-steps (Italian market in English)',
      StepsRegistrationPayloadSchema,
      { ...steps, appStoreCountry: 'it', formLanguage: 'en', bodyOfRegistration: 'Italia (AIFA)' },
    ],
  ] as const;

  for (const [name, today, base] of VARIANTS) {
    const form = FORMS[name.split(' ')[0] as 'apply-uk'];
    it.each(Object.entries(CHANGES))(`${name}: %s`, (_label, change) => {
      const sample = withChange(base, change);
      expect(judge(payloadSchema(form), sample)).toEqual(judge(today, sample));
    });
  }

  it('the table holds both accepted and refused samples for every variant', () => {
    for (const [name, today, base] of VARIANTS) {
      const verdicts = Object.values(CHANGES).map((change) => judge(today, withChange(base, change)).ok);
      expect([name, verdicts.includes(true), verdicts.includes(false)]).toEqual([name, true, true]);
    }
  });

  it('a non-object body is refused as a whole', () => {
    expect(judge(payloadSchema(FORMS['apply-uk']), 'x' as never)).toEqual(judge(UkRegistrationPayloadSchema, 'x' as never));
  });

  it('the server’s choice of form follows the market and language', () => {
    expect(applicationFormFor('uk', 'en')).toBe(FORMS['apply-uk']);
    expect(applicationFormFor('it', 'it')).toBe(FORMS['apply-it']);
    expect(applicationFormFor('de', 'de')).toBe(FORMS['apply-steps']);
    expect(applicationFormFor('uk', 'de')).toBe(FORMS['apply-steps']);
    expect(applicationFormFor('it', 'en')).toBe(FORMS['apply-steps']);
  });
});
