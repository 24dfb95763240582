import { describe, expect, it } from 'vitest';
import type { StaffRole } from '#shared/schemas/staff.ts';
import { decideAccess, rolesFor, type ResourceKind, type Targets } from './access-policy.ts';

const me = (role: StaffRole) => ({ id: `me-${role}`, role });
const OWN_AM = 'me-area_manager';
const OTHER = 'someone-else';

// role x resource (own / other / missing) -> decision
const table: Array<[StaffRole, string, ResourceKind, Targets[ResourceKind] | null, 'allowed' | 'forbidden' | 'notFound']> = [
  ['main_admin', 'any area manager', 'areaManager', { id: OTHER }, 'allowed'],
  ['main_admin', 'a missing area manager', 'areaManager', null, 'notFound'],
  ['area_manager', 'own area', 'areaManager', { id: OWN_AM }, 'allowed'],
  ['area_manager', "another manager's area", 'areaManager', { id: OTHER }, 'forbidden'],
  ['area_manager', 'a missing area manager', 'areaManager', null, 'forbidden'],
  ['sales_rep', 'an area', 'areaManager', { id: OTHER }, 'forbidden'],
  ['reviewer', 'an area', 'areaManager', { id: OTHER }, 'forbidden'],

  ['main_admin', 'any rep', 'rep', { id: OTHER, areaManagerId: OTHER }, 'allowed'],
  ['main_admin', 'a missing rep', 'rep', null, 'notFound'],
  ['area_manager', 'a rep of their own', 'rep', { id: OTHER, areaManagerId: OWN_AM }, 'allowed'],
  ['area_manager', "another manager's rep", 'rep', { id: OTHER, areaManagerId: OTHER }, 'forbidden'],
  ['area_manager', 'a rep without a manager', 'rep', { id: OTHER, areaManagerId: null }, 'forbidden'],
  ['sales_rep', 'themselves', 'rep', { id: 'me-sales_rep', areaManagerId: OTHER }, 'allowed'],
  ['sales_rep', 'another rep', 'rep', { id: OTHER, areaManagerId: OTHER }, 'forbidden'],
  ['sales_rep', 'a missing rep', 'rep', null, 'forbidden'],
  ['reviewer', 'a rep', 'rep', { id: OTHER, areaManagerId: OTHER }, 'forbidden'],

  ['main_admin', "any manager's rep account", 'repAccount', { id: OTHER, areaManagerId: OTHER }, 'allowed'],
  ['main_admin', 'a missing rep account', 'repAccount', null, 'notFound'],
  ['area_manager', 'the account of a rep of their own', 'repAccount', { id: OTHER, areaManagerId: OWN_AM }, 'allowed'],
  ['area_manager', "another manager's rep account", 'repAccount', { id: OTHER, areaManagerId: OTHER }, 'forbidden'],
  ['area_manager', 'a missing rep account', 'repAccount', null, 'forbidden'],
  ['sales_rep', 'their own account', 'repAccount', { id: 'me-sales_rep', areaManagerId: OTHER }, 'forbidden'],
  ['reviewer', 'a rep account', 'repAccount', { id: OTHER, areaManagerId: OTHER }, 'forbidden'],

  ['main_admin', 'any pharmacy', 'pharmacy', { areaManagerId: OTHER, salesRepId: OTHER }, 'allowed'],
  ['main_admin', 'a missing pharmacy', 'pharmacy', null, 'notFound'],
  ['area_manager', 'a pharmacy in their area', 'pharmacy', { areaManagerId: OWN_AM, salesRepId: OTHER }, 'allowed'],
  ['area_manager', 'a pharmacy elsewhere', 'pharmacy', { areaManagerId: OTHER, salesRepId: OTHER }, 'forbidden'],
  ['sales_rep', 'a pharmacy assigned to them', 'pharmacy', { areaManagerId: OTHER, salesRepId: 'me-sales_rep' }, 'allowed'],
  ['sales_rep', 'an unassigned pharmacy', 'pharmacy', { areaManagerId: OTHER, salesRepId: null }, 'forbidden'],
  ['sales_rep', "another rep's pharmacy", 'pharmacy', { areaManagerId: OTHER, salesRepId: OTHER }, 'forbidden'],
  ['sales_rep', 'a missing pharmacy', 'pharmacy', null, 'forbidden'],
  ['reviewer', 'a pharmacy', 'pharmacy', { areaManagerId: OTHER, salesRepId: OTHER }, 'forbidden'],

  ['reviewer', 'an application', 'application', {}, 'allowed'],
  ['reviewer', 'a missing application', 'application', null, 'notFound'],
  ['main_admin', 'an application', 'application', {}, 'allowed'],
  ['area_manager', 'an application', 'application', {}, 'forbidden'],
  ['sales_rep', 'an application', 'application', {}, 'forbidden'],

  ['main_admin', 'the list of area managers', 'areaManagers', {}, 'allowed'],
  ['area_manager', 'the list of area managers', 'areaManagers', {}, 'forbidden'],
  ['reviewer', 'the list of area managers', 'areaManagers', {}, 'forbidden'],
];

describe('access policy', () => {
  it.each(table)('%s, %s (%s): %s', (role, _what, kind, target, expected) => {
    expect(decideAccess(me(role), kind, target as never)).toBe(expected);
  });

  it('lets onto a route only the roles that may see its kind of record', () => {
    expect(rolesFor('areaManagers')).toEqual(['main_admin']);
    expect(rolesFor('areaManager').sort()).toEqual(['area_manager', 'main_admin']);
    expect(rolesFor('rep').sort()).toEqual(['area_manager', 'main_admin', 'sales_rep']);
    expect(rolesFor('repAccount').sort()).toEqual(['area_manager', 'main_admin']);
    expect(rolesFor('pharmacy').sort()).toEqual(['area_manager', 'main_admin', 'sales_rep']);
    expect(rolesFor('application').sort()).toEqual(['main_admin', 'reviewer']);
    expect(rolesFor('activityLog')).toEqual(['main_admin']);
  });
});
