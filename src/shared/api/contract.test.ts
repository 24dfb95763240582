import { describe, expect, it } from 'vitest';
import * as Api from './endpoints.ts';
import * as DraftApi from './draft-endpoints.ts';
import { pathOf } from './contract.ts';

describe('pathOf', () => {
  it('fills in path parameters, encoded', () => {
    expect(pathOf(DraftApi.getDraft, { token: 'a/b c' })).toBe('/api/drafts/a%2Fb%20c');
  });
  it('leaves a path without parameters as it is', () => {
    expect(pathOf(Api.savePharmacist)).toBe('/api/save-pharmacist');
  });
  it('refuses a missing parameter', () => {
    expect(() => pathOf(DraftApi.getDraft)).toThrow(/token/);
  });
});
