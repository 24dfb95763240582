// The field-force entries: the rep visit's joined_unify part and numbered extra pharmacists, the
// area manager's two-part add-pharmacy, add-rep and add-area-manager, through the derived schemas.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { EmailSchema, NameSchema } from '../schemas/fields.ts';
import { fieldErrors } from '../schemas/api.ts';
import { FORMS } from './catalogue.ts';
import { emptyValues, errorTarget, fieldOrder, payloadSchema, stepSchema, submitGates } from './derive.ts';
import type { Answers } from './model.ts';

const ID = '123e4567-e89b-12d3-a456-426614174000';
const place = { placeId: 'fixture:it:001', lat: '45.46', lng: '9.19', address: 'Via Roma 1, Milano' };

function errorsOf(schema: ReturnType<typeof payloadSchema>, answers: Answers) {
  const result = schema.safeParse(answers);
  return result.success ? {} : fieldErrors(result.error);
}
const dataOf = (schema: ReturnType<typeof payloadSchema>, answers: Answers) => {
  const result = schema.safeParse(answers);
  expect(result.success ? {} : fieldErrors(result.error)).toEqual({});
  return result.data as Answers;
};

const visit = { pharmacyId: ID, callFlag: 'not_interested', month: '3', ...place };
const joined = {
  ...visit,
  callFlag: 'joined_unify',
  piva: '12345678903',
  haveYouCompleted: 'yes',
  email: 'farmacia@example.it',
  firstName: 'Lucia',
  lastName: 'Bianchi',
  bodyOfRegistration: 'Italia (AIFA)',
  professionalRegistrationNumber: '12345',
  check1: true,
  check2: true,
  check3: true,
};
const pharmacist = (n: number) => ({
  [`firstName${n}`]: 'Marco',
  [`lastName${n}`]: 'Verdi',
  [`email${n}`]: `marco.verdi${n}@example.it`,
  [`bodyOfRegistration${n}`]: 'Italia (AIFA)',
  [`professionalRegistrationNumber${n}`]: `5432${n}`,
});

