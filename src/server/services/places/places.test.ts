import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRIES, MARKETS } from '#shared/markets.ts';
import { BoundedCache, withCache } from './cache.ts';
import { FIXTURE_PLACES } from './fixture-data.ts';
import { createFixturePlaces, geocodeOffline } from './fixture.ts';
import { createNominatimPlaces, PlacesUnavailableError } from './nominatim.ts';
import type { PlacesProvider } from './provider.ts';

describe('fixture places', () => {
  const places = createFixturePlaces();

  it('has at least 30 places near each market centre, with unique ids', () => {
    for (const country of COUNTRIES) {
      const own = FIXTURE_PLACES.filter((p) => p.country === country);
      expect(own.length).toBeGreaterThanOrEqual(30);
      for (const p of own) {
        expect(Math.abs(p.lat - MARKETS[country].mapCentre.lat)).toBeLessThan(0.1);
        expect(Math.abs(p.lng - MARKETS[country].mapCentre.lng)).toBeLessThan(0.1);
        expect(p.placeId).toMatch(new RegExp(`^fixture:${country}:\\d{3}$`));
      }
    }
    expect(new Set(FIXTURE_PLACES.map((p) => p.placeId)).size).toBe(FIXTURE_PLACES.length);
  });

  it('matches name and address ignoring case and accents, within the market', async () => {
    expect((await places.search('CITTA universitaria', 'it')).map((p) => p.name)).toEqual(['Farmacia Città Universitaria']);
    expect((await places.search('löwen', 'de')).map((p) => p.name)).toEqual(['Löwen-Apotheke Schöneberg']);
    expect((await places.search('lowen', 'de')).map((p) => p.name)).toEqual(['Löwen-Apotheke Schöneberg']);
    expect((await places.search('Kurfurstendamm', 'de'))[0]?.address).toContain('Kurfürstendamm');
    expect((await places.search('bold street', 'uk'))[0]).toMatchObject({ placeId: 'fixture:uk:001', name: 'Bold Street Chemist' });
    expect(await places.search('bold street', 'it')).toEqual([]);
    expect((await places.search('pharmacy', 'uk')).length).toBe(10);
  });

  it('gives details by place id', async () => {
    expect(await places.details('fixture:it:002')).toMatchObject({ placeId: 'fixture:it:002', name: 'Farmacia del Pantheon' });
    expect(await places.details('fixture:it:999')).toBeNull();
  });
});

describe('offline geocoder', () => {
  it('puts an address at the centre of the known town it names, accents and case ignored', () => {
    expect(geocodeOffline('12 Briggate, LEEDS LS1 6HD', 'uk')).toEqual({ lat: 53.8008, lng: -1.5491, label: 'Leeds', match: 'town', demo: true });
    expect(geocodeOffline('Via Toledo 1, 80134 Napoli NA', 'it')).toMatchObject({ label: 'Napoli', match: 'town' });
    expect(geocodeOffline('Via Toledo 1, Naples', 'it')).toMatchObject({ label: 'Napoli', match: 'town' });
    expect(geocodeOffline('Kaufingerstraße 5, 80331 Munchen', 'de')).toMatchObject({ label: 'München', match: 'town' });
  });

  it('takes the town named last, as whole words only', () => {
    expect(geocodeOffline('1 Liverpool Road, London N1 0RP', 'uk')).toMatchObject({ label: 'London' });
    expect(geocodeOffline('Essener Straße 3, Dortmund', 'de')).toMatchObject({ label: 'Dortmund' });
    expect(geocodeOffline('4 Leedsbury Lane', 'uk')).toMatchObject({ match: 'market' });
  });

  it("falls back to the market's centre, and only looks at the market's own towns", () => {
    for (const country of COUNTRIES) {
      expect(geocodeOffline('1 Nowhere Lane, Smalltown', country)).toEqual({ ...MARKETS[country].mapCentre, match: 'market', demo: true });
    }
    expect(geocodeOffline('Unter den Linden 1, Berlin', 'it')).toMatchObject({ label: 'Roma', match: 'market' });
  });

  it('is what the fixture provider answers', async () => {
    expect(await createFixturePlaces().geocode('Piazza Maggiore 1, Bologna', 'it')).toEqual(geocodeOffline('Piazza Maggiore 1, Bologna', 'it'));
  });
});

