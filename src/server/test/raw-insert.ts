// The baseline of the registration benchmark: the same database's rate of inserting an
// equivalent row (one pharmacies row + one applications row, in one transaction), through the
// same driver and pool size as the server, with no HTTP, validation or bot check around it.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DEFAULT_REGISTRATION_BODY } from '#shared/reference/options.ts';
import type { Database } from '../db/client.ts';
import { validApplication } from './payloads.ts';
import { percentile, pool } from './pool.ts';

export interface RawInsertResult {
  rows: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export async function rawInsertRate(db: Database, run: string, count: number, concurrency: number): Promise<RawInsertResult> {
  const latencies: number[] = [];
  const started = performance.now();
  await pool(count, concurrency, async (i) => {
    const a = validApplication({ country: 'uk', distinct: { run, index: i } }) as Record<string, string | number | boolean>;
    const { recaptchaToken: _skip, ...answers } = a;
    const t0 = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into pharmacies (place_id, name, address, lat, lng, services)
        values (${a.placeId}, ${a.whereYouWork}, ${a.address}, ${a.lat}, ${a.lng}, ${a.services})
        on conflict (place_id) do nothing`);
      await tx.execute(sql`insert into applications (edit_token, country, language, status, email, email_normalized, first_name, last_name,
          registration_body, registration_number, place_id, answers)
        values (${randomBytes(24).toString('base64url')}, 'uk', 'en', 'submitted', ${a.email}, ${String(a.email).toLowerCase()}, ${a.firstName}, ${a.lastName},
          ${DEFAULT_REGISTRATION_BODY.uk}, ${a.professionalRegistrationNumber}, ${a.placeId}, ${JSON.stringify(answers)}::jsonb)`);
    });
    latencies.push(performance.now() - t0);
  });
  const seconds = (performance.now() - started) / 1000;
  return { rows: count, seconds, perSecond: count / seconds, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99) };
}
