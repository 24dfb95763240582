// The finder at 100,000 approved pharmacies (issue #13): GET /api/v1/finder/pharmacies through the
// app (Fastify inject: routing, validation, query, JSON, ETag), against the same SQL
// (findListedPharmacies) run directly on the same database in the same run. PGlite in process,
// and PostgreSQL when TEST_DATABASE_URL is set.
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { testConfig, type Config } from '../src/server/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client.ts';
import { findListedPharmacies } from '../src/server/services/finder.ts';
import { insertListings, type ListingSeed } from '../src/server/test/listings.ts';
import { percentile } from '../src/server/test/pool.ts';
import { createTempDatabase } from '../src/server/test/postgres.ts';
import type { Country } from '../src/shared/markets.ts';
import { FINDER_DEFAULT_RADIUS_KM, type FinderQuery } from '../src/shared/schemas/finder.ts';
import { onBothDatabases, type Benchmark, type BenchContext, type Row } from './lib/report.ts';

/** Cities whose surroundings hold half of each market's listings (the dense, slow case). */
const CITIES: Record<Country, Array<[number, number]>> = {
  uk: [
    [51.507, -0.128],
    [53.408, -2.992],
    [53.481, -2.243],
    [52.486, -1.89],
    [55.953, -3.188],
  ],
  it: [
    [41.903, 12.496],
    [45.464, 9.19],
    [40.852, 14.268],
    [45.07, 7.687],
    [43.769, 11.256],
  ],
  de: [
    [52.52, 13.405],
    [48.135, 11.582],
    [53.551, 9.994],
    [50.937, 6.96],
    [50.11, 8.682],
  ],
};
/** The rest spread over the market's box (lat min/max, lng min/max). */
const BOXES: Record<Country, [number, number, number, number]> = { uk: [50.5, 55.5, -4.5, 1.5], it: [37.5, 46, 8, 16.5], de: [47.5, 54.5, 6.5, 14.5] };
const SHARE: Record<Country, number> = { uk: 0.5, it: 0.3, de: 0.2 };

/** A small seeded generator, so every run measures the same layout. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
const gaussian = (next: () => number) => Math.sqrt(-2 * Math.log(next() || 1e-9)) * Math.cos(2 * Math.PI * next());

function layout(total: number): ListingSeed[] {
  const next = random(13);
  const seeds: ListingSeed[] = [];
  for (const country of Object.keys(SHARE) as Country[]) {
    const count = Math.round(total * SHARE[country]);
    const [latMin, latMax, lngMin, lngMax] = BOXES[country];
    for (let i = 0; i < count; i++) {
      if (i % 2 === 0) {
        const [lat, lng] = CITIES[country][i % CITIES[country].length]!;
        seeds.push({ country, lat: lat + gaussian(next) * 0.15, lng: lng + gaussian(next) * 0.22 });
      } else {
        seeds.push({ country, lat: latMin + next() * (latMax - latMin), lng: lngMin + next() * (lngMax - lngMin) });
      }
    }
  }
  return seeds;
}

/** Where visitors search from: near a city (dense) three times in four, anywhere in the market otherwise. */
function queries(count: number): FinderQuery[] {
  const next = random(29);
  const markets = Object.keys(SHARE) as Country[];
  return Array.from({ length: count }, (_, i) => {
    const market = markets[i % markets.length]!;
    const [latMin, latMax, lngMin, lngMax] = BOXES[market];
    const [cityLat, cityLng] = CITIES[market][Math.floor(next() * CITIES[market].length)]!;
    const dense = i % 4 !== 3;
    const lat = dense ? cityLat + (next() - 0.5) * 0.1 : latMin + next() * (latMax - latMin);
    const lng = dense ? cityLng + (next() - 0.5) * 0.1 : lngMin + next() * (lngMax - lngMin);
    return { market, lat: Number(lat.toFixed(5)), lng: Number(lng.toFixed(5)), radiusKm: FINDER_DEFAULT_RADIUS_KM, page: 1 };
  });
}

async function timed(list: FinderQuery[], run: (q: FinderQuery) => Promise<void>) {
  const latencies: number[] = [];
  const started = performance.now();
  for (const query of list) {
    const t0 = performance.now();
    await run(query);
    latencies.push(performance.now() - t0);
  }
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: list.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

async function benchOne(label: string, ctx: BenchContext): Promise<Row[]> {
  const group = `finder (${label}, ${ctx.quick ? '10,000' : '100,000'} approved)`;
  const total = ctx.quick ? 10_000 : 100_000;
  let config: Config = testConfig();
  let drop = async () => {};
  if (label === 'PostgreSQL') {
    const temp = await createTempDatabase(ctx.postgresAdminUrl!, 'champions_bench');
    config = { ...config, database: { kind: 'postgres', url: temp.url } };
    drop = temp.drop;
  }
  const database: DatabaseHandle = await openDatabase(config);
  try {
    await database.migrate();
    ctx.log(`${label}: inserting ${total.toLocaleString('en-GB')} approved listings`);
    await insertListings(database.db, layout(total), 2000);
    await database.db.execute(sql`vacuum analyze applications`);
    const app = await buildApp(config, { database });
    await app.ready();
    try {
      const warm = queries(200);
      const list = queries(ctx.quick ? 500 : 2000);
      const sizes: number[] = [];
      const direct = async (q: FinderQuery) => {
        sizes.push((await findListedPharmacies(database.db, q)).total);
      };
      const viaApi = async (q: FinderQuery) => {
        const response = await app.inject({
          method: 'GET',
          url: `/api/v1/finder/pharmacies?market=${q.market}&lat=${q.lat}&lng=${q.lng}&radiusKm=${q.radiusKm}`,
        });
        if (response.statusCode !== 200) throw new Error(`finder answered ${response.statusCode}`);
      };
      for (const q of warm) await viaApi(q);
      ctx.log(`${label}: ${list.length} finder queries, directly and through the API`);
      const raw = await timed(list, direct);
      const api = await timed(list, viaApi);
      const inCircle = percentile(sizes, 50);
      const note = `one client, sequential; median ${inCircle.toLocaleString('en-GB')} listings within 25 km of the point (max ${Math.max(...sizes).toLocaleString('en-GB')})`;
      return [
        { group, figure: 'p50', value: api.p50, unit: 'ms', target: '', ratio: `direct query p50 ${raw.p50.toFixed(2)} ms`, pass: null, note },
        { group, figure: 'p99', value: api.p99, unit: 'ms', target: '< 20 ms', ratio: `direct query p99 ${raw.p99.toFixed(2)} ms`, pass: api.p99 < 20, note },
        {
          group,
          figure: 'throughput',
          value: api.perSecond,
          unit: 'req/s',
          target: '',
          ratio: `${((api.perSecond / raw.perSecond) * 100).toFixed(0)} % of the direct query (${raw.perSecond.toFixed(0)}/s)`,
          pass: null,
          note,
        },
      ];
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await drop();
  }
}

export const finderBenchmark: Benchmark = {
  name: 'finder',
  run: (ctx) => onBothDatabases(ctx, benchOne, { group: 'finder (PostgreSQL)', figure: 'p99', target: '< 20 ms' }),
};
