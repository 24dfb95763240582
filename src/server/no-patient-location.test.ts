// Issue 38 item 6 (decision 0054): the point a patient searches from is never logged, stored or
// sent on. Searches from a recognisable point through every way it can arrive (the public search,
// the page-number search, the finder page's URL, a preflight, refusals, a point in the path, a
// failing database), with the server logging at its most verbose, then looks for any digit string
// of the point in every log line, every row of every table, the metrics and every file the server
// wrote. On PostgreSQL also in pg_stat_statements when it is installed and readable.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from './config.ts';
import { rowsOf } from './db/client.ts';
import { createTestContext, fixtureWebDist, usingPostgres, type TestContext } from './test/context.ts';
import { insertListings, listingsVersionSettled } from './test/listings.ts';
import { memoryLog } from './test/log.ts';

const LAT = '51.4975123';
const LNG = '-0.1357456';
/** Any of these anywhere is the point (or enough of it to find a street). */
const FRAGMENTS = [LAT, LNG, '51.4975', '4975123', '0.1357', '1357456', '51%2E4975', '0%2E1357'];

const REPO = path.join(import.meta.dirname, '..', '..');
const BUILT_WEB = path.join(REPO, 'dist', 'web');

const log = memoryLog();
let ctx: TestContext;
beforeAll(async () => {
  // The real build when there is one: the finder page is then rendered on the server too.
  const webDist = existsSync(path.join(BUILT_WEB, '.ssr', 'entry-server.js')) ? BUILT_WEB : fixtureWebDist(testConfig().dataDir);
  ctx = await createTestContext({ webDist }, { logger: { level: 'trace', stream: log.stream } });
  // Listings around the point, none of their own coordinates sharing its digits.
  await insertListings(ctx.app.services.database.db, [
    { country: 'uk', lat: 51.5007, lng: -0.1246, name: 'Westminster Pharmacy' },
    { country: 'uk', lat: 51.5033, lng: -0.1195, name: 'South Bank Pharmacy' },
    { country: 'uk', lat: 51.4893, lng: -0.1441, name: 'Pimlico Pharmacy' },
  ]);
  await listingsVersionSettled(ctx);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers: { host: 'localhost:3000', ...headers } });
const page = (url: string) => get(url, { accept: 'text/html' });

/** Every row of every table of the database, each as its text (every column cast to text). */
async function everyRow(): Promise<string[]> {
  const { db } = ctx.app.services.database;
  const tables = rowsOf<{ schema: string; name: string }>(
    await db.execute(sql`select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`),
  );
  expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['applications', 'rate_limit_hits']));
  const rows: string[] = [];
  for (const table of tables) {
    const found = rowsOf<{ row: string }>(await db.execute(sql`select t::text as row from ${sql.identifier(table.schema)}.${sql.identifier(table.name)} as t`));
    rows.push(...found.map((r) => `${table.schema}.${table.name}: ${r.row}`));
  }
  return rows;
}

/** What pg_stat_statements holds, when the extension is there and this role may read it. */
async function statementStatistics(): Promise<string[]> {
  if (!usingPostgres()) return [];
  const { db } = ctx.app.services.database;
  try {
    return rowsOf<{ query: string }>(await db.execute(sql`select query from pg_stat_statements`)).map((r) => r.query);
  } catch {
    return [];
  }
}

/** Every file under a folder (the server's data folder: mail, uploads, its embedded database's files are not there in tests). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    const stat = statSync(file);
    if (stat.isDirectory()) return name === 'web' ? [] : filesUnder(file);
    return stat.size < 5_000_000 ? [`${file}: ${readFileSync(file, 'latin1')}`] : [];
  });
}

const leaksIn = (text: string) => FRAGMENTS.filter((fragment) => text.includes(fragment));
/** The lines (or rows) of a text that hold a fragment, for a readable failure. */
const leakingLines = (lines: string[]) => lines.filter((line) => leaksIn(line).length > 0);

