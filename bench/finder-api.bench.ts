// The patient app's finder API (issue 38 item 10): the real server (node src/server/main.ts) on a
// database of 20,000 listings in each market (uk, it, de), loaded by autocannon in a second process
// (bench/lib/load-client.ts), each figure beside its baseline measured in the same run:
// - GET /api/v1/finder/search (varied points, 25 km, limit 20): throughput against GET /healthz at the
//   same connections, and p99 paced at a quarter (the target) and half of the search's own measured
//   capacity (healthz at the same pace);
// - a conditional search answered 304 (If-None-Match: the ETag of the answer taken just before);
// - GET /api/v1/finder/snapshot?market=uk: time and bytes on the wire, with and without gzip;
// - GET /api/v1/finder/changes?limit=1000 from a snapshot's cursor followed by 1,000 changes
//   (500 deactivations and 500 edits written in SQL);
// - on PostgreSQL, search through a streaming replica (src/server/test/replica-cluster.ts) against
//   the primary.
// On PGlite the bench seeds the data dir in its own process, closes it, and starts the server on it
// (the embedded database has one process at a time: the changes are written between two runs of the
// server); on PostgreSQL a temporary database.
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseTarget } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import type { ListingSeed } from '../src/server/test/listings.ts';
import { percentile } from '../src/server/test/pool.ts';
import { createTempDatabase, type TempDatabase } from '../src/server/test/postgres.ts';
import { startServerProcess, type ServerProcess } from '../src/server/test/server-process.ts';
import type { Country } from '../src/shared/markets.ts';
import { processCpuMs } from './lib/cpu.ts';
import { runClientProcess, type LoadResult } from './lib/load.ts';
import { onBothDatabases, type BenchContext, type Benchmark, type DatabaseKind, type Row } from './lib/report.ts';

const MARKETS: Country[] = ['uk', 'it', 'de'];
/** Cities whose surroundings hold half of each market's listings (as bench/finder.bench.ts). */
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
/** The other half spread over the market's box (lat min/max, lng min/max). */
const BOXES: Record<Country, [number, number, number, number]> = { uk: [50.5, 55.5, -4.5, 1.5], it: [37.5, 46, 8, 16.5], de: [47.5, 54.5, 6.5, 14.5] };

/** Connections of every throughput run (the search, its baseline /healthz, the 304). */
const CONNECTIONS = 16;
/** The paces of the p99 runs, as shares of the search's measured capacity; the capacity model plans a server for the first. */
const PACES = [
  { share: 0.25, words: 'a quarter', target: true },
  { share: 0.5, words: 'half', target: false },
] as const;
/** Connections of the change feed's run (1,000 changes a request: a few apps syncing at once). */
const FEED_CONNECTIONS = 4;
const SNAPSHOT_TIMES = 3;
const SEARCH_PATH = '/api/v1/finder/search';

/** A small seeded generator, so every run measures the same layout. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
const gaussian = (next: () => number) => Math.sqrt(-2 * Math.log(next() || 1e-9)) * Math.cos(2 * Math.PI * next());

function layout(perMarket: number): ListingSeed[] {
  const next = random(38);
  const seeds: ListingSeed[] = [];
  for (const country of MARKETS) {
    const [latMin, latMax, lngMin, lngMax] = BOXES[country];
    for (let i = 0; i < perMarket; i++) {
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

/** Search paths: markets in turn, three in four near a city centre (the dense case), the rest anywhere in the market; default radius (25 km), limit 20. */
function searchPaths(count: number): string[] {
  const next = random(29);
  return Array.from({ length: count }, (_, i) => {
    const market = MARKETS[i % MARKETS.length]!;
    const [latMin, latMax, lngMin, lngMax] = BOXES[market];
    const [cityLat, cityLng] = CITIES[market][Math.floor(next() * CITIES[market].length)]!;
    const dense = i % 4 !== 3;
    const lat = dense ? cityLat + (next() - 0.5) * 0.1 : latMin + next() * (latMax - latMin);
    const lng = dense ? cityLng + (next() - 0.5) * 0.1 : lngMin + next() * (lngMax - lngMin);
    return `${SEARCH_PATH}?market=${market}&lat=${lat.toFixed(5)}&lng=${lng.toFixed(5)}&limit=20`;
  });
}

/**
 * Inserts approved listings as src/server/test/listings.ts insertListings does (a pharmacy and an
 * application each, the same columns and answers), but as two statements per 5,000 over arrays
 * (unnest): insertListings took 222 s for 60,000 on PGlite on a busy machine.
 */
