import { describe, expect, it } from 'vitest';
import { FORMS } from '#shared/forms/catalogue.ts';
import { answersFromRow, rowAfterVisit, rowFromAnswers, type FieldPharmacy } from './pharmacy-row.ts';

const added = {
  areaManagerId: '00000000-0000-4000-8000-000000000001',
  salesRep: '00000000-0000-4000-8000-000000000002',
  oncStatus: 'registered',
  whereYouWork: 'Farmacia Centrale',
  address: 'Via Roma 1, 00100 Roma RM',
  placeId: 'manual:1',
  lat: 41.9,
  lng: 12.5,
  city: 'Roma',
  region: 'lazio',
  prov: 'RM',
  email: 'titolare@example.it',
  check1: true,
  recaptchaToken: 'solved',
  appStoreCountry: 'it',
  formLanguage: 'it',
};

function stored(payload: Record<string, unknown>): FieldPharmacy {
  const { answers, ...columns } = rowFromAnswers(FORMS['areamanager-pharmacy'], payload);
  return { id: 'p', areaManagerId: String(payload.areaManagerId), currentCallFlag: null, month: null, answers, ...columns } as FieldPharmacy;
}

describe('a field pharmacy’s row and the forms’ answers', () => {
  it('keeps each answer of the add-pharmacy form once, in its column or in `answers`, and no transport or ref', () => {
    const { answers, ...columns } = rowFromAnswers(FORMS['areamanager-pharmacy'], added);
    expect(answers).toEqual({ email: 'titolare@example.it', agreementCheck1: true });
    expect(columns).toEqual({
      salesRepId: added.salesRep,
      name: 'Farmacia Centrale',
      fullAddress: added.address,
      placeId: 'manual:1',
      lat: 41.9,
      lng: 12.5,
      city: 'Roma',
      region: 'lazio',
      province: 'RM',
      oncStatus: 'registered',
    });
  });

  it('reads the row back as the answers it was stored from, the short form’s check1..3 under their stored names', () => {
    const { recaptchaToken: _token, appStoreCountry: _country, formLanguage: _language, areaManagerId: _ref, check1: _check, ...answers } = added;
    expect(answersFromRow(stored(added))).toEqual({ ...answers, agreementCheck1: true, callFlag: null, month: null });
  });

  it('keeps a visit’s note and next visit for the call entry, and its flag and month in columns', () => {
    const visit = {
      pharmacyId: 'p',
      callFlag: 'interested_but_requires_another_visit',
      month: 3,
      note: 'Richiamare',
      nextVisit: '2026-12-01',
      services: 'Galenica',
      placeId: '',
    };
    const changes = rowAfterVisit(stored(added), visit);
    expect(changes).toMatchObject({ currentCallFlag: visit.callFlag, month: 3, placeId: 'manual:1', oncStatus: 'registered' });
    expect(changes.answers).toEqual({ email: 'titolare@example.it', agreementCheck1: true, services: 'Galenica' });
  });
});
