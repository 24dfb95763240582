import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/places/search', () => {
  it('searches the market with the fixture provider', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/places/search?q=pantheon&market=it' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      data: [{ placeId: 'fixture:it:002', name: 'Farmacia del Pantheon', address: expect.stringContaining('Piazza della Rotonda'), lat: expect.any(Number), lng: expect.any(Number) }],
    });
    const defaultMarket = await ctx.app.inject({ method: 'GET', url: '/api/places/search?q=bold%20street' });
    expect(defaultMarket.json().data[0].placeId).toBe('fixture:uk:001');
  });

  it('answers 400 for a query that is too short, too long or for an unknown market', async () => {
    for (const url of ['/api/places/search', '/api/places/search?q=a', `/api/places/search?q=${'a'.repeat(101)}`, '/api/places/search?q=abc&market=fr', '/api/places/search?q=ab&q=cd']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 'failed', message: 'invalid', errors: expect.any(Object) });
    }
  });
});

describe('GET /api/places/details', () => {
  it('gives a place by id, or 404', async () => {
    const found = await ctx.app.inject({ method: 'GET', url: '/api/places/details?placeId=fixture:de:001' });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ status: 'ok', data: { placeId: 'fixture:de:001', name: 'Apotheke am Alexanderplatz' } });
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/places/details?placeId=fixture:de:999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 'failed', message: 'not found' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/places/details' })).statusCode).toBe(400);
  });
});