describe("a patient's point", () => {
  it('is in no log line, table, metric or file after searches, refusals and failures from it', async () => {
    const point = `lat=${LAT}&lng=${LNG}`;

    // The public search, a page after its cursor, and a conditional request.
    const searched = await get(`/api/v1/finder/search?market=uk&${point}&limit=1&count=true&lang=de`);
    expect(searched.statusCode).toBe(200);
    const first = searched.json<{ data: unknown[]; next: string | null }>();
    expect(first.data).toHaveLength(1);
    expect(first.next).not.toBeNull();
    // The cursor names the search by a hash: the point does not travel in it either.
    expect(leaksIn(Buffer.from(first.next!, 'base64url').toString('latin1'))).toEqual([]);
    expect((await get(`/api/v1/finder/search?market=uk&${point}&limit=1&cursor=${first.next}`)).statusCode).toBe(200);
    expect(
      (await get(`/api/v1/finder/search?market=uk&${point}&limit=1&count=true&lang=de`, { 'if-none-match': String(searched.headers.etag) })).statusCode,
    ).toBe(304);
    // The page-number search (our /finder page's, deprecated), with a keyword and a second page.
    const legacy = await get(`/api/v1/finder/pharmacies?market=uk&${point}&radiusKm=10&service=flu`);
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json<{ data: unknown[] }>().data.length).toBeGreaterThan(0);
    expect((await get(`/api/v1/finder/pharmacies?market=uk&${point}&page=2`)).statusCode).toBe(200);
    // A browser's preflight from another site's app.
    expect(
      (
        await ctx.app.inject({
          method: 'OPTIONS',
          url: `/api/v1/finder/search?market=uk&${point}`,
          headers: { origin: 'https://app.example.net', 'access-control-request-method': 'GET' },
        })
      ).statusCode,
    ).toBe(204);

    // The finder page, with the point in its address (a link someone made), in a path and in a place.
    for (const url of [`/uk/finder?${point}`, `/finder?${point}&place=51.4975123,-0.1357456`, `/uk/finder/${LAT},${LNG}`, `/uk/finder/${LAT}/${LNG}?lang=it`]) {
      expect([200, 404]).toContain((await page(url)).statusCode);
    }

    // Refused: malformed, out of range, huge, a cursor made of the point, and the point in the path.
    const refused = [
      `/api/v1/finder/search?market=uk&lat=${LAT}x&lng=${LNG}`,
      `/api/v1/finder/search?market=uk&lat=9${LAT}&lng=${LNG}`,
      `/api/v1/finder/search?market=uk&lat=${LAT}${'7'.repeat(4000)}&lng=${LNG}`,
      `/api/v1/finder/search?market=uk&${point}&cursor=4975123-1357456`,
      `/api/v1/finder/search?market=xx&${point}&limit=999`,
      `/api/v1/finder/pharmacies?market=uk&lat=${LAT}&lng=${LNG}${LNG}`,
      `/api/v1/finder/pharmacies?market=uk&lat=${encodeURIComponent(`${LAT} or 1=1`)}&lng=${LNG}`,
    ];
    for (const url of refused) expect((await get(url)).statusCode, url).toBe(400);
    for (const url of [`/api/v1/finder/search/${LAT}/${LNG}`, `/api/v1/finder/listings/${LAT},${LNG}`, `/api/v1/finder/near/${LAT},${LNG}.json?market=uk`]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    // A URL the server cannot decode at all.
    expect((await get(`/api/v1/finder/search%ZZ/${LAT}?${point}`)).statusCode).toBe(400);
    // The place search, should a patient type the point into it.
    await get(`/api/places/search?q=${encodeURIComponent(`${LAT}, ${LNG}`)}&market=uk`);

    // A failing database: the page-number search's statement (which binds the point) fails, and is
    // logged; the search answers from its model in memory (decision 0075), binding nothing.
    const { db } = ctx.app.services.database;
    await db.execute(sql`alter table applications rename column lat to lat_moved`);
    try {
      expect((await get(`/api/v1/finder/pharmacies?market=uk&${point}`)).statusCode).toBe(500);
      expect((await get(`/api/v1/finder/search?market=uk&${point}`)).statusCode).toBe(200);
    } finally {
      await db.execute(sql`alter table applications rename column lat_moved to lat`);
    }

    const metrics = await get('/metrics');
    expect(metrics.statusCode).toBe(200);
    await ctx.app.services.activityLog.settled();

    const logText = log.text();
    // The log did record the searches at the most verbose level (so an empty log cannot pass).
    expect(logText).toContain('"url":"/api/v1/finder/search"');
    expect(logText).toContain('"msg":"incoming request"');
    expect(logText).toContain('"msg":"request failed"');
    expect(leakingLines(logText.split('\n'))).toEqual([]);
    expect(leakingLines(await everyRow())).toEqual([]);
    expect(leakingLines(await statementStatistics())).toEqual([]);
    expect(leakingLines(metrics.body.split('\n'))).toEqual([]);
    expect(leakingLines(filesUnder(ctx.config.dataDir))).toEqual([]);
  });

  it.runIf(usingPostgres())("stays out of the PostgreSQL server's log when a statement binding it fails: the sessions log no parameters", async () => {
    const { db } = ctx.app.services.database;
    const [setting] = rowsOf<{ value: string }>(await db.execute(sql`select current_setting('log_parameter_max_length_on_error') as value`));
    expect(setting?.value).toBe('0');
  });
});
