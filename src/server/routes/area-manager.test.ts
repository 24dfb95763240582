// The area manager's API (issue 12): list, view, add a pharmacy, edit it, add a rep, CSV export;
// each refused for another manager's area (403, no data), each rule of spec §5 on the server.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHARMACY_PAGE_SIZE } from '#shared/schemas/staff.ts';
import { REGISTRATION_BODY_IT } from '#shared/reference/options.ts';
import { callEntries, fieldPharmacies, staffUsers } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addStaff, signIn } from '../test/staff.ts';
import { solveCaptcha } from '../test/bot-check.ts';
import { mailsTo } from '../test/mail.ts';
import type { StaffUser } from '../services/auth/staff-users.ts';
import { readCsv } from '../test/csv.ts';
import { exportBatches, type ExportRow } from '../services/field-force/accord-csv.ts';

let ctx: TestContext;
const people = {} as Record<'admin' | 'ownAm' | 'otherAm' | 'rep' | 'otherRep', StaffUser>;
const cookies = {} as Record<'admin' | 'ownAm' | 'otherAm' | 'rep', string>;
let place = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  people.admin = await addStaff(ctx, 'main_admin');
  people.ownAm = await addStaff(ctx, 'area_manager');
  people.otherAm = await addStaff(ctx, 'area_manager');
  people.rep = await addStaff(ctx, 'sales_rep', { areaManagerId: people.ownAm.id });
  people.otherRep = await addStaff(ctx, 'sales_rep', { areaManagerId: people.otherAm.id });
  cookies.admin = (await signIn(ctx, people.admin)).cookie;
  cookies.ownAm = (await signIn(ctx, people.ownAm)).cookie;
  cookies.otherAm = (await signIn(ctx, people.otherAm)).cookie;
  cookies.rep = (await signIn(ctx, people.rep)).cookie;
});
afterAll(async () => {
  await ctx?.close();
});

async function pharmacyPayload(overrides: Record<string, unknown> = {}) {
  place += 1;
  return {
    areaManagerId: people.ownAm.id,
    salesRep: people.rep.id,
    oncStatus: 'registered',
    whereYouWork: `Farmacia Prova ${place}`,
    placeId: `manual:${String(place).padStart(32, '0')}`,
    lat: 41.9,
    lng: 12.5,
    address: `Via del Corso ${place}, 00186 Roma RM`,
    city: 'Roma',
    region: 'lazio',
    prov: 'RM',
    services: 'Preparazioni galeniche',
    haveYouCompleted: 'yes',
    email: `titolare${place}@example.it`,
    firstName: 'Maria',
    lastName: 'Verdi',
    bodyOfRegistration: REGISTRATION_BODY_IT,
    professionalRegistrationNumber: '12345',
    anythingElseAboutYou: '',
    check1: true,
    check2: true,
    check3: true,
    recaptchaToken: await solveCaptcha(ctx.app),
    appStoreCountry: 'it',
    formLanguage: 'it',
    ...overrides,
  };
}

