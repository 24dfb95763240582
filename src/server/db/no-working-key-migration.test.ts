// Migration 0024 on a database that already holds data (issue 36 item 4, docs/decisions/0042): every
// edit token is replaced by its SHA-256 (the link e-mailed before keeps working), the plain column is
// gone, and the mails already delivered lose their bodies while those still to send keep theirs.
// On PGlite, and on PostgreSQL under TEST_DB=postgres (sha256() of both).
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.ts';
import { createApplicationStore } from '../services/applications.ts';
import { usingPostgres } from '../test/context.ts';
import { createTempDatabase } from '../test/postgres.ts';
import { openDatabase, rowsOf, type DatabaseHandle } from './client.ts';
import { migrateTo } from './backup/migrate-to.ts';

let database: DatabaseHandle;
let dropDatabase = async () => {};
beforeAll(async () => {
  let config = testConfig();
  if (usingPostgres()) {
    const created = await createTempDatabase(process.env.TEST_DATABASE_URL!, 'champions_test');
    config = { ...config, database: { kind: 'postgres', url: created.url } };
    dropDatabase = created.drop;
  }
  database = await openDatabase(config);
  await migrateTo(database.db, config.database.kind, '0023_pharmacy_address_key');
});
afterAll(async () => {
  await database?.close();
  await dropDatabase();
});

const TOKEN = 'Zx9_kq-0aBcDeFgHiJkLmNoPqRsTuVwX';

describe('migration 0024 (no working key at rest)', () => {
  it('hashes the edit tokens, drops the plain column, and empties the bodies of delivered mails only', async () => {
    const { db } = database;
    await db.execute(sql`insert into pharmacies (place_id, name, address, lat, lng) values ('test:hash', 'Hash Pharmacy', '1 Hash Road', 52, 1)`);
    await db.execute(sql`insert into applications (id, edit_token, country, language, status, email, email_normalized, first_name, last_name, registration_body, registration_number, place_id, answers)
      values ('00000000-0000-4000-8000-000000000001', ${TOKEN}, 'uk', 'en', 'submitted', 'a@example.com', 'a@example.com', 'Ann', 'Old', 'UK (GPhC)', '2000001', 'test:hash', '{"lastName": "Old"}'::jsonb),
             ('00000000-0000-4000-8000-000000000002', 'token-2', 'uk', 'en', 'submitted', 'b@example.com', 'b@example.com', 'Ben', 'Old', 'UK (GPhC)', '2000002', 'test:hash', '{}'::jsonb)`);
    await db.execute(sql`insert into mail_outbox (id, "to", subject, text, html, sent_at) values
      ('00000000-0000-4000-8000-0000000000a1', 'a@example.com', 'Update your application', ${`http://localhost/uk/pharmacist/edit/${TOKEN}`}, ${`<a href="http://localhost/uk/pharmacist/edit/${TOKEN}">Update</a>`}, now()),
      ('00000000-0000-4000-8000-0000000000a2', 'b@example.com', 'Your personal data', 'http://localhost/uk/my-data/still-to-send', '<p>still to send</p>', null)`);

    await database.migrate();

    const rows = rowsOf<Record<string, unknown>>(await db.execute(sql`select * from applications order by id`));
    expect(rows.map((row) => row.edit_token_hash)).toEqual([
      createHash('sha256').update(TOKEN, 'utf8').digest('hex'),
      createHash('sha256').update('token-2', 'utf8').digest('hex'),
    ]);
    expect(rows[0]).not.toHaveProperty('edit_token');
    expect(JSON.stringify(rows)).not.toContain(TOKEN);
    // The link e-mailed before the upgrade still opens the application.
    const store = createApplicationStore(db, { productName: 'Pharmacy Champions', supportEmail: 'support@example.com' });
    expect(await store.findByEditToken(TOKEN)).toMatchObject({ id: '00000000-0000-4000-8000-000000000001', answers: { lastName: 'Old' } });

    const mails = rowsOf<{ id: string; to: string; subject: string; text: string; html: string | null; sent_at: unknown }>(
      await db.execute(sql`select id, "to", subject, text, html, sent_at from mail_outbox order by id`),
    );
    expect(mails[0]).toMatchObject({ to: 'a@example.com', subject: 'Update your application', text: '', html: null });
    expect(mails[0]!.sent_at).not.toBeNull();
    expect(mails[1]).toMatchObject({ text: 'http://localhost/uk/my-data/still-to-send', html: '<p>still to send</p>', sent_at: null });
  });
});
