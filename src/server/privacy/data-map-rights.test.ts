// Issue 42 item 3: export and erasure follow the data map. For each subject kind with data rights
// (applicant, field pharmacist, extra pharmacist), a seeded person's export holds the value of every
// mapped column marked exported that has a value for them, and after their erasure none of their
// identifying values is in any text, varchar, jsonb or array column of any table (read from
// information_schema) and no mapped column marked erased still holds its value. Staff have no
// data-rights export or erasure (the map marks none of their columns so: their rights go through
// the operator as their employer). Each person's values carry a marker of their own, so that the
// scan finds them and nobody else's.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_BODY_IT } from '#shared/reference/options.ts';
import { rowsOf } from '../db/client.ts';
import { drafts, fieldExtraPharmacists } from '../db/schema.ts';
import type { StaffUser } from '../services/auth/staff-users.ts';
import { solveCaptcha } from '../test/bot-check.ts';
import sharp from 'sharp';
import { createTestContext, uploadPhoto, type TestContext } from '../test/context.ts';
import { submitApplication } from '../test/listings.ts';
import { linkIn, mailsTo } from '../test/mail.ts';
import { addStaff, signIn } from '../test/staff.ts';
import { PERSONAL_COLUMNS, type DataSubject, type PersonalColumn } from './data-map.ts';

let ctx: TestContext;
const people = {} as Record<'manager' | 'rep' | 'reviewer', StaffUser>;
const cookies = {} as Record<'manager' | 'rep' | 'reviewer', string>;

beforeAll(async () => {
  ctx = await createTestContext();
  people.manager = await addStaff(ctx, 'area_manager');
  people.rep = await addStaff(ctx, 'sales_rep', { areaManagerId: people.manager.id });
  people.reviewer = await addStaff(ctx, 'reviewer');
  for (const who of ['manager', 'rep', 'reviewer'] as const) cookies[who] = (await signIn(ctx, people[who])).cookie;
});
afterAll(async () => {
  await ctx?.close();
});

/** Which of a table's rows are the person's: a condition on the table (aliased `t`). */
type Locators = Partial<Record<string, SQL>>;

/** The mapped columns about the subject with an export or an erasure. */
const columnsOf = (subject: DataSubject) => PERSONAL_COLUMNS.filter((c) => c.subject === subject && (c.exported || c.erased));

/** The person's values of a column: text as it is, jsonb as its leaf strings, numbers as text; bytea as its length ('bytes:N'). */
async function valuesOf(column: PersonalColumn, where: SQL): Promise<string[]> {
  const [type] = rowsOf<{ data_type: string }>(
    await ctx.database.db.execute(
      sql`select data_type from information_schema.columns where table_schema = 'public' and table_name = ${column.table} and column_name = ${column.column}`,
    ),
  );
  const col = sql`t.${sql.identifier(column.column)}`;
  const from = sql`from ${sql.identifier(column.table)} t where ${where}`;
  const query =
    type?.data_type === 'jsonb'
      ? sql`select v #>> '{}' as value from ${sql.identifier(column.table)} t cross join lateral jsonb_path_query(${col}, 'strict $.** ? (@.type() == "string" || @.type() == "number")') v where ${where}`
      : type?.data_type === 'bytea'
        ? sql`select 'bytes:' || length(${col}) as value ${from}`
        : sql`select ${col}::text as value ${from}`;
  return rowsOf<{ value: string | null }>(await ctx.database.db.execute(query)).flatMap((row) => (row.value === null || row.value === '' ? [] : [row.value]));
}

/** Every text, varchar, jsonb and array column of every table (information_schema) holding `needle`, as table.column. */
async function columnsHolding(needle: string): Promise<string[]> {
  const columns = rowsOf<{ table: string; column: string }>(
    await ctx.database.db.execute(sql`
      select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'ARRAY') order by 1, 2`),
  );
  const found: string[] = [];
  for (const { table, column } of columns) {
    const [hit] = rowsOf(
      await ctx.database.db.execute(sql`select 1 from ${sql.identifier(table)} where ${sql.identifier(column)}::text ilike ${`%${needle}%`} limit 1`),
    );
    if (hit) found.push(`${table}.${column}`);
  }
  return found;
}

