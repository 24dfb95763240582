// GET /api/areamanager-accord-csv?format=readable (issue 24 item 6): the manager's visits within a
// range of days (Rome's), in the words of the page's language or else the user's own: headings,
// call flags, statuses, regions, provinces, months, days and yes/no as a manager reads them, no
// live formula; the days checked by the shared schema (400 with field errors), another manager's
// area refused or left out, every export in the activity log.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEntries, csvExports, fieldPharmacies, staffUsers } from '../db/schema.ts';
import type { StaffUser } from '../services/auth/staff-users.ts';
import { visitsCsvFileName, visitsCsvStream } from '../services/field-force/visits-csv.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { readCsv } from '../test/csv.ts';
import { addStaff, signIn } from '../test/staff.ts';

let ctx: TestContext;
const people = {} as Record<'admin' | 'manager' | 'englishManager' | 'otherManager' | 'rep', StaffUser>;
const cookies = {} as Record<'admin' | 'manager' | 'englishManager' | 'otherManager' | 'rep', string>;
const pharmacy = {} as Record<'joined' | 'bare' | 'others' | 'english', string>;

const ITALIAN_HEADINGS = [
  'Data della visita',
  'Ora della visita',
  'Visita registrata da',
  'Esito della visita',
  'Mese della visita',
  'Nota sulla visita',
  'Prossima visita',
  'Farmacia',
  'Indirizzo',
  'Città',
  'Provincia',
  'Regione',
  'Esito attuale',
  'Informatore',
  'Stato oncologico',
  'Partita IVA',
  'Farmacista',
  'Email del farmacista',
  'Ente di registrazione',
  "Numero di iscrizione all'Albo",
  'Corso Oncodemia',
  'Mese di completamento del corso',
  'Servizi della farmacia',
  "Dichiarazioni dell'informatore",
  'Altri farmacisti',
  'Conferma del farmacista',
];
const ENGLISH_HEADINGS = [
  'Visit date',
  'Visit time',
  'Recorded by',
  'Outcome of the visit',
  'Month of the visit',
  'Note on this visit',
  'Next visit',
  'Pharmacy',
  'Address',
  'City',
  'Province',
  'Region',
  'Current status',
  'Sales rep',
  'Oncology status',
  'VAT number',
  'Pharmacist',
  "Pharmacist's e-mail",
  'Registration body',
  'Registration number',
  'Oncodemia course',
  'Month the course was completed',
  'Pharmacy services',
  "Sales rep's statements",
  'Other pharmacists',
  "Pharmacist's confirmation",
];

