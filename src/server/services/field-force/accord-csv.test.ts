import { describe, expect, it } from 'vitest';
import { CSV_HEADER } from './accord-csv.ts';

describe('the CSV export’s columns', () => {
  it('are the table’s columns, then the field-force forms’ other answers (no transport, no record ids), as managers’ spreadsheets expect them', () => {
    expect(CSV_HEADER.join(';')).toBe(
      'id;pharmacyName;fullAddress;city;prov;region;placeId;lat;lng;salesRep;currentCallFlag;month;oncStatus;createdAt;photo;photoId;services;haveYouCompleted;email;firstName;lastName;bodyOfRegistration;professionalRegistrationNumber;anythingElseAboutYou;agreementCheck1;agreementCheck2;agreementCheck3;note;nextVisit;piva;completionMonth;additionalPharmacists',
    );
  });
});