/**
 * The check for one person: every mapped column of the subject that has a value for them is in the
 * export (each identifying word of it, or else the value itself); after `erase`, no identifying word is
 * anywhere, and the erased columns no longer hold their values. Answers the columns that had values.
 */
async function checkPerson(
  subject: DataSubject,
  locators: Locators,
  identifying: string[],
  exported: () => Promise<unknown>,
  erase: () => Promise<void>,
): Promise<string[]> {
  const mapped = columnsOf(subject);
  for (const column of mapped) expect(locators[column.table], `no way to find the ${subject}'s rows of ${column.table}: add one to this test`).toBeDefined();
  const before = new Map<PersonalColumn, string[]>();
  for (const column of mapped) before.set(column, await valuesOf(column, locators[column.table]!));
  const exportText = JSON.stringify(await exported()).toLowerCase();
  const missing: string[] = [];
  for (const [column, values] of before) {
    if (!column.exported) continue;
    for (const value of values) {
      const words = identifying.filter((word) => value.toLowerCase().includes(word.toLowerCase()));
      // A value with no identifying word: itself, unless it is a record made of other columns' cells (a CSV line).
      // A file's bytes: the export lists the file with its size (not the bytes themselves).
      const shown = words.length
        ? words.every((word) => exportText.includes(word.toLowerCase()))
        : value.startsWith('bytes:')
          ? exportText.includes(`"bytes":${value.slice(6)}`)
          : /[;\n]/.test(value) || exportText.includes(JSON.stringify(value).slice(1, -1).toLowerCase());
      if (!shown) missing.push(`${column.table}.${column.column}: ${value.slice(0, 60)}`);
    }
  }
  expect(missing, 'mapped values missing from the export').toEqual([]);

  await erase();
  for (const word of identifying) expect(await columnsHolding(word), `"${word}" after the erasure`).toEqual([]);
  const kept: string[] = [];
  for (const [column, values] of before) {
    if (!column.erased) continue;
    const after = new Set(await valuesOf(column, locators[column.table]!));
    for (const value of values)
      if (after.has(value) && identifying.some((word) => value.toLowerCase().includes(word.toLowerCase())))
        kept.push(`${column.table}.${column.column}: ${value.slice(0, 60)}`);
  }
  expect(kept, 'erased columns still holding their values').toEqual([]);
  return [...before].filter(([, values]) => values.length > 0).map(([column]) => `${column.table}.${column.column}`);
}

/** A data-rights link for the address, through the request and its e-mail; answers its token. */
async function dataRightsToken(email: string, basePath: string): Promise<string> {
  const asked = await ctx.app.inject({
    method: 'POST',
    url: '/api/data-rights/request',
    payload: { email, recaptchaToken: await solveCaptcha(ctx.app), basePath },
  });
  expect(asked.statusCode).toBe(200);
  await ctx.app.services.applicantLinks.settled();
  const pattern = new RegExp(`http://localhost:\\d+${basePath}/my-data/[A-Za-z0-9_-]{32}`);
  let link: string | null = null;
  await expect
    .poll(
      () =>
        (link =
          mailsTo(ctx.config.mail.dir, email)
            .map((mail) => linkIn(mail.replace(/\r?\n[ \t]+/g, ' '), pattern))
            .find(Boolean) ?? null),
    )
    .not.toBeNull();
  return link!.slice(-32);
}

const exportOf = async (token: string) => (await ctx.app.inject({ method: 'GET', url: `/api/data-rights/${token}` })).json().data;
const eraseWith = (token: string) => async () => {
  expect((await ctx.app.inject({ method: 'POST', url: `/api/data-rights/${token}/erase` })).statusCode).toBe(200);
};

