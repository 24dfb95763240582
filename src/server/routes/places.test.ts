import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeocodedAddress } from '#shared/schemas/api.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { PlacesUnavailableError } from '../services/places/nominatim.ts';
import type { PlacesProvider } from '../services/places/provider.ts';

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
      data: [
        {
          placeId: 'fixture:it:002',
          name: 'Farmacia del Pantheon',
          address: expect.stringContaining('Piazza della Rotonda'),
          lat: expect.any(Number),
          lng: expect.any(Number),
        },
      ],
    });
    const defaultMarket = await ctx.app.inject({ method: 'GET', url: '/api/places/search?q=bold%20street' });
    expect(defaultMarket.json().data[0].placeId).toBe('fixture:uk:001');
  });

  it('answers 400 for a query that is too short, too long or for an unknown market', async () => {
    for (const url of [
      '/api/places/search',
      '/api/places/search?q=a',
      `/api/places/search?q=${'a'.repeat(101)}`,
      '/api/places/search?q=abc&market=fr',
      '/api/places/search?q=ab&q=cd',
    ]) {
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

describe('GET /api/places/geocode', () => {
  it('places an address with the offline provider, saying it is a demo guess', async () => {
    const leeds = await ctx.app.inject({ method: 'GET', url: `/api/places/geocode?address=${encodeURIComponent('12 Briggate, Leeds LS1 6HD')}&market=uk` });
    expect(leeds.statusCode).toBe(200);
    expect(leeds.json()).toEqual({ status: 'ok', data: { lat: 53.8008, lng: -1.5491, label: 'Leeds', match: 'town', demo: true } });
    const unknownTown = await ctx.app.inject({
      method: 'GET',
      url: `/api/places/geocode?address=${encodeURIComponent('Dorfstraße 1, Kleinkleckersdorf')}&market=de`,
    });
    expect(unknownTown.json()).toEqual({ status: 'ok', data: { lat: 52.52, lng: 13.405, label: 'Berlin', match: 'market', demo: true } });
    const defaultMarket = await ctx.app.inject({ method: 'GET', url: `/api/places/geocode?address=${encodeURIComponent('1 Deansgate, Manchester')}` });
    expect(defaultMarket.json().data).toMatchObject({ label: 'Manchester' });
  });

  it('answers 400 for an empty, short, overlong or repeated address, or an unknown market', async () => {
    for (const url of [
      '/api/places/geocode',
      '/api/places/geocode?address=',
      '/api/places/geocode?address=%20%20%20%20%20%20',
      '/api/places/geocode?address=Leed',
      `/api/places/geocode?address=${'a'.repeat(201)}`,
      '/api/places/geocode?address=1+Deansgate&address=2+Deansgate',
      '/api/places/geocode?address=1+Deansgate&market=fr',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ status: 'failed', message: 'invalid', errors: expect.any(Object) });
    }
    const empty = await ctx.app.inject({ method: 'GET', url: '/api/places/geocode?address=' });
    expect(empty.json().errors).toEqual({ address: 'validation.addressRequired' });
  });

  it('answers 404 when the provider cannot place the address, 503 when it is unreachable', async () => {
    const answers: Array<GeocodedAddress | null | Error> = [null, new PlacesUnavailableError('down')];
    const places: PlacesProvider = {
      search: async () => [],
      details: async () => null,
      geocode: async () => {
        const next = answers.shift() ?? null;
        if (next instanceof Error) throw next;
        return next;
      },
    };
    const own = await createTestContext({}, { places });
    try {
      const url = `/api/places/geocode?address=${encodeURIComponent('1 Nowhere Lane')}`;
      expect((await own.app.inject({ method: 'GET', url })).json()).toEqual({ status: 'failed', message: 'not found' });
      const down = await own.app.inject({ method: 'GET', url });
      expect(down.statusCode).toBe(503);
    } finally {
      await own.close();
    }
  });

  it('is rate-limited like the place search', async () => {
    const own = await createTestContext({ rateLimitMax: 1 });
    try {
      const url = `/api/places/geocode?address=${encodeURIComponent('1 Deansgate, Manchester')}`;
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await own.app.inject({ method: 'GET', url })).statusCode);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
      expect(statuses[10]).toBe(429);
    } finally {
      await own.close();
    }
  });
});
