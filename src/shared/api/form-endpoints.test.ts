import { describe, expect, expectTypeOf, it } from 'vitest';
import { FORMS } from '../forms/catalogue.ts';
import { payloadSchema } from '../forms/derive.ts';
import type { Country, Language } from '../markets.ts';
import * as Api from './endpoints.ts';
import { FormApi, formContract, type PayloadOf } from './form-endpoints.ts';
import * as StaffApi from './staff-endpoints.ts';

/** Spec §7 and DESIGN §6: the staff forms' endpoints, as clients call them. */
const STAFF_FORM_ENDPOINTS = {
  'areamanager-pharmacy': ['POST', '/api/areamanager-create-pharmacy'],
  'areamanager-pharmacy-edit': ['PUT', '/api/areamanager-update-pharmacy'],
  'rep-visit': ['PUT', '/api/rep-update-pharmacy'],
  'add-rep': ['POST', '/api/areamanager-add-rep'],
  'add-area-manager': ['POST', '/api/mainadmin-add-areamanager'],
  'add-reviewer': ['POST', '/api/review/reviewers'],
  'issue-api-key': ['POST', '/api/admin/api-clients'],
} as const;

describe('form contracts, derived from the catalogue entries', () => {
  it('give every staff form its endpoint and the schema derived from its sections', () => {
    for (const [id, [method, path]] of Object.entries(STAFF_FORM_ENDPOINTS)) {
      const contract = FormApi[id as keyof typeof STAFF_FORM_ENDPOINTS];
      expect([id, contract.method, contract.path, contract.encoding]).toEqual([id, method, path, 'json']);
      expect(contract.request).toBe(payloadSchema(FORMS[id as keyof typeof STAFF_FORM_ENDPOINTS]));
    }
  });

  it('leave the schema of an application to its market and language', () => {
    for (const id of ['apply-uk', 'apply-it', 'apply-steps'] as const) {
      expect([FormApi[id].method, FormApi[id].path, FormApi[id].request]).toEqual([Api.savePharmacist.method, Api.savePharmacist.path, null]);
    }
    expect(FormApi['apply-steps'].encoding).toBe('multipart');
  });

  it('name where a prefilled record comes from with the endpoint that serves it', () => {
    for (const id of ['apply-uk', 'apply-it', 'apply-steps'] as const)
      expect(FormApi[id].prefill).toMatchObject({ method: 'GET', path: Api.getPharmacist.path });
    expect(FormApi['rep-visit'].prefill).toMatchObject({ method: 'GET', path: StaffApi.repPharmacy.path });
    expect(FormApi['add-rep'].prefill).toBeNull();
  });

  it('are found from a plain FormDef', () => {
    for (const form of Object.values(FORMS)) expect(formContract(form).path).toBe(form.submit.path);
  });

  it('type each payload from the entry’s sections', () => {
    expectTypeOf<PayloadOf<'add-rep'>>().toEqualTypeOf<{
      email: string;
      firstName: string;
      lastName: string;
      areaManagerId: string;
      appStoreCountry: Country;
      formLanguage: Language;
    }>();
    expectTypeOf<PayloadOf<'rep-visit'>['pharmacyId']>().toEqualTypeOf<string>();
    // The joined_unify part is sent only with that outcome.
    expectTypeOf<PayloadOf<'rep-visit'>['piva']>().toEqualTypeOf<string | undefined>();
  });
});
