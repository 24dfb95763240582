import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldPharmacies } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { setStatus, submitApplication } from '../test/listings.ts';
import { addStaff } from '../test/staff.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const check = (payload: unknown) => ctx.app.inject({ method: 'POST', url: '/api/check_pharmacy', payload: payload as object });

describe('POST /api/check_pharmacy', () => {
  it('fills nothing from an application until it is approved, then from the approved one only', async () => {
    const place = { placeId: 'fixture:uk:003', lat: 53.39, lng: -2.92, address: '95 High Street, Liverpool' };
    const first = await submitApplication(ctx, 'uk', { ...place, whereYouWork: 'Wavertree Health Pharmacy', services: 'Travel clinic' });
    // Unreviewed: nobody learns that someone applied there, and nothing seeds the next form.
    expect((await check({ placeId: 'fixture:uk:003' })).json()).toEqual({ status: 'ok', message: 'not found' });

    await setStatus(ctx.database.db, first.id, 'approved');
    // A later, unreviewed application at the same place with other details changes nothing.
    await submitApplication(ctx, 'uk', { ...place, whereYouWork: 'Spam Pharmacy', services: 'Nothing true' });
    const found = await check({ placeId: 'fixture:uk:003' });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      status: 'ok',
      message: 'found',
      data: {
        address: '95 High Street, Liverpool',
        googleplacesid: 'fixture:uk:003',
        lat: 53.39,
        lon: -2.92,
        services: 'Travel clinic',
        whereYouWork: 'Wavertree Health Pharmacy',
      },
    });

    for (const status of ['rejected', 'deactivated', 'changes_requested'] as const) {
      await setStatus(ctx.database.db, first.id, status);
      expect((await check({ placeId: 'fixture:uk:003' })).json(), status).toEqual({ status: 'ok', message: 'not found' });
    }
    expect((await check({ placeId: 'fixture:uk:004' })).json()).toEqual({ status: 'ok', message: 'not found' });
  });

  it('fills name and services from a pharmacy the field force manages', async () => {
    const manager = await addStaff(ctx, 'area_manager');
    await ctx.database.db.insert(fieldPharmacies).values({
      areaManagerId: manager.id,
      name: 'Farmacia Centrale',
      fullAddress: 'Via Roma 1, 00100 Roma',
      placeId: 'fixture:it:007',
      lat: 41.9,
      lng: 12.5,
      answers: { services: 'Vaccinazioni' },
    });
    expect((await check({ placeId: 'fixture:it:007' })).json()).toEqual({
      status: 'ok',
      message: 'found',
      data: {
        address: 'Via Roma 1, 00100 Roma',
        googleplacesid: 'fixture:it:007',
        lat: 41.9,
        lon: 12.5,
        services: 'Vaccinazioni',
        whereYouWork: 'Farmacia Centrale',
      },
    });
  });

  it('answers 400 for input that is not a place id', async () => {
    for (const payload of [{}, { placeId: '' }, { placeId: 7 }, { placeId: ['a'] }, { placeId: 'x'.repeat(400) }, [1]]) {
      const response = await check(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 'failed', message: 'invalid', errors: expect.any(Object) });
    }
  });
});
