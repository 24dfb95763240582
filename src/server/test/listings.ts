// Applications in a chosen status for the finder, photo and retention tests and the finder
// benchmark. The review desk (status transitions) lives on another branch, so tests set the status
// in the database directly, as a decision would.
import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Country } from '#shared/markets.ts';
import type { Database } from '../db/client.ts';
import { applications } from '../db/schema.ts';
import { solveCaptcha } from './bot-check.ts';
import type { TestContext } from './context.ts';
import { validApplication } from './payloads.ts';
import { EARTH_RADIUS_KM } from '../services/finder.ts';
import { readFeedState, versionOf } from '../services/listings-version.ts';

export type ApplicationStatus = 'submitted' | 'changes_requested' | 'approved' | 'rejected' | 'deactivated' | 'erased';

/** Submits an application through POST /api/save-pharmacist; answers its id and e-mail address (its edit token only by mail: `editTokenByMail`). */
export async function submitApplication(ctx: TestContext, country: Country = 'uk', overrides: Record<string, unknown> = {}) {
  const payload: Record<string, unknown> = { ...validApplication({ country }, overrides), recaptchaToken: await solveCaptcha(ctx.app) };
  const response = await ctx.app.inject({ method: 'POST', url: '/api/save-pharmacist', payload });
  if (response.statusCode !== 200) throw new Error(`save failed: ${response.body}`);
  return { id: (response.json() as { data: { id: string } }).data.id, email: String(payload.email) };
}

/** The public listing ids (what the finder answers) of applications, in the order of `ids`. */
export async function listingIdsOf(db: Database, ids: string[]): Promise<string[]> {
  const rows = await db.select({ id: applications.id, listingId: applications.listingId }).from(applications).where(inArray(applications.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r.listingId]));
  return ids.map((id) => byId.get(id)!);
}

export async function setStatus(db: Database, id: string, status: ApplicationStatus, updatedAt?: Date) {
  await db
    .update(applications)
    .set({ status, ...(updatedAt ? { updatedAt } : {}) })
    .where(eq(applications.id, id));
}

export interface ListingSeed {
  country: Country;
  lat: number;
  lng: number;
  status?: ApplicationStatus;
  name?: string;
  firstName?: string;
  photo?: string;
  /** The listing's services (free text); 'Flu jabs' when absent. */
  services?: string;
}

let seeded = 0;

/** Inserts pharmacies and applications rows directly, in batches of one statement each; answers the application ids. */
export async function insertListings(db: Database, seeds: ListingSeed[], batch = 1000): Promise<string[]> {
  const ids: string[] = [];
  const run = randomBytes(4).toString('hex');
  for (let start = 0; start < seeds.length; start += batch) {
    const rows = seeds.slice(start, start + batch).map((seed) => {
      seeded += 1;
      const n = seeded;
      const placeId = `seed:${run}:${n}`;
      const answers = {
        whereYouWork: seed.name ?? `Pharmacy ${n}`,
        address: `${n} High Street`,
        services: seed.services ?? 'Flu jabs',
        anythingElseAboutYou: 'Happy to help.',
        lat: seed.lat,
        lng: seed.lng,
        placeId,
        email: `seed-${run}-${n}@example.com`,
        lastName: 'Seed',
      };
      return { seed, n, placeId, answers };
    });
    await db.execute(
      sql`insert into pharmacies (place_id, name, address, lat, lng, services) values ${sql.join(
        rows.map((r) => sql`(${r.placeId}, ${r.answers.whereYouWork}, ${r.answers.address}, ${r.seed.lat}, ${r.seed.lng}, 'Flu jabs')`),
        sql`, `,
      )}`,
    );
    const inserted = await db.execute(sql`insert into applications (edit_token_hash, country, language, status, email, email_normalized, first_name, last_name,
        registration_body, registration_number, place_id, photo, answers) values ${sql.join(
          rows.map(
            (r) => sql`(${randomBytes(32).toString('hex')}, ${r.seed.country}, 'en', ${r.seed.status ?? 'approved'}, ${r.answers.email}, ${r.answers.email},
              ${r.seed.firstName ?? 'Sam'}, 'Seed', 'seed', ${`${run}-${r.n}`}, ${r.placeId}, ${r.seed.photo ?? null}, ${JSON.stringify(r.answers)}::jsonb)`,
          ),
          sql`, `,
        )} returning id`);
    ids.push(...(inserted as unknown as { rows: { id: string }[] }).rows.map((r) => r.id));
  }
  return ids;
}

/** Great-circle distance in km (haversine), computed in JS independently of the finder's SQL. */
export function greatCircleKm(lat1: number, lng1: number, lat2: number, lng2: number) {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(a));
}

/**
 * Waits until the app's listings version has caught up with the database's: on PostgreSQL a
 * write's notification reaches the app a moment after the commit, so a test asserting a 304 (or
 * its absence) right after a write would race it.
 */
export async function listingsVersionSettled(ctx: Pick<TestContext, 'app' | 'database'>) {
  const stored = versionOf(await readFeedState(ctx.database.db));
  for (const started = Date.now(); (await ctx.app.services.listingsVersion.current()) !== stored;) {
    if (Date.now() - started > 10_000) throw new Error(`the app's listings version did not reach ${stored} in 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
