import { describe, expect, it } from 'vitest';
import { ownAreaManagerId, staffHomePath } from './staff-home.ts';

describe('staffHomePath', () => {
  it.each([
    ['main_admin', '/areamanager/mainadmin'],
    ['area_manager', '/areamanager/home/u-1'],
    ['sales_rep', '/rep/home/u-1'],
    ['reviewer', '/admin/review'],
  ] as const)('%s starts at %s', (role, path) => {
    expect(staffHomePath({ id: 'u-1', role })).toBe(path);
  });
});

describe('ownAreaManagerId', () => {
  it("is an area manager's own id, and nobody else's", () => {
    expect(ownAreaManagerId({ id: 'u-1', role: 'area_manager' })).toBe('u-1');
    expect(ownAreaManagerId({ id: 'u-1', role: 'main_admin' })).toBeNull();
    expect(ownAreaManagerId({ id: 'u-1', role: 'sales_rep' })).toBeNull();
  });
});
