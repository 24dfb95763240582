import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { solveCaptcha } from '../test/bot-check.ts';
import { ukApplication } from '../test/payloads.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const check = (payload: unknown) => ctx.app.inject({ method: 'POST', url: '/api/check_pharmacy', payload: payload as object });

describe('POST /api/check_pharmacy', () => {
  it('finds a pharmacy an application was saved for, and not another place', async () => {
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/save-pharmacist',
      payload: ukApplication({ placeId: 'fixture:uk:003', whereYouWork: 'Wavertree Health Pharmacy', services: 'Travel clinic', lat: 53.39, lng: -2.92, address: '95 High Street, Liverpool', recaptchaToken: await solveCaptcha(ctx.app) }),
    });
    expect(saved.statusCode).toBe(200);

    const found = await check({ placeId: 'fixture:uk:003' });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      status: 'ok',
      message: 'found',
      data: { address: '95 High Street, Liverpool', googleplacesid: 'fixture:uk:003', lat: 53.39, lon: -2.92, services: 'Travel clinic', whereYouWork: 'Wavertree Health Pharmacy' },
    });

    const missing = await check({ placeId: 'fixture:uk:004' });
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toEqual({ status: 'ok', message: 'not found' });
  });

  it('answers 400 for input that is not a place id', async () => {
    for (const payload of [{}, { placeId: '' }, { placeId: 7 }, { placeId: ['a'] }, { placeId: 'x'.repeat(400) }, [1]]) {
      const response = await check(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 'failed', message: 'invalid', errors: expect.any(Object) });
    }
  });
});
