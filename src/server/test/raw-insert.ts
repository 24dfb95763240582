// The baselines of the registration benchmark, each at the same concurrency as the HTTP run:
// - the raw insert rate: an equivalent row (one pharmacies row + one applications row, in one
//   transaction), through the same driver and pool size as the server, with no HTTP, validation or
//   bot check around it;
// - the store's save alone: what the server's save does in the database (the used solution, the
//   pharmacy, the application, its 'received' e-mail and the consent record, one statement), with
//   no HTTP, validation or bot-check check around it.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { REGISTRATION_BODY_UK } from '#shared/reference/options.ts';
import type { Database } from '../db/client.ts';
import { createApplicationStore, type ApplicationInput } from '../services/applications.ts';
import { validApplication } from './payloads.ts';
import { percentile, pool } from './pool.ts';

export interface RawInsertResult {
  rows: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

async function timedRate(count: number, concurrency: number, one: (i: number) => Promise<void>): Promise<RawInsertResult> {
  const latencies: number[] = [];
  const started = performance.now();
  await pool(count, concurrency, async (i) => {
    const t0 = performance.now();
    await one(i);
    latencies.push(performance.now() - t0);
  });
  const seconds = (performance.now() - started) / 1000;
  return { rows: count, seconds, perSecond: count / seconds, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99) };
}

const payload = (run: string, index: number) => {
  const { recaptchaToken: _skip, ...answers } = validApplication({ country: 'uk', distinct: { run, index } }) as Record<string, string | number | boolean>;
  return answers;
};

export function rawInsertRate(db: Database, run: string, count: number, concurrency: number): Promise<RawInsertResult> {
  return timedRate(count, concurrency, async (i) => {
    const a = payload(run, i);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into pharmacies (place_id, name, address, lat, lng, services)
        values (${a.placeId}, ${a.whereYouWork}, ${a.address}, ${a.lat}, ${a.lng}, ${a.services})
        on conflict (place_id) do nothing`);
      await tx.execute(sql`insert into applications (edit_token_hash, country, language, status, email, email_normalized, first_name, last_name,
          registration_body, registration_number, place_id, answers)
        values (${randomBytes(32).toString('hex')}, 'uk', 'en', 'submitted', ${a.email}, ${String(a.email).toLowerCase()}, ${a.firstName}, ${a.lastName},
          ${REGISTRATION_BODY_UK}, ${a.professionalRegistrationNumber}, ${a.placeId}, ${JSON.stringify(a)}::jsonb)`);
    });
  });
}

/** The store's save of `count` new applications (indexes from `firstIndex`, so they meet no other run's e-mail or number). */
export function storeSaveRate(db: Database, run: string, firstIndex: number, count: number, concurrency: number): Promise<RawInsertResult> {
  const store = createApplicationStore(db, { productName: 'Pharmacy Champions', supportEmail: 'support@example.com' });
  return timedRate(count, concurrency, async (i) => {
    const captcha = { signature: randomBytes(32).toString('base64url'), expiresAt: new Date(Date.now() + 10 * 60_000) };
    const saved = await store.save(payload(run, firstIndex + i) as unknown as ApplicationInput, { captcha });
    if (!saved.ok) throw new Error(`the store refused a save: ${JSON.stringify(saved)}`);
  });
}
