// Migration 0022 on a database that already holds data (issue 25): every stored file gets the hash
// of its bytes, and an application waiting for the applicant's changes keeps its answers as they
// were at its latest change request, so that the review desk can show what changes after it.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.ts';
import { openDatabase, rowsOf, type DatabaseHandle } from './client.ts';
import { migrateTo } from './backup/migrate-to.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase(testConfig());
  await migrateTo(database.db, 'pglite', '0021_application_status_token');
});
afterAll(() => database.close());

describe('migration 0022 (review snapshots and photo hashes)', () => {
  it('hashes the stored files and keeps the answers of applications waiting for changes', async () => {
    const { db } = database;
    const bytes = Buffer.from('a photo as stored');
    await db.execute(sql`insert into pharmacies (place_id, name, address, lat, lng) values ('test:backfill', 'Backfill Pharmacy', '1 Old Road', 52, 1)`);
    await db.execute(sql`insert into applications (id, edit_token, country, language, status, email, email_normalized, first_name, last_name, registration_body, registration_number, place_id, answers)
      values ('00000000-0000-4000-8000-000000000001', 'token-1', 'uk', 'en', 'changes_requested', 'a@example.com', 'a@example.com', 'Ann', 'Old', 'UK (GPhC)', '2000001', 'test:backfill', '{"anythingElseAboutYou": "as it was"}'::jsonb),
             ('00000000-0000-4000-8000-000000000002', 'token-2', 'uk', 'en', 'submitted', 'b@example.com', 'b@example.com', 'Ben', 'Old', 'UK (GPhC)', '2000002', 'test:backfill', '{}'::jsonb)`);
    await db.execute(sql`insert into review_audit (id, at, application_id, action, from_status, to_status, reason)
      values ('00000000-0000-4000-8000-0000000000a1', '2026-11-01T10:00:00Z', '00000000-0000-4000-8000-000000000001', 'request_changes', 'submitted', 'changes_requested', 'Please add more.')`);
    await db.execute(
      sql`insert into files (id, kind, storage_name, mime, bytes, application_id) values ('00000000-0000-4000-8000-0000000000f1', 'photo', 'backfillphoto1.jpg', 'image/jpeg', ${bytes.length}, '00000000-0000-4000-8000-000000000001')`,
    );
    await db.execute(
      sql`insert into file_contents (file_id, content) values ('00000000-0000-4000-8000-0000000000f1', decode(${bytes.toString('hex')}, 'hex'))`,
    );

    await database.migrate();

    const [file] = rowsOf<{ sha256: string }>(await db.execute(sql`select sha256 from files where id = '00000000-0000-4000-8000-0000000000f1'`));
    expect(file!.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    const kept = rowsOf<{ application_id: string; audit_id: string; taken_at: Date | string; answers: Record<string, unknown> }>(
      await db.execute(sql`select application_id, audit_id, taken_at, answers from review_snapshots`),
    );
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      application_id: '00000000-0000-4000-8000-000000000001',
      audit_id: '00000000-0000-4000-8000-0000000000a1',
      answers: { anythingElseAboutYou: 'as it was' },
    });
    expect(new Date(kept[0]!.taken_at).toISOString()).toBe('2026-11-01T10:00:00.000Z');
  });
});
