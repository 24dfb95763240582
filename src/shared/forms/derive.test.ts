import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../schemas/api.ts';
import { FORMS } from './catalogue.ts';
import { answerFields, answersOf, honeypotOf, stepSchema, transportFields } from './derive.ts';

describe('stepSchema (the browser’s check of a page)', () => {
  it('UK: yes1 with empty notes is reported with every other error, not after them', () => {
    const result = stepSchema(FORMS['apply-uk'], 1).safeParse({ haveYouCompleted: 'yes1', additionalTrainingNotes: '' });
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error!);
    expect(errors).toMatchObject({ email: 'validation.required', additionalTrainingNotes: 'validation.trainingNotes' });
    expect(errors).not.toHaveProperty('haveYouCompleted');
  });

  it('three steps: step one checks the certificate as a file', () => {
    const errors = fieldErrors(stepSchema(FORMS['apply-steps'], 1).safeParse({ file: { name: 'a.gif', type: 'image/gif', size: 10 } }).error!);
    expect(errors.file).toBe('validation.fileType');
    expect(fieldErrors(stepSchema(FORMS['apply-steps'], 1).safeParse({}).error!).file).toBe('validation.required');
  });
});

describe('answers, transport and refs (section roles)', () => {
  it('tells an applicant form’s answers from what only travels with the submit', () => {
    const form = FORMS['apply-steps'];
    expect(transportFields(form).sort()).toEqual(['appStoreCountry', 'formLanguage', 'loginToken', 'recaptchaToken']);
    expect(answerFields(form)).toEqual(expect.arrayContaining(['email', 'photo', 'placeId', 'agreementCheck5', 'anythingElseAboutYou']));
    for (const notAnswer of ['file', 'website', ...transportFields(form)]) expect(answerFields(form)).not.toContain(notAnswer);
    expect(honeypotOf(form)).toBe('website');
  });

  it('keeps only answers: no transport, no record reference, no file; numbered blocks included', () => {
    const visit = { pharmacyId: 'p1', callFlag: 'joined_unify', firstName2: 'Luca', firstName11: 'x', recaptchaToken: 't', website: '', note: 'ok' };
    expect(answersOf(FORMS['rep-visit'], visit)).toEqual({ callFlag: 'joined_unify', firstName2: 'Luca', note: 'ok' });
    expect(answersOf(FORMS['areamanager-pharmacy'], { areaManagerId: 'a', appStoreCountry: 'it', formLanguage: 'it', whereYouWork: 'Farmacia' })).toEqual({
      whereYouWork: 'Farmacia',
    });
    expect(answersOf(FORMS['apply-steps'], { file: {}, haveYouCompleted: 'yes', loginToken: 'tok' })).toEqual({ haveYouCompleted: 'yes' });
  });

  it('a form without the bot check has no honeypot', () => {
    expect(honeypotOf(FORMS['rep-visit'])).toBeNull();
    expect(honeypotOf(FORMS['data-rights-request'])).toBe('website');
  });
});
