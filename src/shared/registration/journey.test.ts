import { describe, expect, it } from 'vitest';
import { canVisit, firstIncompleteStep, isComplete, isStepComplete, nextStep, parseStep, previousStep, stepOfField } from './journey.ts';

const step1 = {
  haveYouCompleted: 'yes',
  placeId: 'fixture:de:001',
  lat: 52.52,
  lng: 13.405,
  address: 'Unter den Linden 1, 10117 Berlin',
  whereYouWork: 'Linden-Apotheke',
  services: '',
  email: 'anna@example.de',
  firstName: 'Anna',
  lastName: 'Müller',
  bodyOfRegistration: 'Apothekerkammer Berlin',
  professionalRegistrationNumber: '12345',
};
const step2 = { isChecked: true, willUpateGoogleMapsEntry: false };
const step3 = {
  howDidYouFindAboutTheProgram: 'SOCIAL MEDIA',
  agreementCheck1: true,
  agreementCheck2: true,
  agreementCheck3: true,
  agreementCheck4: true,
  agreementCheck5: true,
  recaptchaToken: 'token',
};

describe('journey', () => {
  it('parses route steps', () => {
    expect(parseStep('1')).toBe(1);
    expect(parseStep(3)).toBe(3);
    expect(parseStep('4')).toBeNull();
    expect(parseStep('01')).toBeNull();
    expect(parseStep(undefined)).toBeNull();
  });

  it('opens step 1 always, and steps 2 and 3 only with a stored first name', () => {
    expect(canVisit(1, {})).toBe(true);
    expect(canVisit(2, {})).toBe(false);
    expect(canVisit(3, { firstName: '   ' })).toBe(false);
    expect(canVisit(3, { firstName: 'Anna' })).toBe(true);
    expect(canVisit(2, { firstName: 42 })).toBe(false);
  });

  it('leads back and forth between the three steps', () => {
    expect(previousStep(1)).toBeNull();
    expect(previousStep(3)).toBe(2);
    expect(nextStep(1)).toBe(2);
    expect(nextStep(2)).toBe(3);
    expect(nextStep(3)).toBeNull();
  });

  it('knows which step asks for a field', () => {
    expect(stepOfField('email')).toBe(1);
    expect(stepOfField('file')).toBe(1);
    expect(stepOfField('lat')).toBe(1);
    expect(stepOfField('isChecked')).toBe(2);
    expect(stepOfField('agreementCheck4')).toBe(3);
    expect(stepOfField('loginToken')).toBeNull();
  });

  it('finds the first incomplete step and completeness', () => {
    expect(firstIncompleteStep({}, 'de')).toBe(1);
    expect(firstIncompleteStep(step1, 'de')).toBe(2);
    expect(firstIncompleteStep({ ...step1, ...step2 }, 'de')).toBe(3);
    expect(isComplete({ ...step1, ...step2, ...step3 }, 'de')).toBe(true);
    // A chamber is a German body only.
    expect(isStepComplete(1, step1, 'it')).toBe(false);
    expect(isStepComplete(1, { ...step1, bodyOfRegistration: 'Italia (AIFA)' }, 'it')).toBe(true);
  });
});