const as = (who: keyof typeof cookies) => ({ cookie: cookies[who] });
const create = async (who: keyof typeof cookies, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/areamanager-create-pharmacy', headers: as(who), payload });

async function insertPharmacies(areaManagerId: string, rows: Partial<typeof fieldPharmacies.$inferInsert>[]) {
  return ctx.database.db
    .insert(fieldPharmacies)
    .values(rows.map((r, i) => ({ areaManagerId, name: `Farmacia ${i}`, fullAddress: `Via ${i}`, ...r })))
    .returning();
}

describe('POST /api/areamanager-create-pharmacy', () => {
  it('stores screens 7 and 3 as one pharmacy of the manager, extra answers kept', async () => {
    const payload = await pharmacyPayload();
    const response = await create('ownAm', payload);
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json().data.id as string;
    const [row] = await ctx.database.db.select().from(fieldPharmacies).where(eq(fieldPharmacies.id, id));
    expect(row).toMatchObject({
      areaManagerId: people.ownAm.id,
      salesRepId: people.rep.id,
      name: payload.whereYouWork,
      city: 'Roma',
      region: 'lazio',
      province: 'RM',
      oncStatus: 'registered',
    });
    expect(row!.answers).toMatchObject({ email: payload.email, professionalRegistrationNumber: '12345', agreementCheck1: true });
    expect(row!.answers).not.toHaveProperty('recaptchaToken');
  });

  it('takes the short form’s confirmations as spec §3 names them, check1..3, and refuses one unticked', async () => {
    const payload = await pharmacyPayload();
    expect(Object.keys(payload).filter((name) => /check\d/i.test(name))).toEqual(['check1', 'check2', 'check3']);
    const response = await create('ownAm', payload);
    expect(response.statusCode, response.body).toBe(200);
    const refused = await create('ownAm', await pharmacyPayload({ check2: false }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ check2: 'validation.confirm' });
    const { check1: _1, check2: _2, check3: _3, ...withoutChecks } = await pharmacyPayload();
    expect((await create('ownAm', withoutChecks)).json().errors).toEqual({
      check1: 'validation.confirm',
      check2: 'validation.confirm',
      check3: 'validation.confirm',
    });
  });

  it('refuses another manager’s area with 403 and stores nothing', async () => {
    const before = await ctx.database.db.select().from(fieldPharmacies).where(eq(fieldPharmacies.areaManagerId, people.otherAm.id));
    const response = await create('ownAm', await pharmacyPayload({ areaManagerId: people.otherAm.id, salesRep: people.otherRep.id }));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: 'failed', message: 'forbidden' });
    expect(await ctx.database.db.select().from(fieldPharmacies).where(eq(fieldPharmacies.areaManagerId, people.otherAm.id))).toHaveLength(before.length);
  });

  it('refuses a rep who is not the manager’s', async () => {
    const response = await create('ownAm', await pharmacyPayload({ salesRep: people.otherRep.id }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ salesRep: 'validation.choose' });
  });

  it('refuses a province outside the chosen region', async () => {
    const response = await create('ownAm', await pharmacyPayload({ region: 'lazio', prov: 'MI' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ prov: 'validation.choose' });
  });

  it('says every missing answer of spec §5 at once, city with “Please select city”', async () => {
    const response = await create(
      'ownAm',
      await pharmacyPayload({ salesRep: '', city: '', region: '', prov: '', whereYouWork: '', placeId: '', check2: false }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      salesRep: expect.any(String),
      city: 'validation.selectCity',
      region: 'validation.choose',
      prov: 'validation.choose',
      whereYouWork: 'validation.required',
      placeId: 'validation.placeRequired',
      check2: expect.any(String),
    });
  });

  it('needs a solved bot check, accepted once', async () => {
    expect((await create('ownAm', await pharmacyPayload({ recaptchaToken: 'nope' }))).json().errors).toEqual({ recaptchaToken: 'validation.captcha' });
    const payload = await pharmacyPayload();
    expect((await create('ownAm', payload)).statusCode).toBe(200);
    const again = await create('ownAm', { ...payload, placeId: 'manual:ffffffffffffffffffffffffffffffff' });
    expect(again.json().errors).toEqual({ recaptchaToken: 'validation.captcha' });
  });

  it('refuses a place that is another pharmacy’s, and spends no solution doing so', async () => {
    const first = await pharmacyPayload();
    expect((await create('ownAm', first)).statusCode).toBe(200);
    const second = await pharmacyPayload({ placeId: first.placeId });
    const taken = await create('ownAm', second);
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual({ placeId: 'validation.invalid' });
    expect((await create('ownAm', { ...second, placeId: 'manual:dddddddddddddddddddddddddddddddd' })).statusCode).toBe(200);
  });

  it('refuses a rep and an anonymous caller', async () => {
    expect((await create('rep', await pharmacyPayload())).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/areamanager-create-pharmacy', payload: await pharmacyPayload() });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/areamanager-get-pharmacies', () => {
  let amId = '';
  beforeAll(async () => {
    const am = await addStaff(ctx, 'area_manager');
    amId = am.id;
    cookies.admin = cookies.admin!;
    const rows = await insertPharmacies(
      amId,
      Array.from({ length: PHARMACY_PAGE_SIZE + 5 }, (_, i) => ({
        name: `Farmacia ${String(i).padStart(2, '0')}`,
        city: i % 2 === 0 ? 'Roma' : 'Milano',
        currentCallFlag: i < 3 ? 'joined_unify' : 'not_interested',
      })),
    );
    await ctx.database.db.insert(callEntries).values([
      { pharmacyId: rows[0]!.id, at: new Date('2026-01-01T10:00:00Z'), callFlag: 'appointment_scheduled', nextVisit: '2026-01-05' },
      { pharmacyId: rows[1]!.id, at: new Date('2026-01-01T10:00:00Z'), callFlag: 'appointment_scheduled', nextVisit: '2999-01-05' },
    ]);
  });
  const list = (query: string, who: keyof typeof cookies = 'admin') =>
    ctx.app.inject({ method: 'GET', url: `/api/areamanager-get-pharmacies?id=${amId}${query}`, headers: as(who) });

  it('answers one page, a total and no call history', async () => {
    const first = (await list('')).json();
    expect(first.total).toBe(PHARMACY_PAGE_SIZE + 5);
    expect(first.data).toHaveLength(PHARMACY_PAGE_SIZE);
    expect(first.data[0]).toEqual({
      id: expect.any(String),
      pharmacyName: 'Farmacia 00',
      fullAddress: 'Via 0',
      city: 'Roma',
      currentCallFlag: 'joined_unify',
      repName: null,
      nextVisit: '2026-01-05',
      pharmacist: null,
    });
    expect(first.data[0]).not.toHaveProperty('callHistory');
    const second = (await list('&page=2')).json();
    expect(second.data.map((p: { pharmacyName: string }) => p.pharmacyName)).toEqual([
      'Farmacia 25',
      'Farmacia 26',
      'Farmacia 27',
      'Farmacia 28',
      'Farmacia 29',
    ]);
  });

  it('searches by name or city, filters by call flag and by “due for a visit”', async () => {
    expect((await list('&q=milano')).json().total).toBe(15);
    expect((await list('&q=farmacia%2001')).json().data.map((p: { pharmacyName: string }) => p.pharmacyName)).toEqual(['Farmacia 01']);
    expect((await list('&callFlag=joined_unify')).json().total).toBe(3);
    expect((await list('&due=1')).json().data.map((p: { pharmacyName: string }) => p.pharmacyName)).toEqual(['Farmacia 00']);
    expect((await list('&q=%25')).json().total).toBe(0);
  });

  it('refuses a bad filter', async () => {
    expect((await list('&callFlag=nonsense')).statusCode).toBe(400);
    expect((await list('&page=-1')).statusCode).toBe(400);
  });

  it('refuses another manager (403, no data)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/areamanager-get-pharmacies?id=${people.otherAm.id}`, headers: as('ownAm') });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ status: 'failed', message: 'forbidden' });
  });
});

describe('GET /api/areamanager-get-pharmacy', () => {
  it('answers the pharmacy with its call history newest first, next visits included', async () => {
    const [row] = await insertPharmacies(people.ownAm.id, [{ name: 'Farmacia Storica', salesRepId: people.rep.id, currentCallFlag: 'joined_unify' }]);
    await ctx.database.db.insert(callEntries).values([
      {
        pharmacyId: row!.id,
        at: new Date('2026-01-10T10:00:00Z'),
        byUserId: people.rep.id,
        callFlag: 'interested_but_requires_another_visit',
        month: 1,
        note: 'Ripassare',
        nextVisit: '2026-02-01',
      },
      { pharmacyId: row!.id, at: new Date('2026-02-02T10:00:00Z'), byUserId: people.rep.id, callFlag: 'joined_unify', month: 2, note: 'Aderito' },
    ]);
    const response = await ctx.app.inject({ method: 'GET', url: `/api/areamanager-get-pharmacy?id=${row!.id}`, headers: as('ownAm') });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ pharmacyName: 'Farmacia Storica', currentCallFlag: 'joined_unify', salesRep: people.rep.id });
    expect(data.callHistory.map((e: { callFlag: string; nextVisit: string | null }) => [e.callFlag, e.nextVisit])).toEqual([
      ['joined_unify', null],
      ['interested_but_requires_another_visit', '2026-02-01'],
    ]);
    expect(data.callHistory[0].byName).toBe(`${people.rep.firstName} ${people.rep.lastName}`);
  });

  it('refuses another manager’s pharmacy (403, no data)', async () => {
    const [row] = await insertPharmacies(people.otherAm.id, [{ name: 'Farmacia Altrui' }]);
    const response = await ctx.app.inject({ method: 'GET', url: `/api/areamanager-get-pharmacy?id=${row!.id}`, headers: as('ownAm') });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('Farmacia Altrui');
  });
});

describe('PUT /api/areamanager-update-pharmacy', () => {
  const details = (pharmacyId: string, overrides: Record<string, unknown> = {}) => ({
    pharmacyId,
    salesRep: people.rep.id,
    oncStatus: 'completed',
    whereYouWork: 'Farmacia Rinnovata',
    placeId: `manual:${'e'.repeat(32)}`,
    lat: 45.46,
    lng: 9.19,
    address: 'Corso Buenos Aires 1, 20124 Milano MI',
    city: 'Milano',
    region: 'lombardia',
    prov: 'MI',
    ...overrides,
  });
  const update = (who: keyof typeof cookies, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PUT', url: '/api/areamanager-update-pharmacy', headers: as(who), payload });

  it('changes the details and the rep, keeping the other answers', async () => {
    const [row] = await insertPharmacies(people.ownAm.id, [{ name: 'Farmacia Vecchia', answers: { email: 'resta@example.it' } }]);
    const response = await update('ownAm', details(row!.id));
    expect(response.statusCode, response.body).toBe(200);
    const [changed] = await ctx.database.db.select().from(fieldPharmacies).where(eq(fieldPharmacies.id, row!.id));
    expect(changed).toMatchObject({ name: 'Farmacia Rinnovata', city: 'Milano', province: 'MI', salesRepId: people.rep.id, oncStatus: 'completed' });
    expect(changed!.answers).toEqual({ email: 'resta@example.it' });
  });

  it('refuses another manager’s pharmacy, and a rep of another manager', async () => {
    const [theirs] = await insertPharmacies(people.otherAm.id, [{ name: 'Farmacia Loro' }]);
    expect((await update('ownAm', details(theirs!.id, { salesRep: people.otherRep.id }))).statusCode).toBe(403);
    const [mine] = await insertPharmacies(people.ownAm.id, [{ name: 'Farmacia Mia' }]);
    expect((await update('ownAm', details(mine!.id, { salesRep: people.otherRep.id }))).json().errors).toEqual({ salesRep: 'validation.choose' });
    expect((await update('ownAm', details(mine!.id, { region: 'lombardia', prov: 'RM' }))).json().errors).toEqual({ prov: 'validation.choose' });
  });
});

describe('POST /api/areamanager-add-rep', () => {
  const addRep = (who: keyof typeof cookies, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/areamanager-add-rep', headers: { ...as(who), host: 'localhost' }, payload });

  it('adds a rep under the manager, mails them the sign-in page, and they can sign in', async () => {
    const response = await addRep('ownAm', {
      email: 'nuovo.rep@example.it',
      firstName: 'Luca',
      lastName: 'Neri',
      areaManagerId: people.ownAm.id,
      appStoreCountry: 'it',
      formLanguage: 'it',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [rep] = await ctx.database.db.select().from(staffUsers).where(eq(staffUsers.id, response.json().data.id));
    expect(rep).toMatchObject({ role: 'sales_rep', areaManagerId: people.ownAm.id, language: 'it', firstName: 'Luca' });
    const [mail] = mailsTo(ctx.config.mail.dir, 'nuovo.rep@example.it');
    expect(mail).toContain('http://localhost/it/signin');
    // The sign-in page mails a link to a known, active rep (auth.test.ts covers the link itself).
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      headers: { host: 'localhost' },
      payload: { email: 'nuovo.rep@example.it', basePath: '/it' },
    });
    expect(asked.statusCode).toBe(200);
    await ctx.app.services.auth.settled();
    expect(mailsTo(ctx.config.mail.dir, 'nuovo.rep@example.it').some((m) => m.includes('/it/signin/verify?token='))).toBe(true);
    const reps = await ctx.app.inject({ method: 'GET', url: `/api/areamanager-get-reps?id=${people.ownAm.id}`, headers: as('ownAm') });
    expect(reps.json().data).toContainEqual({ nid: rep!.id, firstName: 'Luca', lastName: 'Neri' });
  });

  it('refuses another manager (403), a taken e-mail (409) and missing names (400)', async () => {
    const other = await addRep('ownAm', {
      email: 'intruso@example.it',
      firstName: 'A',
      lastName: 'B',
      areaManagerId: people.otherAm.id,
      appStoreCountry: 'it',
      formLanguage: 'it',
    });
    expect(other.statusCode).toBe(403);
    expect(await ctx.database.db.select().from(staffUsers).where(eq(staffUsers.email, 'intruso@example.it'))).toEqual([]);
    expect(
      (
        await addRep('ownAm', {
          email: people.rep.email,
          firstName: 'A',
          lastName: 'B',
          areaManagerId: people.ownAm.id,
          appStoreCountry: 'it',
          formLanguage: 'it',
        })
      ).statusCode,
    ).toBe(409);
    const missing = await addRep('ownAm', {
      email: 'x@example.it',
      firstName: '',
      lastName: '',
      areaManagerId: people.ownAm.id,
      appStoreCountry: 'it',
      formLanguage: 'it',
    });
    expect(Object.keys(missing.json().errors).sort()).toEqual(['firstName', 'lastName']);
  });
});

describe('GET /api/areamanager-accord-csv', () => {
  let amId = '';
  let amCookie = '';
  const names = ['Farmacia “Più” Città; Sant’Agnese', 'Farmacia "Virgolette"\nA capo', '=HYPERLINK("http://evil.example","clic")'];
  beforeAll(async () => {
    const am = await addStaff(ctx, 'area_manager');
    amId = am.id;
    amCookie = (await signIn(ctx, am)).cookie;
    const rep = await addStaff(ctx, 'sales_rep', { areaManagerId: am.id });
    await insertPharmacies(
      amId,
      names.map((name, i) => ({
        name,
        fullAddress: `Via Àèìòù ${i};\r\nPiano 2`,
        city: 'Forlì',
        salesRepId: rep.id,
        currentCallFlag: 'joined_unify',
        answers: {
          email: `+39@example.it`,
          anythingElseAboutYou: '-1+2',
          services: '@SUM(A1)',
          firstName2: 'Anna',
          lastName2: 'Rè',
          professionalRegistrationNumber2: '4567',
        },
      })),
    );
  });

  it('streams UTF-8 with BOM, “;”, a dated file name, and round-trips accents, quotes, semicolons and line breaks', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/areamanager-accord-csv?id=${amId}`, headers: { cookie: amCookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="pharmacies-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = readCsv(bytes.subarray(3).toString('utf8'), ';');
    expect(rows).toHaveLength(3);
    const column = (name: string) => header!.indexOf(name);
    const byName = (name: string) => rows.find((r) => r[column('pharmacyName')] === name);
    expect(byName(names[0]!)).toBeDefined();
    expect(byName(names[1]!)).toBeDefined();
    for (const row of rows) {
      expect(row[column('city')]).toBe('Forlì');
      expect(row[column('fullAddress')]).toMatch(/^Via Àèìòù \d;\r\nPiano 2$/);
      expect(row[column('currentCallFlag')]).toBe('joined_unify');
      expect(row[column('additionalPharmacists')]).toBe('Anna Rè, 4567');
    }
  });

  it('exports no live formula: cells starting with = + - @ are prefixed with an apostrophe', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/areamanager-accord-csv?id=${amId}`, headers: { cookie: amCookie } });
    const [header, ...rows] = readCsv(response.rawPayload.subarray(3).toString('utf8'), ';');
    const column = (name: string) => header!.indexOf(name);
    const cells = rows.flat();
    expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
    expect(rows.map((r) => r[column('pharmacyName')])).toContain(`'${names[2]}`);
    expect(rows[0]![column('email')]).toBe("'+39@example.it");
    expect(rows[0]![column('anythingElseAboutYou')]).toBe("'-1+2");
    expect(rows[0]![column('services')]).toBe("'@SUM(A1)");
  });

  it('reads every pharmacy once, in id order, batch after batch; text holding the batch separators and numbers come out as stored', async () => {
    const am = await addStaff(ctx, 'area_manager');
    const cookie = (await signIn(ctx, am)).cookie;
    const stored = await insertPharmacies(
      am.id,
      ['Uno\u001fdue', 'Tre\u001equattro', 'Cinque', 'Sei', 'Sette'].map((name, i) => ({
        name,
        lat: [0.00001, -0.0000001, 41.900000999999996, 1e21, 12.5][i],
        lng: -0,
        month: i + 1,
        answers: { completionMonth: i + 1 },
      })),
    );
    const batches: ExportRow[][] = [];
    for await (const batch of exportBatches(ctx.database.db, am.id, 2)) batches.push(batch);
    expect(batches.map((batch) => batch.length)).toEqual([2, 2, 1]);
    expect(batches.flat().map((row) => row.id)).toEqual(stored.map((row) => row.id).sort());

    const response = await ctx.app.inject({ method: 'GET', url: `/api/areamanager-accord-csv?id=${am.id}`, headers: { cookie } });
    const [header, ...rows] = readCsv(response.rawPayload.subarray(3).toString('utf8'), ';');
    const column = (name: string) => header!.indexOf(name);
    const byName = new Map(rows.map((row) => [row[column('pharmacyName')], row]));
    expect([...byName.keys()].sort()).toEqual(['Cinque', 'Sei', 'Sette', 'Tre\u001equattro', 'Uno\u001fdue']);
    expect(['Uno\u001fdue', 'Tre\u001equattro', 'Cinque', 'Sei'].map((name) => byName.get(name)![column('lat')])).toEqual([
      '0.00001',
      "'-1e-7",
      '41.900000999999996',
      '1e+21',
    ]);
    expect(byName.get('Sei')![column('lng')]).toBe('0');
    expect(byName.get('Sei')![column('completionMonth')]).toBe('4');
    expect(byName.get('Sei')![column('createdAt')]).toBe(stored[3]!.createdAt.toISOString());
  });

  it('refuses another manager (403, no data)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/areamanager-accord-csv?id=${amId}`, headers: as('ownAm') });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('Farmacia');
  });
});