describe('export and erasure follow the data map', () => {
  it('an applicant: application, answers, photo, history, snapshot, draft and mails', async () => {
    const email = 'zorbalina.quistwick@example.co.uk';
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c39' } })
      .png()
      .toBuffer();
    const photo = (await uploadPhoto(ctx.app, png.toString('base64'))).json() as { filename: string; target_id: string };
    const { id } = await submitApplication(ctx, 'uk', {
      email,
      firstName: 'Zorbalina',
      lastName: 'Quistwick',
      anythingElseAboutYou: 'Xylofrass consultations on Mondays.',
      photo: photo.filename,
      photoId: photo.target_id,
    });
    const decided = await ctx.app.inject({
      method: 'POST',
      url: `/api/review/applications/${id}/decision`,
      headers: { cookie: cookies.reviewer },
      payload: { decision: 'request_changes', reason: 'Dear Ms Quistwick, please add your training.', internalNote: 'Xylofrass: phoned her.' },
    });
    expect(decided.statusCode).toBe(200);
    await ctx.database.db.insert(drafts).values({
      tokenHash: 'draft-of-zorbalina',
      email,
      mailbox: email,
      clientHash: 'client-of-zorbalina',
      country: 'uk',
      language: 'en',
      step: 1,
      data: { firstName: 'Zorbalina', anythingElseAboutYou: 'Xylofrass draft' },
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const token = await dataRightsToken(email, '/uk');
    const application = sql`t.application_id = ${id}`;
    const mailbox = sql`t.mailbox = ${email}`;
    const covered = await checkPerson(
      'applicant',
      {
        applications: sql`t.id = ${id}`,
        review_snapshots: application,
        review_audit: application,
        files: application,
        file_contents: sql`t.file_id in (select f.id from files f where f.application_id = ${id})`,
        drafts: mailbox,
        mail_outbox: mailbox,
        data_rights_links: mailbox,
      },
      ['Zorbalina', 'Quistwick', 'Xylofrass', email],
      () => exportOf(token),
      eraseWith(token),
    );
    expect(covered).toEqual(
      expect.arrayContaining([
        'applications.answers',
        'review_audit.reason',
        'review_audit.internal_note',
        'review_snapshots.answers',
        'drafts.data',
        'mail_outbox.to',
        'applications.photo',
        'file_contents.content',
      ]),
    );
  });

  it("a field pharmacist: the pharmacy record and the reps' visit notes", async () => {
    const email = 'quintilla.brazzafoglio@example.it';
    const pharmacyId = await addFieldPharmacy(email, 'Quintilla', 'Brazzafoglio', 1);
    await visit(pharmacyId, 1, `Quintilla Brazzafoglio (${email}) asks for the Xylotrump leaflet.`);
    const token = await dataRightsToken(email, '/it');
    const covered = await checkPerson(
      'field_pharmacist',
      { field_pharmacies: sql`t.id = ${pharmacyId}`, call_entries: sql`t.pharmacy_id = ${pharmacyId}`, idempotent_requests: sql`false` },
      ['Quintilla', 'Brazzafoglio', 'Xylotrump', email],
      () => exportOf(token),
      eraseWith(token),
    );
    expect(covered).toEqual(expect.arrayContaining(['field_pharmacies.answers', 'field_pharmacies.pharmacist_mailbox', 'call_entries.note']));
  });

  it('an extra pharmacist of a field pharmacy: their own confirmation row', async () => {
    const email = 'ermenegilda.sprazzolini@example.it';
    const pharmacyId = await addFieldPharmacy('titolare.sprazzo@example.it', 'Titolare', 'Sprazzo', 2);
    await visit(pharmacyId, 2, 'Met the second pharmacist.', {
      firstName2: 'Ermenegilda',
      lastName2: 'Sprazzolini',
      email2: email,
      bodyOfRegistration2: REGISTRATION_BODY_IT,
      professionalRegistrationNumber2: '88812',
      anythingElseAboutYou2: 'Xylopharm evenings',
    });
    const [extra] = await ctx.database.db
      .select()
      .from(fieldExtraPharmacists)
      .where(and(eq(fieldExtraPharmacists.fieldPharmacyId, pharmacyId), eq(fieldExtraPharmacists.number, 2)));
    expect(extra?.pharmacistMailbox).toBe(email);
    await visit(pharmacyId, 2, 'Dott.ssa SPRAZZOLINI covers Saturdays.');
    const token = await dataRightsToken(email, '/it');
    // Their export holds the notes naming them, not the pharmacy's others (decision 0069); their erasure clears them all (the scan below).
    expect((await exportOf(token)).fieldRecords[0].visitNotes).toEqual([{ at: expect.any(String), note: 'Dott.ssa SPRAZZOLINI covers Saturdays.' }]);
    const covered = await checkPerson(
      'extra_pharmacist',
      { field_extra_pharmacists: sql`t.field_pharmacy_id = ${pharmacyId} and t.number = 2` },
      ['Ermenegilda', 'Sprazzolini', 'Xylopharm', email],
      () => exportOf(token),
      eraseWith(token),
    );
    expect(covered).toEqual(['field_extra_pharmacists.pharmacist_mailbox']);
  });

  it('staff: no column of theirs is in a data-rights export or erasure (their rights go through the operator)', () => {
    expect(columnsOf('staff')).toEqual([]);
  });
});

/** The manager adds a pharmacy whose first pharmacist is `email`; answers its id. */
async function addFieldPharmacy(email: string, firstName: string, lastName: string, n: number): Promise<string> {
  const added = await ctx.app.inject({
    method: 'POST',
    url: '/api/areamanager-create-pharmacy',
    headers: { cookie: cookies.manager },
    payload: {
      areaManagerId: people.manager.id,
      salesRep: people.rep.id,
      oncStatus: 'registered',
      whereYouWork: `Farmacia Mappa ${n}`,
      placeId: `manual:datamap${String(n).padStart(25, '0')}`,
      lat: 45.46,
      lng: 9.19,
      address: `Via Dante ${n}, 20121 Milano MI`,
      city: 'Milano',
      region: 'lombardia',
      prov: 'MI',
      services: 'Preparazioni galeniche',
      haveYouCompleted: 'yes',
      email,
      firstName,
      lastName,
      bodyOfRegistration: REGISTRATION_BODY_IT,
      professionalRegistrationNumber: String(81000 + n),
      anythingElseAboutYou: `${firstName} Xylotrump`,
      check1: true,
      check2: true,
      check3: true,
      recaptchaToken: await solveCaptcha(ctx.app),
      appStoreCountry: 'it',
      formLanguage: 'it',
    },
  });
  expect(added.statusCode).toBe(200);
  return added.json().data.id;
}

/** A rep's visit to the pharmacy with a note (and, with extra answers, a join naming more pharmacists). */
async function visit(pharmacyId: string, n: number, note: string, extra: Record<string, unknown> = {}) {
  const joined = Object.keys(extra).length
    ? {
        callFlag: 'joined_unify',
        piva: '01234567897',
        completionMonth: '2',
        oncStatus: 'registered',
        haveYouCompleted: 'yes',
        services: 'Preparazioni galeniche',
        check1: true,
        check2: true,
        check3: true,
        ...extra,
      }
    : { callFlag: 'interested_but_requires_another_visit' };
  // A join sends the first pharmacist's answers again.
  const first = Object.keys(extra).length
    ? {
        email: 'titolare.sprazzo@example.it',
        firstName: 'Titolare',
        lastName: 'Sprazzo',
        bodyOfRegistration: REGISTRATION_BODY_IT,
        professionalRegistrationNumber: String(81000 + n),
      }
    : {};
  const answer = await ctx.app.inject({
    method: 'PUT',
    url: '/api/rep-update-pharmacy',
    headers: { cookie: cookies.rep },
    payload: {
      pharmacyId,
      month: 3,
      placeId: `manual:datamap${String(n).padStart(25, '0')}`,
      lat: 45.46,
      lng: 9.19,
      address: `Via Dante ${n}, 20121 Milano MI`,
      note,
      ...first,
      ...joined,
    },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}
