import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../schemas/registration-common.ts';
import { FORMS } from './catalogue.ts';
import { stepSchema } from './derive.ts';

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