async function seedListings(db: Handle['db'], seeds: ListingSeed[]): Promise<void> {
  const run = Math.random().toString(16).slice(2, 10);
  // The change feed's trigger (migration 0027) costs about a millisecond a row on PGlite; the feed's
  // rows it would have written (one upsert per listing, in insertion order) are written at the end in
  // one statement instead, before any server runs.
  await db.execute(sql`alter table applications disable trigger finder_changes_of_applications`);
  const batch = 5000;
  for (let start = 0; start < seeds.length; start += batch) {
    const part = seeds.slice(start, start + batch);
    const n = part.map((_, i) => start + i + 1);
    const lats = part.map((seed) => seed.lat);
    const lngs = part.map((seed) => seed.lng);
    const countries = part.map((seed) => seed.country);
    // Array literals as one text parameter each (drizzle would spread a JS array into a row of parameters).
    const array = (values: Array<number | string>) => `{${values.join(',')}}`;
    const rows = sql`unnest(${array(n)}::int[], ${array(countries)}::text[], ${array(lats)}::float8[], ${array(lngs)}::float8[]) as s(n, country, lat, lng)`;
    const placeId = sql`'seed:' || ${run}::text || ':' || s.n`;
    await db.execute(sql`insert into pharmacies (place_id, name, address, lat, lng, services)
      select ${placeId}, 'Pharmacy ' || s.n, s.n || ' High Street', s.lat, s.lng, 'Flu jabs' from ${rows}`);
    await db.execute(sql`insert into applications (edit_token_hash, country, language, status, email, email_normalized, first_name, last_name,
        registration_body, registration_number, place_id, photo, answers)
      select md5(${run}::text || s.n) || md5(s.n || ${run}::text), s.country, 'en', 'approved', 'seed-' || ${run}::text || '-' || s.n || '@example.com',
        'seed-' || ${run}::text || '-' || s.n || '@example.com', 'Sam', 'Seed', 'seed', ${run}::text || '-' || s.n, ${placeId}, null,
        jsonb_build_object('whereYouWork', 'Pharmacy ' || s.n, 'address', s.n || ' High Street', 'services', 'Flu jabs', 'anythingElseAboutYou', 'Happy to help.',
          'lat', s.lat, 'lng', s.lng, 'placeId', ${placeId}, 'email', 'seed-' || ${run}::text || '-' || s.n || '@example.com', 'lastName', 'Seed')
      from ${rows}`);
  }
  await db.execute(sql`alter table applications enable trigger finder_changes_of_applications`);
  await db.execute(
    sql`insert into finder_changes (market, listing_id, op) select country, listing_id, 'upsert' from applications where status = 'approved' order by id`,
  );
}

interface LoadSpec {
  url: string;
  paths: string[];
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  overallRate?: number;
}

