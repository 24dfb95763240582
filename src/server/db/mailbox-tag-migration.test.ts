// Migration 0030 on a database that already holds data (issue 39 item 8): each row's mailbox gets
// back the +tag its address has (the domain kept as the row had it, in its ASCII form), and the
// data-rights links sent before, which named the untagged mailbox, stop working.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.ts';
import { openDatabase, rowsOf, type DatabaseHandle } from './client.ts';
import { migrateTo } from './backup/migrate-to.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase(testConfig());
  await migrateTo(database.db, 'pglite', '0029_field_extra_pharmacists');
});
afterAll(() => database.close());

describe('migration 0030 (a mailbox keeps its +tag)', () => {
  it('gives every mailbox column its +tag back and ends the data-rights links sent before', async () => {
    const { db } = database;
    await db.execute(sql`insert into pharmacies (place_id, name, address, lat, lng) values ('test:mailbox', 'Mailbox Pharmacy', '1 Tag Road', 52, 1)`);
    await db.execute(sql`insert into applications (edit_token_hash, country, language, email, email_normalized, mailbox, first_name, last_name, registration_body, registration_number, place_id, answers)
      values ('h1', 'uk', 'en', 'Sam.Hope+Work@Example.co.uk', 'sam.hope+work@example.co.uk', 'sam.hope@example.co.uk', 'Sam', 'Hope', 'UK (GPhC)', '3000001', 'test:mailbox', '{}'::jsonb),
             ('h2', 'uk', 'en', 'sam.hope@example.co.uk', 'sam.hope@example.co.uk', 'sam.hope@example.co.uk', 'Sam', 'Other', 'UK (GPhC)', '3000002', 'test:mailbox', '{}'::jsonb),
             ('h3', 'de', 'de', 'anna+x@bücher.de', 'anna+x@bücher.de', 'anna@xn--bcher-kva.de', 'Anna', 'Buch', 'Apothekerkammer', '3000003', 'test:mailbox', '{}'::jsonb)`);
    await db.execute(
      sql`insert into drafts (token_hash, email, mailbox, country, language, step, data, expires_at) values ('d1', 'sam.hope+draft@example.co.uk', 'sam.hope@example.co.uk', 'uk', 'en', 1, '{}'::jsonb, now())`,
    );
    await db.execute(
      sql`insert into mail_outbox ("to", mailbox, subject, text) values ('Sam.Hope+Work@example.co.uk', 'sam.hope@example.co.uk', 'Hello', 'Hi')`,
    );
    await db.execute(
      sql`insert into staff_users (id, email, first_name, last_name, role) values ('00000000-0000-4000-8000-00000000aa01', 'am@example.it', 'Area', 'Manager', 'area_manager')`,
    );
    await db.execute(sql`insert into field_pharmacies (area_manager_id, name, full_address, answers, pharmacist_mailbox, pharmacist_status)
      values ('00000000-0000-4000-8000-00000000aa01', 'Farmacia', 'Via 1', '{"email": "luca+farmacia@example.it"}'::jsonb, 'luca@example.it', 'confirmed')`);
    await db.execute(sql`insert into data_rights_links (token_hash, mailbox, expires_at) values ('l1', 'sam.hope@example.co.uk', now() + interval '7 days')`);

    await database.migrate();

    const column = async (query: ReturnType<typeof sql>) =>
      rowsOf<{ mailbox: string }>(await db.execute(query))
        .map((row) => row.mailbox)
        .sort();
    expect(await column(sql`select mailbox from applications`)).toEqual(['anna+x@xn--bcher-kva.de', 'sam.hope+work@example.co.uk', 'sam.hope@example.co.uk']);
    expect(await column(sql`select mailbox from drafts`)).toEqual(['sam.hope+draft@example.co.uk']);
    expect(await column(sql`select mailbox from mail_outbox`)).toEqual(['sam.hope+work@example.co.uk']);
    expect(await column(sql`select pharmacist_mailbox as mailbox from field_pharmacies`)).toEqual(['luca+farmacia@example.it']);
    expect(rowsOf(await db.execute(sql`select token_hash from data_rights_links`))).toEqual([]);
  });
});