describe('nominatim places', () => {
  let server: Server;
  let baseUrl: string;
  const requests: URL[] = [];
  let failNext = false;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      requests.push(url);
      if (failNext) {
        failNext = false;
        res.writeHead(502).end('bad gateway');
        return;
      }
      res.setHeader('content-type', 'application/json');
      const q = url.searchParams.get('q') ?? '';
      if (url.pathname === '/search' && url.searchParams.get('limit') === '1') {
        const found: Record<string, unknown[]> = {
          'Via Roma 1, Roma': [{ osm_type: 'node', osm_id: 7, display_name: 'Via Roma 1, Roma, Italia', lat: '41.9', lon: '12.5', place_rank: 30 }],
          'Via Inventata 9, Roma': [{ osm_type: 'relation', osm_id: 8, display_name: 'Roma, Lazio, Italia', lat: '41.89', lon: '12.49', place_rank: 16 }],
        };
        res.end(JSON.stringify(found[q] ?? []));
      } else if (url.pathname === '/search') {
        res.end(
          JSON.stringify([
            {
              place_id: 1,
              osm_type: 'node',
              osm_id: 123,
              name: 'Farmacia Test',
              display_name: 'Farmacia Test, Via Roma 1, Roma, Italia',
              lat: '41.9',
              lon: '12.5',
            },
            { place_id: 2, osm_type: 'way', osm_id: 456, name: '', display_name: 'Via Nomentana 3, Roma, Italia', lat: '41.91', lon: '12.51' },
            { place_id: 3, osm_type: 'weird', osm_id: 'x', display_name: 'broken', lat: 'nope', lon: '1' },
          ]),
        );
      } else if (url.pathname === '/lookup') {
        res.end(
          JSON.stringify(
            url.searchParams.get('osm_ids') === 'N123'
              ? [{ osm_type: 'node', osm_id: 123, name: 'Farmacia Test', display_name: 'Farmacia Test, Via Roma 1', lat: '41.9', lon: '12.5' }]
              : [],
          ),
        );
      } else {
        res.writeHead(404).end('[]');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('searches with jsonv2 and the market country code, and maps results to places', async () => {
    const provider = createNominatimPlaces(baseUrl);
    const results = await provider.search('farmacia roma', 'it');
    const url = requests.at(-1)!;
    expect(url.pathname).toBe('/search');
    expect(url.searchParams.get('format')).toBe('jsonv2');
    expect(url.searchParams.get('q')).toBe('farmacia roma');
    expect(url.searchParams.get('countrycodes')).toBe('it');
    expect(results).toEqual([
      { placeId: 'osm:N123', name: 'Farmacia Test', address: 'Farmacia Test, Via Roma 1, Roma, Italia', lat: 41.9, lng: 12.5 },
      { placeId: 'osm:W456', name: 'Via Nomentana 3', address: 'Via Nomentana 3, Roma, Italia', lat: 41.91, lng: 12.51 },
    ]);
    await provider.search('apotheke', 'uk');
    expect(requests.at(-1)!.searchParams.get('countrycodes')).toBe('gb');
  });

  it('looks details up by OSM id, and refuses other ids without asking', async () => {
    const provider = createNominatimPlaces(baseUrl);
    expect(await provider.details('osm:N123')).toMatchObject({ placeId: 'osm:N123', name: 'Farmacia Test' });
    expect(requests.at(-1)!.pathname).toBe('/lookup');
    expect(await provider.details('osm:N999')).toBeNull();
    const before = requests.length;
    expect(await provider.details('fixture:uk:001')).toBeNull();
    expect(requests.length).toBe(before);
  });

  it('geocodes an address: the address itself, only its town, or nothing', async () => {
    const provider = createNominatimPlaces(baseUrl);
    expect(await provider.geocode('Via Roma 1, Roma', 'it')).toEqual({
      lat: 41.9,
      lng: 12.5,
      label: 'Via Roma 1, Roma, Italia',
      match: 'address',
      demo: false,
    });
    const url = requests.at(-1)!;
    expect([url.pathname, url.searchParams.get('countrycodes'), url.searchParams.get('format')]).toEqual(['/search', 'it', 'jsonv2']);
    expect(await provider.geocode('Via Inventata 9, Roma', 'it')).toMatchObject({ label: 'Roma, Lazio, Italia', match: 'town' });
    expect(await provider.geocode('Nowhere', 'it')).toBeNull();
    failNext = true;
    await expect(provider.geocode('Via Roma 1, Roma', 'it')).rejects.toBeInstanceOf(PlacesUnavailableError);
  });

  it('reports an unavailable provider', async () => {
    failNext = true;
    await expect(createNominatimPlaces(baseUrl).search('x y', 'it')).rejects.toBeInstanceOf(PlacesUnavailableError);
    await expect(createNominatimPlaces('http://127.0.0.1:1').search('x y', 'it')).rejects.toBeInstanceOf(PlacesUnavailableError);
  });
});

describe('cache', () => {
  it('answers repeated questions from memory and stays bounded', async () => {
    let calls = 0;
    const inner: PlacesProvider = {
      search: async (q) => {
        calls++;
        return [{ placeId: q, name: q, address: q, lat: 0, lng: 0 }];
      },
      details: async () => null,
      geocode: async () => null,
    };
    const cached = withCache(inner, 2);
    await cached.search('a', 'uk');
    await cached.search('A ', 'uk');
    expect(calls).toBe(1);
    await cached.search('a', 'it');
    expect(calls).toBe(2);

    const cache = new BoundedCache<number>(2, 1000);
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    cache.get('a', 0);
    cache.set('c', 3, 0);
    expect(cache.get('b', 0)).toBeUndefined();
    expect(cache.get('a', 0)).toBe(1);
    expect(cache.get('a', 5000)).toBeUndefined();
    expect(cache.size).toBeLessThanOrEqual(2);
  });
});