/** One autocannon run in a second process (bench/lib/load-client.ts), the paths cycled one per request. */
async function load(spec: LoadSpec): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'champions-finder-api-'));
  try {
    const pathsFile = path.join(dir, 'paths.txt');
    writeFileSync(pathsFile, spec.paths.join('\n'));
    const jobFile = path.join(dir, 'job.json');
    const job = {
      url: spec.url,
      method: 'GET',
      path: spec.paths[0],
      pathsFile,
      connections: spec.connections,
      durationSeconds: spec.seconds,
      headers: spec.headers,
      overallRate: spec.overallRate,
    };
    writeFileSync(jobFile, JSON.stringify(job));
    return await runClientProcess<LoadResult>('bench/lib/load-client.ts', [jobFile]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What went wrong in a run, or null: errors, time-outs, 429s, any status but the expected one. */
function trouble(result: LoadResult, expected: number): string | null {
  const wrong = Object.entries(result.statusCounts).filter(([status]) => Number(status) !== expected);
  const parts = [
    ...(result.errors ? [`${result.errors} errors`] : []),
    ...(result.timeouts ? [`${result.timeouts} time-outs`] : []),
    ...wrong.map(([status, n]) => `${n} × ${status}`),
  ];
  return parts.length ? parts.join(', ') : null;
}

interface Download {
  ms: number;
  bytes: number;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One GET, timed from the request to the last byte; `bytes` is the body as it came over the wire (compressed when it was). */
function download(url: string, headers: Record<string, string> = {}): Promise<Download> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ ms: performance.now() - started, bytes: body.length, status: res.statusCode ?? 0, headers: res.headers, body });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-GB', { maximumFractionDigits: digits });

/** The database under the servers, and a way to write to it between runs (PGlite: while no server holds it). */
interface Bed {
  kind: DatabaseKind;
  dataDir: string;
  target: DatabaseTarget;
  databaseUrl?: string;
  temp?: TempDatabase;
}

type Handle = Awaited<ReturnType<typeof openDatabase>>;
async function withDatabase<T>(bed: Bed, work: (db: Handle['db'], database: Handle) => Promise<T>): Promise<T> {
  const database = await openDatabase({ database: bed.target });
  try {
    return await work(database.db, database);
  } finally {
    await database.close();
  }
}

/** The PIDs of the PostgreSQL backends connected to the bench's database (none on PGlite). */
async function backendPids(bed: Bed): Promise<number[]> {
  if (!bed.temp) return [];
  const client = new pg.Client({ connectionString: bed.temp.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

interface CpuShare {
  /** The server process's CPU (all its threads) per answered request, ms. */
  serverMs: number;
  /** The PostgreSQL backends' CPU per answered request, ms (0 on PGlite, whose engine is in the server's thread). */
  databaseMs: number;
}

/** Runs a load and answers it with the CPU per request of the server and of its PostgreSQL backends. */
async function withCpu(bed: Bed, server: ServerProcess, run: () => Promise<LoadResult>): Promise<LoadResult & { cpu: CpuShare }> {
  const before = new Map((await backendPids(bed)).map((pid) => [pid, processCpuMs(pid)]));
  const serverBefore = processCpuMs(server.pid);
  const result = await run();
  const serverMs = processCpuMs(server.pid) - serverBefore;
  let databaseMs = 0;
  for (const pid of await backendPids(bed)) databaseMs += processCpuMs(pid) - (before.get(pid) ?? 0);
  const n = Math.max(1, result.completed);
  return { ...result, cpu: { serverMs: serverMs / n, databaseMs: databaseMs / n } };
}

const cpuText = (kind: DatabaseKind, cpu: CpuShare) =>
  kind === 'PGlite'
    ? `server CPU ${cpu.serverMs.toFixed(2)} ms/req`
    : `CPU per request: server ${cpu.serverMs.toFixed(2)} ms, PostgreSQL ${cpu.databaseMs.toFixed(2)} ms`;

const SERVER_ENV = { RATE_LIMIT_MAX: '1000000', PUBLIC_API_RATE_LIMIT: '100000000' };

async function startServer(bed: Bed, env: Record<string, string> = {}, dataDir = bed.dataDir): Promise<ServerProcess> {
  return startServerProcess({ dataDir, ...(bed.databaseUrl ? { databaseUrl: bed.databaseUrl } : {}), env: { ...SERVER_ENV, ...env } });
}

/** Makes the replica cluster when the helper is in this tree (src/server/test/replica-cluster.ts); null with the reason otherwise. */
interface ReplicaClusterLike {
  urlFor(database: string): string;
  drop(): void;
  timings: Record<string, number>;
}
async function replicaHelper(adminUrl: string): Promise<{ make: () => Promise<ReplicaClusterLike> } | { unavailable: string }> {
  const modulePath = '../src/server/test/replica-cluster.ts';
  let helper: { createReplicaCluster(url: string): Promise<ReplicaClusterLike>; replicaUnavailableReason(url: string | undefined): string | null };
  try {
    helper = (await import(modulePath)) as typeof helper;
  } catch {
    return { unavailable: 'not built yet (src/server/test/replica-cluster.ts is not in this tree)' };
  }
  const reason = helper.replicaUnavailableReason(adminUrl);
  return reason ? { unavailable: reason } : { make: () => helper.createReplicaCluster(adminUrl) };
}

interface ReplicaDetail {
  status: string;
  statements: { replica: number; primary: number; retriedOnPrimary: number };
}
async function replicaState(server: ServerProcess): Promise<ReplicaDetail | null> {
  const response = await fetch(`${server.url}/readyz`);
  const body = (await response.json()) as { detail?: { replica?: ReplicaDetail } };
  return body.detail?.replica ?? null;
}

async function benchOn(kind: DatabaseKind, ctx: BenchContext): Promise<Row[]> {
  const perMarket = ctx.quick ? 4000 : 20_000;
  const seconds = ctx.quick ? 2 : 5;
  const group = `finder api (${kind}, ${fmt(perMarket)} listings a market)`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'champions-bench-finder-api-'));
  const bed: Bed = { kind, dataDir, target: { kind: 'pglite', dataDir: path.join(dataDir, 'db') } };
  const rows: Row[] = [];
  const servers: ServerProcess[] = [];
  try {
    if (kind === 'PostgreSQL') {
      bed.temp = await createTempDatabase(ctx.postgresAdminUrl!, 'champions_bench_finder_api');
      bed.databaseUrl = bed.temp.url;
      bed.target = { kind: 'postgres', url: bed.temp.url };
    }
    ctx.log(`${group}: inserting ${fmt(perMarket * MARKETS.length)} listings`);
    const seedStarted = performance.now();
    await withDatabase(bed, async (db, database) => {
      await database.migrate();
      await seedListings(db, layout(perMarket));
      await db.execute(sql`vacuum analyze applications`);
      await db.execute(sql`analyze finder_changes`);
    });
    ctx.log(`${group}: seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s; starting the server`);
    let server = await startServer(bed);
    servers.push(server);

    const paths = searchPaths(2000);
    const healthPaths = ['/healthz'];
    // Warm-up: the server's code paths and the database's caches.
    await load({ url: server.url, paths, connections: CONNECTIONS, seconds: 2 });
    await load({ url: server.url, paths: healthPaths, connections: CONNECTIONS, seconds: 1 });

    ctx.log(`${group}: GET /healthz, search, at ${CONNECTIONS} connections, ${seconds} s each`);
    const machineLoad = loadavg()[0]!;
    const health = await withCpu(bed, server, () => load({ url: server.url, paths: healthPaths, connections: CONNECTIONS, seconds }));
    const search = await withCpu(bed, server, () => load({ url: server.url, paths, connections: CONNECTIONS, seconds }));
    const healthTrouble = trouble(health, 200);
    const searchTrouble = trouble(search, 200);
    const searchRatio = search.perSecond / health.perSecond;
    rows.push({
      group,
      figure: `GET /healthz, ${CONNECTIONS} connections (baseline)`,
      value: health.perSecond,
      unit: 'req/s',
      target: '',
      ratio: `p50 ${health.p50Ms} ms, p99 ${health.p99Ms} ms; ${cpuText(kind, health.cpu)}`,
      pass: healthTrouble ? false : null,
      note: healthTrouble ?? `the machine's 1-minute load average was ${machineLoad.toFixed(1)} when the runs began`,
    });
    rows.push({
      group,
      figure: `search throughput, ${CONNECTIONS} connections`,
      value: search.perSecond,
      unit: 'req/s',
      target: '≥ 0.5 × /healthz',
      ratio: `${searchRatio.toFixed(2)} × /healthz; p50 ${search.p50Ms} ms, p99 ${search.p99Ms} ms (saturated); ${cpuText(kind, search.cpu)}`,
      pass: !searchTrouble && searchRatio >= 0.5,
      note: searchTrouble ?? '2,000 points, 3 in 4 near a city centre; 25 km, limit 20',
    });

    // The p99 a patient sees, at two paces: a quarter of the search's own measured capacity (the pace the
    // capacity model plans a server for; the target) and half of it (informative: on two cores shared with
    // the load client, /healthz itself queues there). /healthz at the same pace beside each.
    for (const { share, words, target } of PACES) {
      const pace = Math.max(50, Math.round(search.perSecond * share));
      ctx.log(`${group}: search and /healthz paced at ${pace} req/s (${words} of capacity)`);
      const pacedSearch = await load({ url: server.url, paths, connections: CONNECTIONS, seconds, overallRate: pace });
      const pacedHealth = await load({ url: server.url, paths: healthPaths, connections: CONNECTIONS, seconds, overallRate: pace });
      const pacedTrouble = trouble(pacedSearch, 200);
      rows.push({
        group,
        figure: `search p99 at ${fmt(pace)} req/s (${words} of its capacity)`,
        value: pacedSearch.p99Ms,
        unit: 'ms',
        target: target ? '< 10 ms' : '',
        ratio: `/healthz at the same pace: p99 ${pacedHealth.p99Ms} ms; search p50 ${pacedSearch.p50Ms} ms, ${fmt(pacedSearch.perSecond)} req/s served`,
        pass: pacedTrouble ? false : target ? pacedSearch.p99Ms < 10 : null,
        ...(pacedTrouble ? { note: pacedTrouble } : {}),
      });
    }

    // 304: the ETag of an answer taken just before, sent back.
    const conditionalPath = paths[0]!;
    const first = await download(`${server.url}${conditionalPath}`);
    const etag = String(first.headers.etag ?? '');
    const weakVersionEtag = /^W\/"[0-9a-f]{8}\.\d+-/.test(etag);
    ctx.log(`${group}: conditional search (ETag ${etag}), ${seconds} s`);
    const conditional = await withCpu(bed, server, () =>
      load({ url: server.url, paths: [conditionalPath], connections: CONNECTIONS, seconds, headers: { 'if-none-match': etag } }),
    );
    const conditionalTrouble = trouble(conditional, 304);
    const conditionalRatio = conditional.perSecond / health.perSecond;
    rows.push({
      group,
      figure: `search answered 304, ${CONNECTIONS} connections`,
      value: conditional.perSecond,
      unit: 'req/s',
      target: '≥ 0.8 × /healthz',
      ratio: `${conditionalRatio.toFixed(2)} × /healthz; p99 ${conditional.p99Ms} ms; ${cpuText(kind, conditional.cpu)}`,
      pass: !conditionalTrouble && etag !== '' && conditionalRatio >= 0.8,
      note:
        conditionalTrouble ??
        (weakVersionEtag
          ? 'ETag from the listings version: no search before the 304'
          : `ETag ${etag}: not the listings version's, the search runs before the 304`),
    });

    // The snapshot of a market, with and without gzip; its cursor is where the changes are read from.
    ctx.log(`${group}: snapshot of uk, ${SNAPSHOT_TIMES} times with gzip and without`);
    let cursor: string | null = null;
    for (const gzip of [true, false]) {
      const times: number[] = [];
      let bytes = 0;
      let listings = 0;
      let problem: string | null = null;
      for (let i = 0; i < SNAPSHOT_TIMES; i++) {
        const answer = await download(`${server.url}/api/v1/finder/snapshot?market=uk`, gzip ? { 'accept-encoding': 'gzip' } : {});
        if (answer.status !== 200) {
          problem = `answered ${answer.status}`;
          break;
        }
        times.push(answer.ms);
        bytes = answer.bytes;
        if (i === 0) {
          const text = (answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body).toString('utf8');
          const parsed = JSON.parse(text) as { data: unknown[]; cursor: string };
          listings = parsed.data.length;
          cursor ??= parsed.cursor;
          if (gzip && answer.headers['content-encoding'] !== 'gzip') problem = 'not compressed though the client accepts gzip';
        }
      }
      rows.push({
        group,
        figure: `snapshot of uk, ${gzip ? 'gzip' : 'uncompressed'}`,
        value: problem ? null : percentile(times, 50),
        unit: 'ms',
        target: '',
        ratio: problem ? '' : `${fmt(bytes / 1024)} KB on the wire, ${fmt(listings)} listings; median of ${SNAPSHOT_TIMES}, one at a time`,
        pass: problem ? false : null,
        ...(problem ? { note: problem } : {}),
      });
    }

    // 1,000 changes after the snapshot's cursor: 500 deactivations and 500 edits, in SQL.
    if (cursor) {
      ctx.log(`${group}: 500 deactivations and 500 edits in uk, then GET /changes?limit=1000`);
      const change = async (db: Handle['db']) => {
        await db.execute(
          sql`update applications set first_name = 'Edited' where id in (select id from applications where country = 'uk' and status = 'approved' order by id desc limit 500)`,
        );
        await db.execute(
          sql`update applications set status = 'deactivated' where id in (select id from applications where country = 'uk' and status = 'approved' order by id limit 500)`,
        );
      };
      if (kind === 'PGlite') {
        // The embedded database has one process at a time: the server stops while the bench writes.
        await server.stop();
        servers.splice(servers.indexOf(server), 1);
        await withDatabase(bed, change);
        server = await startServer(bed);
        servers.push(server);
      } else {
        await withDatabase(bed, change);
      }
      const feedPath = `/api/v1/finder/changes?market=uk&since=${cursor}&limit=1000`;
      const page = await download(`${server.url}${feedPath}`);
      const data = page.status === 200 ? (JSON.parse(page.body.toString('utf8')) as { data: { op: string }[] }).data : [];
      const deletes = data.filter((c) => c.op === 'delete').length;
      await load({ url: server.url, paths: [feedPath], connections: FEED_CONNECTIONS, seconds: 1 });
      const feed = await withCpu(bed, server, () => load({ url: server.url, paths: [feedPath], connections: FEED_CONNECTIONS, seconds }));
      const feedTrouble = trouble(feed, 200) ?? (data.length === 1000 ? null : `the page held ${data.length} changes (status ${page.status})`);
      rows.push({
        group,
        figure: `changes, 1,000 a page, ${FEED_CONNECTIONS} connections: p99`,
        value: feed.p99Ms,
        unit: 'ms',
        target: '',
        ratio: `p50 ${feed.p50Ms} ms, ${fmt(feed.perSecond)} pages/s; ${fmt(page.bytes / 1024)} KB uncompressed (${deletes} deletes, ${data.length - deletes} upserts); ${cpuText(kind, feed.cpu)}`,
        pass: feedTrouble ? false : null,
        ...(feedTrouble ? { note: feedTrouble } : {}),
      });
    } else {
      rows.push({
        group,
        figure: 'changes, 1,000 a page: p99',
        value: null,
        unit: '',
        target: '',
        pass: false,
        note: 'no snapshot cursor to read changes from',
      });
    }

    if (kind === 'PostgreSQL') rows.push(...(await replicaRows(group, bed, server, paths, seconds, ctx)));
    return rows;
  } catch (error) {
    // The figures measured so far stay in the table (a crash on PostgreSQL keeps PGlite's, and the other way round).
    console.error(error);
    rows.push({
      group,
      figure: 'benchmark run',
      value: null,
      unit: '',
      target: 'runs',
      pass: false,
      note: `crashed: ${(error as Error).message.split('\n')[0]}`,
    });
    return rows;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await bed.temp?.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Search through a second server reading from a streaming replica, beside the primary's server, back to back. */
async function replicaRows(group: string, bed: Bed, primaryServer: ServerProcess, paths: string[], seconds: number, ctx: BenchContext): Promise<Row[]> {
  const figure = `search through the replica, ${CONNECTIONS} connections`;
  const helper = await replicaHelper(ctx.postgresAdminUrl!);
  if ('unavailable' in helper) return [{ group, figure, value: null, unit: '', target: '', pass: null, note: helper.unavailable }];
  ctx.log(`${group}: making a streaming replica`);
  const replica = await helper.make();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'champions-bench-finder-api-replica-'));
  let server: ServerProcess | null = null;
  try {
    server = await startServer(bed, { DATABASE_REPLICA_URL: replica.urlFor(bed.temp!.name) }, dataDir);
    let state: ReplicaDetail | null = null;
    for (let i = 0; i < 100 && state?.status !== 'fresh'; i++) {
      state = await replicaState(server);
      if (state?.status !== 'fresh') await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (state?.status !== 'fresh')
      return [{ group, figure, value: null, unit: '', target: '', pass: false, note: `the server's replica is ${state?.status ?? 'not reported in /readyz'}` }];
    // Counted from before the warm-up: the search runs from memory, so its statements on the read
    // path are the model's load (at the first search) and its catch-ups.
    const before = (await replicaState(server))!.statements;
    await load({ url: server.url, paths, connections: CONNECTIONS, seconds: 2 });
    ctx.log(`${group}: search on the primary's server, then on the replica's, ${seconds} s each`);
    const onPrimary = await load({ url: primaryServer.url, paths, connections: CONNECTIONS, seconds });
    const onReplica = await load({ url: server.url, paths, connections: CONNECTIONS, seconds });
    const after = (await replicaState(server))!.statements;
    const toReplica = after.replica - before.replica;
    const toPrimary = after.primary - before.primary;
    const problem = trouble(onReplica, 200) ?? trouble(onPrimary, 200) ?? (toReplica === 0 ? 'no statement ran on the replica' : null);
    return [
      {
        group,
        figure,
        value: onReplica.perSecond,
        unit: 'req/s',
        target: '',
        ratio: `${(onReplica.perSecond / onPrimary.perSecond).toFixed(2)} × the primary (${fmt(onPrimary.perSecond)} req/s, p99 ${onPrimary.p99Ms} ms); p99 ${onReplica.p99Ms} ms`,
        pass: problem ? false : null,
        note:
          problem ??
          `${fmt(toReplica)} statements on the replica (the search model's load), ${fmt(toPrimary)} on the primary, from the warm-up to the end; replica made in ${fmt(Object.values(replica.timings).reduce((a, b) => a + b, 0) / 1000, 1)} s; on 2 cores the replica's PostgreSQL shares the cores with the primary's`,
      },
    ];
  } finally {
    await server?.stop();
    replica.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const finderApiBenchmark: Benchmark = {
  name: 'finder api',
  run: (ctx) => onBothDatabases(ctx, benchOn, { group: 'finder api (PostgreSQL)', figure: 'search throughput', target: '≥ 0.5 × /healthz' }),
};
