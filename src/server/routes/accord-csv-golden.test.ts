// The machine format of the area manager's CSV export, byte for byte (issue 24 item 6): the BOM,
// the header, ';' between cells, CRLF after each record, quoting, the apostrophe before a formula,
// yes/no, numbers and dates as stored, the extra pharmacists' cell, the rep's name, id order, and
// the same bytes whether a row's record is stored, missing or of an older format. Any change to
// the format shows here; change the expected text only with a decision (docs/decisions/0015).
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldPharmacies, staffUsers } from '../db/schema.ts';
import { exportColumnsOf } from '../services/field-force/export-lines.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addStaff, signIn } from '../test/staff.ts';

let ctx: TestContext;
let areaManagerId = '';
let cookie = '';

/** A row as the export reads it, the fields a fixture leaves out empty. */
const source = <Row extends object>(row: Row) => ({
  placeId: null,
  lat: null,
  lng: null,
  city: null,
  province: null,
  region: null,
  oncStatus: null,
  currentCallFlag: null,
  month: null,
  answers: {},
  ...row,
});
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  ctx = await createTestContext();
  const manager = await addStaff(ctx, 'area_manager');
  const other = await addStaff(ctx, 'area_manager');
  areaManagerId = manager.id;
  cookie = (await signIn(ctx, manager)).cookie;
  const luca = await addStaff(ctx, 'sales_rep', { areaManagerId });
  const chiara = await addStaff(ctx, 'sales_rep', { areaManagerId });
  await ctx.database.db.update(staffUsers).set({ firstName: 'Luca', lastName: 'Bianchi' }).where(eq(staffUsers.id, luca.id));
  await ctx.database.db.update(staffUsers).set({ firstName: 'Chiara', lastName: "D'Angelo; Rè" }).where(eq(staffUsers.id, chiara.id));

  const joined = {
    id: id(3),
    areaManagerId,
    salesRepId: luca.id,
    name: 'Farmacia “Più” Città; Sant’Agnese',
    fullAddress: 'Via Àèìòù 1;\r\nPiano 2',
    placeId: 'ChIJ-golden-1',
    lat: 41.900000999999996,
    lng: -0.0000001,
    city: 'Forlì',
    region: 'emilia-romagna',
    province: 'FC',
    oncStatus: 'on_going',
    currentCallFlag: 'joined_unify',
    month: 11,
    createdAt: at('2026-03-04T05:06:07.089Z'),
    answers: {
      photo: 'a1b2c3.jpg',
      photoId: 'a1b2c3',
      services: '@SUM(A1); galenica',
      haveYouCompleted: 'yes',
      email: '+39@example.it',
      firstName: 'Maria',
      lastName: 'Verdi "Mimì"',
      bodyOfRegistration: 'Italia (AIFA)',
      professionalRegistrationNumber: '12345',
      anythingElseAboutYou: '=1+2',
      agreementCheck1: true,
      agreementCheck2: true,
      agreementCheck3: false,
      piva: '01234567897',
      completionMonth: 6,
      firstName2: 'Anna',
      lastName2: 'Rè',
      bodyOfRegistration2: 'Italia (AIFA)',
      professionalRegistrationNumber2: '4567',
      firstName3: 'Marco',
      lastName3: '',
      professionalRegistrationNumber3: '-99',
      anythingElseAboutYou3: 'Turno; notte',
    },
  };
  const bare = { id: id(1), areaManagerId, name: 'Farmacia Nuda', fullAddress: 'Via Roma 1', createdAt: at('2026-01-01T00:00:00.000Z') };
  const stored = {
    id: id(2),
    areaManagerId,
    salesRepId: chiara.id,
    name: '-Farmacia\tTab',
    fullAddress: 'Piazza\nDuomo',
    city: 'Milano',
    region: 'lombardia',
    province: 'MI',
    lat: 45.4642,
    lng: 9.19,
    oncStatus: 'not_registered',
    currentCallFlag: 'interested_but_requires_another_visit',
    month: 1,
    createdAt: at('2026-12-31T23:59:59.999Z'),
    answers: { services: 'Tab\there', haveYouCompleted: 'no', agreementCheck1: false },
  };
  const stale = {
    id: id(4),
    areaManagerId,
    salesRepId: luca.id,
    name: 'Farmacia Vecchio Formato',
    fullAddress: 'Corso 4',
    currentCallFlag: 'not_interested',
    month: 12,
    createdAt: at('2026-06-15T12:00:00.000Z'),
  };
  await ctx.database.db.insert(fieldPharmacies).values([
    // Its record is missing: rendered at export time.
    joined,
    bare,
    // Its record is stored in the current format.
    { ...stored, ...exportColumnsOf(source(stored)) },
    // Its record is of another format: rendered again.
    { ...stale, ...exportColumnsOf(source(stale)), exportFormat: 'an-old-format' },
    // Another manager's pharmacy is not in the file.
    { id: id(5), areaManagerId: other.id, name: 'Farmacia Altrui', fullAddress: 'Via Altrove 5', createdAt: at('2026-01-01T00:00:00.000Z') },
  ]);
});
afterAll(async () => {
  await ctx?.close();
});