describe('rep visit (screen 12)', () => {
  const schema = payloadSchema(FORMS['rep-visit']);

  it('requires the call flag, month and place; the joined_unify fields only when callFlag is joined_unify', () => {
    expect(errorsOf(schema, {})).toEqual({
      callFlag: 'validation.choose',
      month: 'validation.choose',
      placeId: 'validation.placeRequired',
      lat: 'validation.placeRequired',
      lng: 'validation.placeRequired',
      address: 'validation.required',
      pharmacyId: 'validation.invalid',
    });
    const data = dataOf(schema, { ...visit, piva: 'not checked', email: 'not an address', check1: false });
    expect(data).toEqual({ pharmacyId: ID, callFlag: 'not_interested', month: 3, placeId: place.placeId, lat: 45.46, lng: 9.19, address: place.address });
  });

  it('with joined_unify, reports every missing joined_unify field at once, with the other errors', () => {
    expect(errorsOf(schema, { pharmacyId: ID, ...place, callFlag: 'joined_unify' })).toEqual({
      month: 'validation.choose',
      piva: 'validation.required',
      haveYouCompleted: 'validation.choose',
      email: 'validation.required',
      firstName: 'validation.required',
      lastName: 'validation.required',
      bodyOfRegistration: 'validation.choose',
      professionalRegistrationNumber: 'validation.required',
      check1: 'validation.confirm',
      check2: 'validation.confirm',
      check3: 'validation.confirm',
    });
    expect(errorsOf(schema, { ...joined, piva: '123' })).toEqual({ piva: 'validation.invalid' });
    // The eleventh digit is the check digit of the first ten.
    expect(errorsOf(schema, { ...joined, piva: '12345678901' })).toEqual({ piva: 'validation.piva' });
    expect(errorsOf(schema, { ...joined, piva: ' 01234567897 ' })).toEqual({});
    expect(dataOf(schema, { ...joined, completionMonth: '', oncStatus: 'on_going' })).toMatchObject({
      piva: '12345678903',
      oncStatus: 'on_going',
      check3: true,
    });
  });

  it('gates submit on the three confirmations only when joined_unify', () => {
    expect(submitGates(FORMS['rep-visit'], visit)).toEqual([]);
    expect(submitGates(FORMS['rep-visit'], joined)).toEqual(['check1', 'check2', 'check3']);
  });

  it('numbers extra pharmacists from 2 up to 10: a started block is validated whole, others are dropped', () => {
    const data = dataOf(schema, { ...joined, ...pharmacist(2), ...pharmacist(3), ...pharmacist(1), ...pharmacist(11) });
    expect(Object.keys(data).filter((k) => /^firstName\d+$/.test(k))).toEqual(['firstName2', 'firstName3']);
    expect(data).toMatchObject({ lastName3: 'Verdi', professionalRegistrationNumber2: '54322' });

    expect(errorsOf(schema, { ...joined, ...pharmacist(2), firstName4: 'Anna' })).toEqual({
      lastName4: 'validation.required',
      email4: 'validation.required',
      bodyOfRegistration4: 'validation.choose',
      professionalRegistrationNumber4: 'validation.required',
    });
    expect(errorsOf(schema, { ...joined, ...pharmacist(10) })).toEqual({});
    expect(errorsOf(schema, { ...joined, ...pharmacist(2), email2: 'marco@' })).toEqual({ email2: 'validation.email' });
    // Not joined: the blocks are neither validated nor kept.
    expect(dataOf(schema, { ...visit, firstName4: 'Anna' })).not.toHaveProperty('firstName4');
  });

  it("refuses an extra pharmacist's e-mail that another pharmacist of the visit has: each is sent their own link (issue 39 item 7)", () => {
    expect(errorsOf(schema, { ...joined, ...pharmacist(2), email2: ' Farmacia@Example.it ' })).toEqual({ email2: 'staff.extraPharmacists.emailRepeated' });
    expect(errorsOf(schema, { ...joined, ...pharmacist(2), ...pharmacist(3), email3: 'marco.verdi2@example.it' })).toEqual({
      email3: 'staff.extraPharmacists.emailRepeated',
    });
    // The browser says so at the field, as the server does.
    expect(errorsOf(stepSchema(FORMS['rep-visit'], 1), { ...joined, ...pharmacist(2), email2: 'farmacia@example.it' })).toMatchObject({
      email2: 'staff.extraPharmacists.emailRepeated',
    });
  });

  it('orders and places the numbered fields as the blocks present', () => {
    const order = fieldOrder(FORMS['rep-visit'], 1, { ...joined, ...pharmacist(2), ...pharmacist(3) });
    expect(order.filter((f) => /\D[2-9]$|10$/.test(f) && !/^check\d$/.test(f))).toEqual([
      'firstName2',
      'lastName2',
      'email2',
      'bodyOfRegistration2',
      'professionalRegistrationNumber2',
      'anythingElseAboutYou2',
      'firstName3',
      'lastName3',
      'email3',
      'bodyOfRegistration3',
      'professionalRegistrationNumber3',
      'anythingElseAboutYou3',
    ]);
    expect(order.slice(0, 5)).toEqual(['callFlag', 'month', 'note', 'nextVisit', 'placeId']);
    expect(errorTarget(FORMS['rep-visit'], 'lastName3')).toEqual({ step: 1, fieldId: 'lastName3' });
    expect(errorTarget(FORMS['rep-visit'], 'lng')).toEqual({ step: 1, fieldId: 'placeId' });
    expect(errorTarget(FORMS['rep-visit'], 'pharmacyId')).toBeNull();
  });
});

