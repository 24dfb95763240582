import { describe, expect, it } from 'vitest';
import { FORMS } from '#shared/forms/catalogue.ts';
import { answersFromRecord } from './record-answers.ts';

describe('answersFromRecord', () => {
  const uk = FORMS['apply-uk'];
  it('maps the UK training answer (spec §4), keeps the Google-profile box, and leaves confirmations and the bot check to be asked again', () => {
    expect(answersFromRecord(uk, { haveYouCompleted: 'yes', additionalTrainingNotes: 'Notes' }).haveYouCompleted).toBe('yes1');
    expect(answersFromRecord(uk, { haveYouCompleted: 'yes', additionalTrainingNotes: '' }).haveYouCompleted).toBe('yes2');
    expect(answersFromRecord(uk, { haveYouCompleted: 'no' }).haveYouCompleted).toBe('no');
    const values = answersFromRecord(uk, { agreementCheck1: true, isChecked: true, recaptchaToken: 'x', loginToken: 'y' });
    expect(values).not.toHaveProperty('agreementCheck1');
    expect(values.isChecked).toBe(true); // the applicant's own statement of fact, kept (issue 39)
    expect(values).not.toHaveProperty('recaptchaToken');
    expect(values).not.toHaveProperty('loginToken');
  });
  it('keeps only known choices and numeric coordinates', () => {
    const values = answersFromRecord(uk, { areYouLocum: 'maybe', whereDidYouFindOutAboutUs: 'colleague', lat: '53.4', lng: 'x' });
    expect(values.areYouLocum).toBeUndefined();
    expect(values.whereDidYouFindOutAboutUs).toBe('colleague');
    expect(values.lat).toBe(53.4);
    expect(values.lng).toBeUndefined();
  });
  it('takes the three steps’ Google boxes (as booleans) but not the confirmations', () => {
    const values = answersFromRecord(FORMS['apply-steps'], { isChecked: 'true', willUpateGoogleMapsEntry: true, agreementCheck5: true, firstName: 'Anna' });
    expect(values).toEqual({ isChecked: true, willUpateGoogleMapsEntry: true, firstName: 'Anna' });
  });
  it('never takes a staff statement (check1..3)', () => {
    const values = answersFromRecord(FORMS['rep-visit'], { check1: true, check2: 'true', check3: true });
    expect(values).not.toHaveProperty('check1');
    expect(values).not.toHaveProperty('check2');
  });
});
