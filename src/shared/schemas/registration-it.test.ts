import { describe, expect, it } from 'vitest';
import { ItalianRegistrationPayloadSchema, italianFormToPayload } from './registration-it.ts';

const valid = {
  email: 'giulia.rossi@example.it',
  firstName: 'Giulia Maria',
  lastName: "D'Amato",
  professionalRegistrationNumber: '12345',
  areYouLocum: 'no',
  whereDidYouFindOutAboutUs: 'colleague',
  bodyOfRegistration: 'Italia (AIFA)',
  placeId: 'fixture:it:001',
  lat: 41.9,
  lng: 12.49,
  address: 'Via del Corso 1, Roma',
  whereYouWork: 'Farmacia <b>Centrale</b>',
  services: 'Misurazione della pressione',
  haveYouCompleted: 'yes',
  isChecked: true,
  agreementCheck1: true,
  agreementCheck2: true,
  agreementCheck3: true,
  agreementCheck4: true,
  agreementCheck5: true,
  recaptchaToken: 'token',
  appStoreCountry: 'it',
  formLanguage: 'it',
};

describe('Italian registration payload', () => {
  it('accepts a complete application and strips markup and unknown fields', () => {
    const parsed = ItalianRegistrationPayloadSchema.parse({ ...valid, extra: 'x', additionalTrainingNotes: 'UK only' });
    expect(parsed.whereYouWork).toBe('Farmacia Centrale');
    expect(parsed).not.toHaveProperty('extra');
    expect(parsed).not.toHaveProperty('additionalTrainingNotes');
  });

  it('refuses another registration body, a yes1 training answer and a short number', () => {
    const result = ItalianRegistrationPayloadSchema.safeParse({
      ...valid,
      bodyOfRegistration: 'UK (GPhC)',
      haveYouCompleted: 'yes1',
      professionalRegistrationNumber: '12',
    });
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((i) => i.path[0]);
    expect(fields).toEqual(expect.arrayContaining(['bodyOfRegistration', 'haveYouCompleted', 'professionalRegistrationNumber']));
  });

  it('keeps services to 250 characters', () => {
    expect(ItalianRegistrationPayloadSchema.safeParse({ ...valid, services: 'x'.repeat(251) }).success).toBe(false);
    expect(ItalianRegistrationPayloadSchema.safeParse({ ...valid, services: 'x'.repeat(250) }).success).toBe(true);
  });

  it('the form sends Italia (AIFA) and none of the other variants fields', () => {
    const values = ItalianRegistrationPayloadSchema.parse(valid);
    const payload = italianFormToPayload({ ...values, additionalTrainingNotes: 'x', howDidYouFindAboutTheProgram: 'y' });
    expect(payload.bodyOfRegistration).toBe('Italia (AIFA)');
    expect(payload).not.toHaveProperty('additionalTrainingNotes');
    expect(payload).not.toHaveProperty('howDidYouFindAboutTheProgram');
    expect(ItalianRegistrationPayloadSchema.safeParse(payload).success).toBe(true);
  });
});