beforeAll(async () => {
  ctx = await createTestContext();
  people.admin = await addStaff(ctx, 'main_admin', { language: 'en' });
  people.manager = await addStaff(ctx, 'area_manager');
  people.englishManager = await addStaff(ctx, 'area_manager', { language: 'en' });
  people.otherManager = await addStaff(ctx, 'area_manager');
  people.rep = await addStaff(ctx, 'sales_rep', { areaManagerId: people.manager.id });
  await ctx.database.db.update(staffUsers).set({ firstName: 'Luca', lastName: 'Bianchi' }).where(eq(staffUsers.id, people.rep.id));
  for (const who of Object.keys(people) as (keyof typeof people)[]) cookies[who] = (await signIn(ctx, people[who])).cookie;

  const [joined, bare, others, english] = await ctx.database.db
    .insert(fieldPharmacies)
    .values([
      {
        areaManagerId: people.manager.id,
        salesRepId: people.rep.id,
        name: 'Farmacia Centrale',
        fullAddress: 'Via del Corso 1, 00186 Roma RM',
        city: 'Roma',
        region: 'lazio',
        province: 'RM',
        oncStatus: 'on_going',
        currentCallFlag: 'joined_unify',
        month: 11,
        pharmacistStatus: 'confirmed',
        confirmedAt: new Date('2026-03-21T23:30:00Z'),
        answers: {
          piva: '01234567897',
          firstName: 'Maria',
          lastName: 'Verdi',
          email: 'maria.verdi@example.it',
          bodyOfRegistration: 'Italia (AIFA)',
          professionalRegistrationNumber: '12345',
          haveYouCompleted: 'yes',
          completionMonth: 6,
          services: '@SUM(1); galenica',
          agreementCheck1: true,
          agreementCheck2: true,
          agreementCheck3: true,
          firstName2: 'Anna',
          lastName2: 'Rè',
          professionalRegistrationNumber2: '4567',
        },
      },
      {
        areaManagerId: people.manager.id,
        name: 'Farmacia di Confine',
        fullAddress: 'Via Milano 2, Milano',
        city: 'Milano',
        region: 'lombardia',
        province: 'MI',
        currentCallFlag: 'post_joining_unify',
        answers: { haveYouCompleted: 'no' },
      },
      { areaManagerId: people.otherManager.id, name: 'Farmacia Altrui', fullAddress: 'Via Altrove 3', region: 'lazio', province: 'RM' },
      {
        areaManagerId: people.englishManager.id,
        name: 'Farmacia Inglese',
        fullAddress: 'Via Londra 4',
        region: 'toscana',
        province: 'FI',
        currentCallFlag: 'not_interested',
        oncStatus: 'not_registered',
      },
    ])
    .returning({ id: fieldPharmacies.id });
  Object.assign(pharmacy, { joined: joined!.id, bare: bare!.id, others: others!.id, english: english!.id });

  const visit = (pharmacyId: string, at: string, callFlag: string, extra: Partial<typeof callEntries.$inferInsert> = {}) => ({
    pharmacyId,
    at: new Date(at),
    callFlag,
    byUserId: people.rep.id,
    ...extra,
  });
  await ctx.database.db.insert(callEntries).values([
    // March 2026 in Rome: from 1 March 00:00 (CET, UTC+1) to 31 March 23:59:59 (CEST, UTC+2).
    visit(pharmacy.bare, '2026-02-28T22:59:59.999Z', 'appointment_scheduled', { note: 'fuori: 28 febbraio, 23:59 a Roma' }),
    visit(pharmacy.bare, '2026-02-28T23:00:00.000Z', 'not_interested', { note: 'primo minuto di marzo', byUserId: null }),
    visit(pharmacy.joined, '2026-03-10T09:15:00.000Z', 'interested_but_requires_another_visit', {
      month: 3,
      note: '=HYPERLINK("http://evil.example")',
      nextVisit: '2026-04-02',
    }),
    visit(pharmacy.joined, '2026-03-20T16:45:00.000Z', 'joined_unify', { month: 11, note: 'Aderito; firmato' }),
    visit(pharmacy.bare, '2026-03-31T21:59:59.000Z', 'post_joining_unify', { note: 'ultimo minuto di marzo' }),
    visit(pharmacy.bare, '2026-03-31T22:00:00.000Z', 'appointment_scheduled', { note: 'fuori: 1 aprile, 00:00 a Roma' }),
    visit(pharmacy.others, '2026-03-15T10:00:00.000Z', 'joined_unify', { note: 'di un altro area manager', byUserId: null }),
    visit(pharmacy.english, '2026-03-05T08:00:00.000Z', 'not_interested', { month: 3, byUserId: null }),
  ]);
});
afterAll(async () => {
  await ctx?.close();
});