const HEADER = [
  'id',
  'pharmacyName',
  'fullAddress',
  'city',
  'prov',
  'region',
  'placeId',
  'lat',
  'lng',
  'salesRep',
  'currentCallFlag',
  'month',
  'oncStatus',
  'createdAt',
  'photo',
  'photoId',
  'services',
  'haveYouCompleted',
  'email',
  'firstName',
  'lastName',
  'bodyOfRegistration',
  'professionalRegistrationNumber',
  'anythingElseAboutYou',
  'agreementCheck1',
  'agreementCheck2',
  'agreementCheck3',
  'note',
  'nextVisit',
  'piva',
  'completionMonth',
  'additionalPharmacists',
].join(';');

/** Today's file, as the lines between its CRLFs (a quoted cell may hold CR or LF of its own). */
const EXPECTED =
  '\uFEFF' +
  [
    HEADER,
    '00000000-0000-4000-8000-000000000001;Farmacia Nuda;Via Roma 1;;;;;;;;;;;2026-01-01T00:00:00.000Z;;;;;;;;;;;;;;;;;;',
    `00000000-0000-4000-8000-000000000002;'-Farmacia\tTab;"Piazza\nDuomo";Milano;MI;lombardia;;45.4642;9.19;"Chiara D'Angelo; Rè";interested_but_requires_another_visit;1;not_registered;2026-12-31T23:59:59.999Z;;;Tab\there;no;;;;;;;no;;;;;;;`,
    '00000000-0000-4000-8000-000000000003;"Farmacia “Più” Città; Sant’Agnese";"Via Àèìòù 1;\r\nPiano 2";Forlì;FC;emilia-romagna;ChIJ-golden-1;41.900000999999996;\'-1e-7;Luca Bianchi;joined_unify;11;on_going;2026-03-04T05:06:07.089Z;' +
      'a1b2c3.jpg;a1b2c3;"\'@SUM(A1); galenica";yes;\'+39@example.it;Maria;"Verdi ""Mimì""";Italia (AIFA);12345;\'=1+2;yes;yes;no;;;01234567897;6;' +
      '"Anna Rè, Italia (AIFA), 4567\nMarco, -99, Turno; notte"',
    '00000000-0000-4000-8000-000000000004;Farmacia Vecchio Formato;Corso 4;;;;;;;Luca Bianchi;not_interested;12;;2026-06-15T12:00:00.000Z;;;;;;;;;;;;;;;;;;',
    '',
  ].join('\r\n');

describe('GET /api/areamanager-accord-csv (the machine format, golden)', () => {
  it('answers today’s bytes exactly', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/areamanager-accord-csv?id=${areaManagerId}`, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="pharmacies-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.rawPayload.toString('utf8')).toBe(EXPECTED);
    // The same check on the bytes, so that an encoding change (no BOM, another normalisation) shows too.
    expect(createHash('sha256').update(response.rawPayload).digest('hex')).toBe(createHash('sha256').update(Buffer.from(EXPECTED, 'utf8')).digest('hex'));
  });

  it('answers the same bytes when the query names the machine format', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/areamanager-accord-csv?id=${areaManagerId}&format=machine`, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.toString('utf8')).toBe(EXPECTED);
  });
});
