import { describe, expect, it } from 'vitest';
import { emptyUkForm, errorFieldFor, storedToUkForm } from './uk-form-values.ts';

describe('storedToUkForm', () => {
  const base = emptyUkForm('uk', 'en', 'token');
  it('maps the training answer (spec §4) and leaves confirmations unticked', () => {
    expect(storedToUkForm({ haveYouCompleted: 'yes', additionalTrainingNotes: 'Notes' }, base).haveYouCompleted).toBe('yes1');
    expect(storedToUkForm({ haveYouCompleted: 'yes', additionalTrainingNotes: '' }, base).haveYouCompleted).toBe('yes2');
    expect(storedToUkForm({ haveYouCompleted: 'no' }, base).haveYouCompleted).toBe('no');
    const values = storedToUkForm({ agreementCheck1: true, isChecked: true }, base);
    expect(values.agreementCheck1).toBe(false);
    expect(values.isChecked).toBe(false);
    expect(values.loginToken).toBe('token');
  });
  it('keeps only known choices and numeric coordinates', () => {
    const values = storedToUkForm({ areYouLocum: 'maybe', whereDidYouFindOutAboutUs: 'colleague', lat: '53.4', lng: 'x' }, base);
    expect(values.areYouLocum).toBe('');
    expect(values.whereDidYouFindOutAboutUs).toBe('colleague');
    expect(values.lat).toBe(53.4);
    expect(values.lng).toBe('');
  });
});

describe('errorFieldFor', () => {
  it('reports hidden place fields at the place search', () => {
    expect(errorFieldFor('lat')).toBe('placeId');
    expect(errorFieldFor('address')).toBe('placeId');
    expect(errorFieldFor('email')).toBe('email');
    expect(errorFieldFor('appStoreCountry')).toBeNull();
  });
});