const exportAs = (who: keyof typeof cookies, query: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/areamanager-accord-csv?${query}`, headers: { cookie: cookies[who] } });
const readable = (areaManager: keyof typeof people, extra = '') => `id=${people[areaManager].id}&format=readable${extra}`;

/** The file's headings and its rows as objects by heading. */
function parse(body: Buffer) {
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [headings, ...rows] = readCsv(body.subarray(3).toString('utf8'), ';');
  return { headings: headings!, rows: rows.map((row) => Object.fromEntries(headings!.map((heading, i) => [heading, row[i]!]))) };
}

const notes = (rows: Record<string, string>[], heading: string) => rows.map((row) => row[heading]);

describe('GET /api/areamanager-accord-csv?format=readable', () => {
  it('writes Italian headings and words: regions, provinces, call flags, statuses, months, days and yes/no, no codes', async () => {
    const response = await exportAs('manager', readable('manager', '&from=2026-03-01&to=2026-03-31&lang=it'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="visite-2026-03-01-2026-03-31.csv"');
    expect(response.body).toContain('\r\n');
    const { headings, rows } = parse(response.rawPayload);
    expect(headings).toEqual(ITALIAN_HEADINGS);
    expect(notes(rows, 'Nota sulla visita')).toEqual([
      `'=HYPERLINK("http://evil.example")`,
      'Aderito; firmato',
      'primo minuto di marzo',
      'ultimo minuto di marzo',
    ]);

    // By pharmacy (Farmacia Centrale, then Farmacia di Confine), each one's visits oldest first.
    const [earlier, joined, first, last] = rows;
    expect(joined).toEqual({
      'Data della visita': '20/03/2026',
      'Ora della visita': '17:45',
      'Visita registrata da': 'Luca Bianchi',
      'Esito della visita': 'Ha aderito a Unify',
      'Mese della visita': 'novembre',
      'Nota sulla visita': 'Aderito; firmato',
      'Prossima visita': '',
      Farmacia: 'Farmacia Centrale',
      Indirizzo: 'Via del Corso 1, 00186 Roma RM',
      Città: 'Roma',
      Provincia: 'Roma',
      Regione: 'Lazio',
      'Esito attuale': 'Ha aderito a Unify',
      Informatore: 'Luca Bianchi',
      'Stato oncologico': 'In corso',
      'Partita IVA': '01234567897',
      Farmacista: 'Maria Verdi',
      'Email del farmacista': 'maria.verdi@example.it',
      'Ente di registrazione': 'Italia (AIFA)',
      "Numero di iscrizione all'Albo": '12345',
      'Corso Oncodemia': 'Sì',
      'Mese di completamento del corso': 'giugno',
      'Servizi della farmacia': "'@SUM(1); galenica",
      "Dichiarazioni dell'informatore": 'Sì',
      'Altri farmacisti': 'Anna Rè, 4567',
      // Confirmed at 23:30 UTC on 21 March: the 22nd in Rome.
      'Conferma del farmacista': 'Confermato in data 22/03/2026',
    });
    expect(earlier).toMatchObject({
      'Data della visita': '10/03/2026',
      'Ora della visita': '10:15',
      'Esito della visita': "Interessata, ma serve un'altra visita",
      'Mese della visita': 'marzo',
      'Prossima visita': '02/04/2026',
    });
    // A visit whose author's account is gone, at a pharmacy with no rep, flag and status unset.
    expect(first).toMatchObject({
      'Data della visita': '01/03/2026',
      'Ora della visita': '00:00',
      'Visita registrata da': 'Ex collaboratore',
      'Esito della visita': 'Non interessata',
      Informatore: '',
      Provincia: 'Milano',
      Regione: 'Lombardia',
      'Esito attuale': "Dopo l'adesione a Unify",
      'Corso Oncodemia': 'No',
      'Stato oncologico': '',
      "Dichiarazioni dell'informatore": '',
    });
    expect(last).toMatchObject({ 'Data della visita': '31/03/2026', 'Ora della visita': '23:59', 'Esito della visita': "Dopo l'adesione a Unify" });
    const cells = rows.flatMap((row) => Object.values(row));
    for (const code of ['lazio', 'lombardia', 'RM', 'joined_unify', 'post_joining_unify', 'on_going', 'yes', 'true']) expect(cells).not.toContain(code);
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  });

  it('writes English headings and words with lang=en', async () => {
    const response = await exportAs('manager', readable('manager', '&from=2026-03-20&to=2026-03-20&lang=en'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="visits-2026-03-20-2026-03-20.csv"');
    const { headings, rows } = parse(response.rawPayload);
    expect(headings).toEqual(ENGLISH_HEADINGS);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      'Visit date': '20/03/2026',
      'Outcome of the visit': 'Joined Unify',
      'Month of the visit': 'November',
      Province: 'Roma',
      Region: 'Lazio',
      'Oncology status': 'Ongoing',
      'Oncodemia course': 'Yes',
      'Month the course was completed': 'June',
      "Sales rep's statements": 'Yes',
      "Pharmacist's confirmation": 'Confirmed on 22/03/2026',
    });
  });

  it('writes in the user’s own language when the request names none (German on request)', async () => {
    const english = parse((await exportAs('englishManager', readable('englishManager'))).rawPayload);
    expect(english.headings).toEqual(ENGLISH_HEADINGS);
    expect(english.rows).toEqual([
      expect.objectContaining({
        Region: 'Toscana',
        Province: 'Firenze',
        'Outcome of the visit': 'Not interested',
        'Oncology status': 'Not registered',
        'Recorded by': 'Former staff',
      }),
    ]);
    const italian = parse((await exportAs('manager', readable('manager', '&from=2026-03-20&to=2026-03-20'))).rawPayload);
    expect(italian.headings[0]).toBe('Data della visita');
    const german = parse((await exportAs('manager', readable('manager', '&from=2026-03-20&to=2026-03-20&lang=de'))).rawPayload);
    expect(german.rows[0]).toMatchObject({
      'Datum des Besuchs': '20.03.2026',
      'Ergebnis des Besuchs': expect.any(String),
      'Oncodemia-Kurs': 'Ja',
      'Monat des Besuchs': 'November',
    });
  });

  it('includes the visits of the range’s days in Rome, both ends included; either end may be left open', async () => {
    const march = parse((await exportAs('manager', readable('manager', '&from=2026-03-01&to=2026-03-31'))).rawPayload).rows;
    expect(notes(march, 'Nota sulla visita')).toEqual([
      `'=HYPERLINK("http://evil.example")`,
      'Aderito; firmato',
      'primo minuto di marzo',
      'ultimo minuto di marzo',
    ]);
    const fromApril = parse((await exportAs('manager', readable('manager', '&from=2026-04-01'))).rawPayload).rows;
    expect(notes(fromApril, 'Nota sulla visita')).toEqual(['fuori: 1 aprile, 00:00 a Roma']);
    const upToFebruary = parse((await exportAs('manager', readable('manager', '&to=2026-02-28&from='))).rawPayload).rows;
    expect(notes(upToFebruary, 'Nota sulla visita')).toEqual(['fuori: 28 febbraio, 23:59 a Roma']);
    const outside = parse((await exportAs('manager', readable('manager', '&from=2027-01-01&to=2027-12-31'))).rawPayload);
    expect(outside.headings).toEqual(ITALIAN_HEADINGS);
    expect(outside.rows).toEqual([]);
    const everything = parse((await exportAs('manager', readable('manager'))).rawPayload).rows;
    expect(everything).toHaveLength(6);
  });

  it('answers 400 with field errors for a range that is not one, and for a range asked of the machine format', async () => {
    const backwards = await exportAs('manager', readable('manager', '&from=2026-03-31&to=2026-03-01'));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ status: 'failed', message: 'invalid', errors: { to: 'validation.dateRange' } });
    const notDays = await exportAs('manager', readable('manager', '&from=2026-02-30&to=31%2F03%2F2026'));
    expect(notDays.statusCode).toBe(400);
    expect(notDays.json().errors).toEqual({ from: 'validation.date', to: 'validation.date' });
    const machine = await exportAs('manager', `id=${people.manager.id}&from=2026-03-01`);
    expect(machine.statusCode).toBe(400);
    expect(machine.json().errors).toEqual({ from: 'validation.invalid' });
    expect((await exportAs('manager', `id=${people.manager.id}&format=xlsx`)).json().errors).toEqual({ format: 'validation.invalid' });
  });

  it('never shows another manager’s visits: their area is 403 with no data, and the main admin sees one area at a time', async () => {
    const refused = await exportAs('manager', readable('otherManager', '&from=2026-03-01&to=2026-03-31'));
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Farmacia');
    // Access is decided before the query is read.
    expect((await exportAs('manager', readable('otherManager', '&from=nonsense'))).statusCode).toBe(403);
    expect((await exportAs('rep', readable('manager'))).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/areamanager-accord-csv?${readable('manager')}` })).statusCode).toBe(401);

    const own = parse((await exportAs('manager', readable('manager', '&from=2026-03-01&to=2026-03-31'))).rawPayload).rows;
    expect(own.map((row) => row.Farmacia)).not.toContain('Farmacia Altrui');
    const admin = await exportAs('admin', readable('otherManager', '&from=2026-03-01&to=2026-03-31'));
    expect(admin.statusCode).toBe(200);
    expect(parse(admin.rawPayload).rows.map((row) => [row.Pharmacy, row['Recorded by']])).toEqual([['Farmacia Altrui', 'Former staff']]);
  });

  it('is recorded in the activity log: who, whose area, how many visits', async () => {
    await ctx.app.services.activityLog.settled();
    const before = (await ctx.database.db.select().from(csvExports).where(eq(csvExports.actorId, people.manager.id))).length;
    expect((await exportAs('manager', readable('manager', '&from=2026-03-01&to=2026-03-31'))).statusCode).toBe(200);
    await ctx.app.services.activityLog.settled();
    const recorded = await ctx.database.db.select().from(csvExports).where(eq(csvExports.actorId, people.manager.id));
    expect(recorded).toHaveLength(before + 1);
    expect(recorded.at(-1)).toMatchObject({ areaManagerId: people.manager.id, rows: 4 });
    // A refused or invalid request records nothing.
    await exportAs('manager', readable('manager', '&from=2026-03-31&to=2026-03-01'));
    await exportAs('manager', readable('otherManager'));
    await ctx.app.services.activityLog.settled();
    expect(await ctx.database.db.select().from(csvExports).where(eq(csvExports.actorId, people.manager.id))).toHaveLength(before + 1);
  });
});

describe('visitsCsvStream', () => {
  it('reads a batch of pharmacies at a time, by name, each one’s visits oldest first and once, ties and microseconds included', async () => {
    const manager = await addStaff(ctx, 'area_manager');
    const rows = await ctx.database.db
      .insert(fieldPharmacies)
      .values(['Farmacia D', 'Farmacia B', 'Farmacia A', 'Farmacia C'].map((name) => ({ areaManagerId: manager.id, name, fullAddress: 'Via 1' })))
      .returning({ id: fieldPharmacies.id, name: fieldPharmacies.name });
    const idOf = (name: string) => rows.find((row) => row.name === name)!.id;
    // Five visits to A in the same millisecond, apart only by microseconds or not at all; two to D; none to B and C.
    const visits: [string, string][] = [
      ['Farmacia A', '2026-05-01 10:00:00.000003+00'],
      ['Farmacia A', '2026-05-01 10:00:00.000002+00'],
      ['Farmacia A', '2026-05-01 10:00:00.000002+00'],
      ['Farmacia A', '2026-05-01 10:00:00.000002+00'],
      ['Farmacia A', '2026-05-01 10:00:00.000001+00'],
      ['Farmacia D', '2026-05-03 10:00:00+00'],
      ['Farmacia D', '2026-05-02 10:00:00+00'],
    ];
    for (const [name, at] of visits)
      await ctx.database.db.execute(
        `insert into call_entries (pharmacy_id, at, call_flag, note) values ('${idOf(name)}', '${at}', 'not_interested', '${name} ${at}')`,
      );
    const sent = { rows: 0 };
    const chunks: string[] = [];
    for await (const chunk of visitsCsvStream(ctx.database.db, { areaManagerId: manager.id, language: 'it' }, sent, 2)) chunks.push(String(chunk));
    // The headings, then A and B (A's five visits), C and D (D's two), nothing after D.
    expect(chunks).toHaveLength(3);
    const lines = readCsv(chunks.join('').slice(1), ';').slice(1);
    expect(lines.map((cells) => cells[5])).toEqual([
      'Farmacia A 2026-05-01 10:00:00.000001+00',
      ...Array(3).fill('Farmacia A 2026-05-01 10:00:00.000002+00'),
      'Farmacia A 2026-05-01 10:00:00.000003+00',
      'Farmacia D 2026-05-02 10:00:00+00',
      'Farmacia D 2026-05-03 10:00:00+00',
    ]);
    expect(lines.map((cells) => cells[0])).toEqual(['01/05/2026', '01/05/2026', '01/05/2026', '01/05/2026', '01/05/2026', '02/05/2026', '03/05/2026']);
    expect(sent.rows).toBe(7);
  });

  it('names the file after its range, in its language; an open end is today in Rome', () => {
    const now = new Date('2026-11-30T23:30:00Z');
    expect(visitsCsvFileName({ from: '2026-11-01', to: '2026-11-15', language: 'it' }, now)).toBe('visite-2026-11-01-2026-11-15.csv');
    expect(visitsCsvFileName({ from: '2026-11-01', language: 'de' }, now)).toBe('besuche-2026-11-01-2026-12-01.csv');
    expect(visitsCsvFileName({ language: 'en' }, now)).toBe('visits-2026-12-01.csv');
  });
});