describe('area manager add-pharmacy (screens 7 + 3)', () => {
  const form = FORMS['areamanager-pharmacy'];
  const part1 = { salesRep: ID, whereYouWork: 'Farmacia Centrale', ...place, city: 'Milano', region: 'lombardia', prov: 'MI' };

  it('part one requires the rep, the pharmacy, the place, city, region and province; oncStatus is optional', () => {
    expect(errorsOf(stepSchema(form, 1), {})).toEqual({
      salesRep: 'validation.invalid',
      placeId: 'validation.placeRequired',
      lat: 'validation.placeRequired',
      lng: 'validation.placeRequired',
      address: 'validation.required',
      whereYouWork: 'validation.required',
      city: 'validation.selectCity',
      region: 'validation.choose',
      prov: 'validation.choose',
    });
    expect(errorsOf(stepSchema(form, 1), part1)).toEqual({});
    expect(errorsOf(stepSchema(form, 1), { ...part1, oncStatus: 'somewhere' })).toEqual({ oncStatus: 'validation.choose' });
    // Spec §5: the province must belong to the region, in the browser and in the payload.
    expect(errorsOf(stepSchema(form, 1), { ...part1, prov: 'RM' })).toEqual({ prov: 'validation.choose' });
    expect(fieldOrder(form, 1)).toEqual(['salesRep', 'oncStatus', 'placeId', 'whereYouWork', 'city', 'region', 'prov']);
  });

  it('part two is the shorter Italian form, with three confirmations gating submit', () => {
    expect(fieldOrder(form, 2)).toEqual([
      'photo',
      'services',
      'haveYouCompleted',
      'email',
      'firstName',
      'lastName',
      'bodyOfRegistration',
      'professionalRegistrationNumber',
      'anythingElseAboutYou',
      'check1',
      'check2',
      'check3',
      'recaptchaToken',
    ]);
    expect(submitGates(form)).toEqual(['check1', 'check2', 'check3']);
    const { pharmacyId: _p, callFlag: _c, month: _m, piva: _v, ...short } = joined;
    const whole = { ...part1, ...short, areaManagerId: ID, recaptchaToken: 'solution', appStoreCountry: 'it', formLanguage: 'it' };
    expect(errorsOf(payloadSchema(form), whole)).toEqual({});
    expect(errorsOf(payloadSchema(form), { ...whole, areaManagerId: undefined })).toEqual({ areaManagerId: 'validation.invalid' });
    expect(errorsOf(payloadSchema(form), { ...whole, check2: false, region: 'atlantis' })).toEqual({
      check2: 'validation.confirm',
      region: 'validation.choose',
    });
  });

  it('reads agreementCheck1..3 from a payload without check1..3 (a visit queued by an earlier page), never both', () => {
    const { pharmacyId: _p, callFlag: _c, month: _m, piva: _v, check1: _1, check2: _2, check3: _3, ...short } = joined;
    const whole = { ...part1, ...short, areaManagerId: ID, recaptchaToken: 'solution', appStoreCountry: 'it', formLanguage: 'it' };
    const former = { ...whole, agreementCheck1: true, agreementCheck2: true, agreementCheck3: true };
    expect(dataOf(payloadSchema(form), former)).toMatchObject({ check1: true, check2: true, check3: true });
    expect(dataOf(payloadSchema(form), former)).not.toHaveProperty('agreementCheck1');
    expect(errorsOf(payloadSchema(form), { ...former, check2: false })).toEqual({ check2: 'validation.confirm' });
  });
});

describe('add rep (screen 11) and add area manager', () => {
  it('add rep: email and names, with the area manager id and the market carried', () => {
    const form = FORMS['add-rep'];
    expect(fieldOrder(form)).toEqual(['email', 'firstName', 'lastName']);
    expect(emptyValues(form, { country: 'it', language: 'it' })).toEqual({
      email: '',
      firstName: '',
      lastName: '',
      areaManagerId: '',
      appStoreCountry: 'it',
      formLanguage: 'it',
    });
    const schema = payloadSchema(form);
    expect(errorsOf(schema, { email: 'x', firstName: 'Ugo', lastName: 'Neri', areaManagerId: ID, appStoreCountry: 'it', formLanguage: 'it' })).toEqual({
      email: 'validation.email',
    });
    expect(
      dataOf(schema, {
        email: 'rep@example.it',
        firstName: 'Ugo',
        lastName: 'Neri',
        areaManagerId: ID,
        appStoreCountry: 'it',
        formLanguage: 'it',
        role: 'main_admin',
      }),
    ).not.toHaveProperty('role');
  });

  /** The hand-written schema the route used before its contract was derived (a literal copy). */
  const AddAreaManagerSchema = z.object({ email: EmailSchema, firstName: NameSchema(true), lastName: NameSchema(true) });

  it('add area manager: the derived schema judges samples as AddAreaManagerSchema does', () => {
    const schema = payloadSchema(FORMS['add-area-manager']);
    const samples = [
      { email: 'am@example.it', firstName: 'Ada', lastName: 'Rossi' },
      { email: 'am@', firstName: 'Ada', lastName: 'Rossi' },
      { email: 'am@example.it', firstName: '', lastName: 'Rossi' },
      { email: 'am@example.it', firstName: 'Ada', lastName: 'R0ssi', extra: 1 },
      {},
    ];
    for (const sample of samples) {
      const today = AddAreaManagerSchema.safeParse(sample);
      const derived = schema.safeParse(sample);
      expect(derived.success ? derived.data : fieldErrors(derived.error)).toEqual(today.success ? today.data : fieldErrors(today.error));
    }
  });
});
