import { describe, expect, it } from 'vitest';
import { GERMAN_CHAMBER_NAMES } from '../reference/german-chambers.ts';
import { fieldErrors } from './api.ts';
import { Step2Schema, Step3Schema, StepsRegistrationPayloadSchema, certificateBytesLookRight, certificateProblem, step1Schema } from './registration-steps.ts';

const MB = 1024 * 1024;
const pdf = { name: 'zertifikat.pdf', type: 'application/pdf', size: 200_000 };

const step1 = {
  haveYouCompleted: 'yes',
  file: pdf,
  photo: '',
  photoId: '',
  placeId: 'fixture:de:001',
  lat: '52.52',
  lng: '13.405',
  address: 'Unter den Linden 1, 10117 Berlin',
  whereYouWork: 'Linden-<b>Apotheke</b>',
  services: 'Kompressionsstrümpfe',
  email: ' anna@example.de ',
  firstName: 'Anna  Lena',
  lastName: 'Müller-Lüdenscheidt',
  bodyOfRegistration: 'Apothekerkammer Berlin',
  professionalRegistrationNumber: '12345',
};
const step3 = {
  howDidYouFindAboutTheProgram: 'WORD OF MOUTH',
  agreementCheck1: 'true',
  agreementCheck2: 'true',
  agreementCheck3: 'true',
  agreementCheck4: 'true',
  agreementCheck5: 'true',
  recaptchaToken: 'token',
};

describe('certificate check', () => {
  it('accepts pdf, jpeg, png and heic up to 5 MB', () => {
    expect(certificateProblem(pdf)).toBeNull();
    expect(certificateProblem({ name: 'scan.JPG', type: 'image/jpeg', size: 5 * MB })).toBeNull();
    expect(certificateProblem({ name: 'scan.png', type: 'image/png', size: 10 })).toBeNull();
    expect(certificateProblem({ name: 'IMG_0001.HEIC', type: '', size: 10 })).toBeNull();
    expect(certificateProblem({ name: 'IMG_0001.heic', type: 'image/heic', size: 10 })).toBeNull();
  });

  it('refuses other types, wrong extensions and big files', () => {
    expect(certificateProblem({ name: 'anim.gif', type: 'image/gif', size: 10 })).toBe('validation.fileType');
    expect(certificateProblem({ name: 'setup.exe', type: 'application/pdf', size: 10 })).toBe('validation.fileType');
    expect(certificateProblem({ name: 'fake.pdf', type: 'application/x-msdownload', size: 10 })).toBe('validation.fileType');
    expect(certificateProblem({ name: 'big.pdf', type: 'application/pdf', size: 5 * MB + 1 })).toBe('validation.fileTooBig');
    expect(certificateProblem({ name: 'empty.pdf', type: 'application/pdf', size: 0 })).toBe('validation.required');
  });
});

describe('certificate content', () => {
  const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
  it('recognises pdf, jpeg, png and heic by their first bytes', () => {
    expect(certificateBytesLookRight(bytes('%PDF-1.7\n'))).toBe(true);
    expect(certificateBytesLookRight(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(certificateBytesLookRight(bytes([0x89], 'PNG\r\n'))).toBe(true);
    expect(certificateBytesLookRight(bytes([0, 0, 0, 0x18], 'ftypheic'))).toBe(true);
  });
  it('refuses executables and GIFs whatever their name', () => {
    expect(certificateBytesLookRight(bytes('MZ', [0x90, 0]))).toBe(false);
    expect(certificateBytesLookRight(bytes([0x7f], 'ELF'))).toBe(false);
    expect(certificateBytesLookRight(bytes('GIF89a'))).toBe(false);
    expect(certificateBytesLookRight(new Uint8Array())).toBe(false);
  });
});

describe('step schemas', () => {
  it('step 1 requires the certificate and a chamber for Germany', () => {
    const ok = step1Schema('de').safeParse(step1);
    expect(ok.success).toBe(true);
    expect(ok.data).toMatchObject({ email: 'anna@example.de', firstName: 'Anna Lena', whereYouWork: 'Linden-Apotheke', lat: 52.52 });

    const missing = step1Schema('de').safeParse({ ...step1, file: null, bodyOfRegistration: 'UK (GPhC)' });
    expect(fieldErrors(missing.error!)).toMatchObject({ file: 'validation.required', bodyOfRegistration: 'validation.choose' });
    for (const name of GERMAN_CHAMBER_NAMES) expect(step1Schema('de').safeParse({ ...step1, bodyOfRegistration: name }).success).toBe(true);
    expect(step1Schema('it').safeParse({ ...step1, bodyOfRegistration: 'Italia (AIFA)' }).success).toBe(true);
    expect(fieldErrors(step1Schema('de').safeParse({ ...step1, file: { name: 'x.gif', type: 'image/gif', size: 3 } }).error!)).toEqual({
      file: 'validation.fileType',
    });
  });

  it('step 2 requires the Google profile confirmation; the Maps entry is optional', () => {
    expect(Step2Schema.safeParse({ isChecked: true }).data).toEqual({ isChecked: true, willUpateGoogleMapsEntry: false });
    expect(Step2Schema.safeParse({ isChecked: 'true', willUpateGoogleMapsEntry: 'true' }).data).toEqual({ isChecked: true, willUpateGoogleMapsEntry: true });
    expect(fieldErrors(Step2Schema.safeParse({ isChecked: false }).error!)).toEqual({ isChecked: 'validation.confirm' });
  });

  it('step 3: how-found radio or Other text; the specification messages when missing', () => {
    expect(Step3Schema.safeParse(step3).success).toBe(true);
    expect(Step3Schema.safeParse({ ...step3, howDidYouFindAboutTheProgram: 'Fachzeitschrift <i>DAZ</i>' }).data?.howDidYouFindAboutTheProgram).toBe(
      'Fachzeitschrift DAZ',
    );
    const errors = fieldErrors(Step3Schema.safeParse({ ...step3, howDidYouFindAboutTheProgram: '  ', agreementCheck3: false, recaptchaToken: '' }).error!);
    expect(errors).toEqual({
      howDidYouFindAboutTheProgram: 'commitments.warning',
      agreementCheck3: 'nandatoryConfirmations.required',
      recaptchaToken: 'validation.captcha',
    });
  });
});

describe('StepsRegistrationPayloadSchema', () => {
  const { file: _file, ...step1Text } = step1;
  const payload = { ...step1Text, isChecked: 'true', ...step3, appStoreCountry: 'de', formLanguage: 'de' };

  it('merges the three steps from multipart text fields and drops unknown fields', () => {
    const parsed = StepsRegistrationPayloadSchema.safeParse({ ...payload, willUpateGoogleMapsEntry: 'true', areYouLocum: 'yes', file: 'x' });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      isChecked: true,
      willUpateGoogleMapsEntry: true,
      agreementCheck5: true,
      lat: 52.52,
      bodyOfRegistration: 'Apothekerkammer Berlin',
    });
    expect(parsed.data).not.toHaveProperty('areYouLocum');
    expect(parsed.data).not.toHaveProperty('file');
  });

  it("checks the body against the payload's market", () => {
    expect(fieldErrors(StepsRegistrationPayloadSchema.safeParse({ ...payload, appStoreCountry: 'it', formLanguage: 'en' }).error!)).toEqual({
      bodyOfRegistration: 'validation.choose',
    });
    expect(
      StepsRegistrationPayloadSchema.safeParse({ ...payload, appStoreCountry: 'it', formLanguage: 'en', bodyOfRegistration: 'Italia (AIFA)' }).success,
    ).toBe(true);
  });
});
