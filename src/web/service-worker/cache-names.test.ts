import { describe, expect, it } from 'vitest';
import * as StaffApi from '#shared/api/staff-endpoints.ts';
import { OFFLINE_PACK_PATH, REP_PAGE, repShellKey } from './cache-names.ts';

describe('the names the service worker and the page share', () => {
  it('the offline pack is the contract’s endpoint', () => {
    expect(OFFLINE_PACK_PATH).toBe(StaffApi.repOfflinePharmacies.path);
  });

  it('tells the rep’s pages of a market by their path, with or without a base path', () => {
    expect(REP_PAGE.exec('/it/rep/home/abc')?.[1]).toBe('/it');
    expect(REP_PAGE.exec('/rep/form')?.[1]).toBe('');
    expect(REP_PAGE.test('/it/areamanager/home/x')).toBe(false);
    expect(REP_PAGE.test('/it/reports')).toBe(false);
    expect(repShellKey('/it')).toBe('/it/rep/');
  });
});
