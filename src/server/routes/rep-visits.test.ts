// POST/PUT /api/rep-update-pharmacy and what a rep reads back (issue 12 items 5, 6, 8).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REGISTRATION_BODY_IT } from '#shared/reference/options.ts';
import { callEntries, fieldPharmacies, idempotentRequests } from '../db/schema.ts';
import { purgeIdempotencyKeys } from '../services/field-force/rep-visits.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addStaff, signIn } from '../test/staff.ts';
import type { StaffUser } from '../services/auth/staff-users.ts';

let ctx: TestContext;
let manager: StaffUser;
let rep: StaffUser;
let otherRep: StaffUser;
const cookies = {} as Record<'rep' | 'otherRep' | 'manager' | 'otherManager' | 'admin', string>;
let pharmacyId = '';
let otherPharmacyId = '';
let placeCounter = 0;

const PLACE = () => ({ placeId: `fixture:it:rep-${++placeCounter}`, lat: 41.9, lng: 12.5, address: 'Via del Corso 10, 00186 Roma RM, Italia' });
const VALID_PIVA = '01234567897';

const visit = (extra: Record<string, unknown> = {}) => ({ pharmacyId, callFlag: 'interested_but_requires_another_visit', month: '3', ...PLACE(), ...extra });
const joined = (extra: Record<string, unknown> = {}) =>
  visit({
    callFlag: 'joined_unify',
    month: 4,
    piva: VALID_PIVA,
    completionMonth: '2',
    oncStatus: 'registered',
    haveYouCompleted: 'yes',
    email: 'titolare@farmacia-corso.it',
    firstName: 'Chiara',
    lastName: 'Lombardi',
    bodyOfRegistration: REGISTRATION_BODY_IT,
    professionalRegistrationNumber: '12345',
    services: 'Misurazione della pressione',
    check1: true,
    check2: true,
    check3: true,
    ...extra,
  });

function put(cookie: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'PUT', url: '/api/rep-update-pharmacy', headers: { cookie, ...headers }, payload });
}
const entriesOf = (id: string) => ctx.database.db.select().from(callEntries).where(eq(callEntries.pharmacyId, id));
const pharmacyRow = async (id: string) => (await ctx.database.db.select().from(fieldPharmacies).where(eq(fieldPharmacies.id, id)))[0]!;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await addStaff(ctx, 'main_admin');
  manager = await addStaff(ctx, 'area_manager');
  const otherManager = await addStaff(ctx, 'area_manager');
  rep = await addStaff(ctx, 'sales_rep', { areaManagerId: manager.id });
  otherRep = await addStaff(ctx, 'sales_rep', { areaManagerId: otherManager.id });
  cookies.rep = (await signIn(ctx, rep)).cookie;
  cookies.otherRep = (await signIn(ctx, otherRep)).cookie;
  cookies.manager = (await signIn(ctx, manager)).cookie;
  cookies.otherManager = (await signIn(ctx, otherManager)).cookie;
  cookies.admin = (await signIn(ctx, admin)).cookie;
  const [other] = await ctx.database.db
    .insert(fieldPharmacies)
    .values({
      areaManagerId: otherManager.id,
      salesRepId: otherRep.id,
      name: 'Farmacia Altrui',
      fullAddress: 'Via Altrove 2, 20121 Milano MI',
      currentCallFlag: 'not_interested',
      month: 1,
    })
    .returning();
  otherPharmacyId = other!.id;
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(async () => {
  const [row] = await ctx.database.db
    .insert(fieldPharmacies)
    .values({
      areaManagerId: manager.id,
      salesRepId: rep.id,
      name: 'Farmacia del Corso',
      fullAddress: 'Via del Corso 10, 00186 Roma RM',
      answers: { pharmacistsDescription: 'Kept from the manager' },
    })
    .returning();
  pharmacyId = row!.id;
});

describe('a rep records a visit', () => {
  it('saves flag, month and place in the pharmacy and appends a history entry with its note and next visit', async () => {
    const response = await put(cookies.rep, visit({ note: 'Richiamare il titolare', nextVisit: '2026-12-01' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', data: { pharmacyId } });
    const row = await pharmacyRow(pharmacyId);
    expect(row).toMatchObject({ currentCallFlag: 'interested_but_requires_another_visit', month: 3, fullAddress: 'Via del Corso 10, 00186 Roma RM, Italia' });
    const entries = await entriesOf(pharmacyId);
    expect(entries).toEqual([
      expect.objectContaining({
        id: response.json().data.callEntryId,
        callFlag: 'interested_but_requires_another_visit',
        month: 3,
        note: 'Richiamare il titolare',
        nextVisit: '2026-12-01',
        byUserId: rep.id,
      }),
    ]);
  });

  it('accepts POST as well as PUT', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/rep-update-pharmacy', headers: { cookie: cookies.rep }, payload: visit() });
    expect(response.statusCode).toBe(200);
    expect(await entriesOf(pharmacyId)).toHaveLength(1);
  });

  it('counts every save as a visit: a repeat visit with the same outcome and month, and no note, is a second entry', async () => {
    const first = await put(cookies.rep, visit());
    expect(first.statusCode).toBe(200);
    const again = await put(cookies.rep, visit());
    expect(again.statusCode).toBe(200);
    expect(again.json().data.callEntryId).toEqual(expect.any(String));
    expect(again.json().data.callEntryId).not.toBe(first.json().data.callEntryId);
    expect(await entriesOf(pharmacyId)).toHaveLength(2);
  });

  it('requires callFlag, month and the place', async () => {
    const response = await put(cookies.rep, { pharmacyId });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(expect.arrayContaining(['callFlag', 'month', 'placeId', 'lat', 'lng', 'address']));
    expect(await entriesOf(pharmacyId)).toHaveLength(0);
  });

  it('refuses a next visit that is not a day', async () => {
    const response = await put(cookies.rep, visit({ nextVisit: '2026-02-30' }));
    expect(response.json().errors).toEqual({ nextVisit: 'validation.date' });
  });
});

describe('joined_unify', () => {
  it.each([
    ['piva', { piva: '' }, 'validation.required'],
    ['email', { email: '' }, 'validation.required'],
    ['check2', { check2: false }, 'validation.confirm'],
    ['firstName', { firstName: undefined }, 'validation.required'],
    ['haveYouCompleted', { haveYouCompleted: 'maybe' }, 'validation.choose'],
  ])('is refused without %s, and nothing is written', async (field, change, key) => {
    const response = await put(cookies.rep, joined(change));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ [field]: key });
    expect((await pharmacyRow(pharmacyId)).currentCallFlag).toBeNull();
    expect(await entriesOf(pharmacyId)).toHaveLength(0);
  });

  it('refuses a VAT number whose check digit is wrong', async () => {
    const response = await put(cookies.rep, joined({ piva: '01234567890' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ piva: 'validation.piva' });
  });

  it('keeps every answer, extra pharmacists included, and gives them back to the form', async () => {
    const extras = {
      firstName2: 'Marco',
      lastName2: 'Ferri',
      email2: 'marco.ferri@farmacia-corso.it',
      bodyOfRegistration2: REGISTRATION_BODY_IT,
      professionalRegistrationNumber2: '2222',
      anythingElseAboutYou2: 'Turno serale',
      firstName3: 'Elena',
      lastName3: 'Sarti',
      email3: 'elena.sarti@farmacia-corso.it',
      bodyOfRegistration3: REGISTRATION_BODY_IT,
      professionalRegistrationNumber3: '3333',
    };
    expect((await put(cookies.rep, joined(extras))).statusCode).toBe(200);
    const read = await ctx.app.inject({ method: 'GET', url: `/api/rep-get-pharmacy?id=${pharmacyId}`, headers: { cookie: cookies.rep } });
    expect(read.json().data).toMatchObject({
      callFlag: 'joined_unify',
      month: 4,
      oncStatus: 'registered',
      piva: VALID_PIVA,
      completionMonth: 2,
      email: 'titolare@farmacia-corso.it',
      firstName: 'Chiara',
      pharmacistsDescription: 'Kept from the manager',
      ...extras,
    });
    expect(read.json().data.callHistory).toHaveLength(1);

    // Another outcome later keeps what joining recorded; joining again with one extra pharmacist drops the third.
    expect((await put(cookies.rep, visit({ callFlag: 'post_joining_unify' }))).statusCode).toBe(200);
    expect((await pharmacyRow(pharmacyId)).answers).toMatchObject({ piva: VALID_PIVA, firstName3: 'Elena' });
    const { firstName3: _f, lastName3: _l, email3: _e, bodyOfRegistration3: _b, professionalRegistrationNumber3: _p, ...onlySecond } = extras;
    expect((await put(cookies.rep, joined(onlySecond))).statusCode).toBe(200);
    const answers = (await pharmacyRow(pharmacyId)).answers;
    expect(answers).toMatchObject({ firstName2: 'Marco' });
    expect(answers).not.toHaveProperty('firstName3');
    expect(answers).not.toHaveProperty('callFlag');
  });
});

describe('access', () => {
  it('a rep cannot open or update another rep’s pharmacy: 403 with no data, nothing written', async () => {
    const read = await ctx.app.inject({ method: 'GET', url: `/api/rep-get-pharmacy?id=${otherPharmacyId}`, headers: { cookie: cookies.rep } });
    expect(read.statusCode).toBe(403);
    expect(read.json()).not.toHaveProperty('data');
    const write = await put(cookies.rep, visit({ pharmacyId: otherPharmacyId }));
    expect(write.statusCode).toBe(403);
    expect(write.json()).not.toHaveProperty('data');
    expect(await pharmacyRow(otherPharmacyId)).toMatchObject({ currentCallFlag: 'not_interested', month: 1 });
    expect(await entriesOf(otherPharmacyId)).toHaveLength(0);
  });

  it('a pharmacy of another area is refused to its manager; its own manager and the main admin may record', async () => {
    expect((await put(cookies.otherManager, visit())).statusCode).toBe(403);
    expect((await put(cookies.otherRep, visit())).statusCode).toBe(403);
    expect((await put(cookies.manager, visit())).statusCode).toBe(200);
    expect((await put(cookies.admin, visit({ month: 9 }))).statusCode).toBe(200);
  });

  it('refuses without a session and for an id that is not one', async () => {
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/rep-update-pharmacy', payload: visit() })).statusCode).toBe(401);
    expect((await put(cookies.rep, visit({ pharmacyId: 'nope' }))).json().errors).toEqual({ pharmacyId: 'validation.invalid' });
  });

  it('lists a rep’s assigned pharmacies and nothing else, to them, their manager and the main admin only', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: `/api/v1/register/rep/pharmacies?assignedreptoken=${rep.id}`, headers: { cookie: cookies.rep } });
    expect(list.statusCode).toBe(200);
    const ids = (list.json() as { id: string }[]).map((p) => p.id);
    expect(ids).toContain(pharmacyId);
    expect(ids).not.toContain(otherPharmacyId);
    const assigned = await ctx.database.db.select({ id: fieldPharmacies.id }).from(fieldPharmacies).where(eq(fieldPharmacies.salesRepId, rep.id));
    expect(ids.sort()).toEqual(assigned.map((p) => p.id).sort());
    for (const [cookie, status] of [
      [cookies.otherRep, 403],
      [cookies.otherManager, 403],
      [cookies.manager, 200],
      [cookies.admin, 200],
    ] as const) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/register/rep/pharmacies?assignedreptoken=${rep.id}`, headers: { cookie } });
      expect(response.statusCode).toBe(status);
      if (status === 403) expect(response.json()).not.toHaveProperty('data');
    }
  });
});

describe('one transaction', () => {
  it('rolls the pharmacy back when the history entry cannot be written', async () => {
    // A database trigger stands in for any failure after the pharmacy's row was updated.
    await ctx.database.db.execute(
      sql`create or replace function refuse_entry() returns trigger as $$ begin if new.note = 'boom' then raise exception 'refused'; end if; return new; end $$ language plpgsql`,
    );
    await ctx.database.db.execute(sql`create trigger refuse_entry before insert on call_entries for each row execute function refuse_entry()`);
    try {
      const response = await put(cookies.rep, visit({ note: 'boom' }), { 'idempotency-key': 'rollback-key-1' });
      expect(response.statusCode).toBe(500);
      expect(await pharmacyRow(pharmacyId)).toMatchObject({ currentCallFlag: null, month: null, fullAddress: 'Via del Corso 10, 00186 Roma RM' });
      expect(await entriesOf(pharmacyId)).toHaveLength(0);
    } finally {
      await ctx.database.db.execute(sql`drop trigger refuse_entry on call_entries`);
    }
    // The failed attempt left no trace of its key: sent again, it is written.
    expect((await put(cookies.rep, visit({ note: 'ok now' }), { 'idempotency-key': 'rollback-key-1' })).statusCode).toBe(200);
    expect(await entriesOf(pharmacyId)).toHaveLength(1);
  });
});

describe('Idempotency-Key', () => {
  it('answers a replay with the first answer and writes once, even when both arrive together', async () => {
    const headers = { 'idempotency-key': 'f0e1d2c3-b4a5-4697-8877-665544332211' };
    // A replay is the same request again: the same body (visit() draws a new place each time).
    const body = visit({ note: 'Una volta' });
    const [first, second] = await Promise.all([put(cookies.rep, body, headers), put(cookies.rep, body, headers)]);
    const third = await put(cookies.rep, body, headers);
    for (const response of [first, second, third]) expect(response.statusCode).toBe(200);
    expect(second.json().data).toEqual(first.json().data);
    expect(third.json().data).toEqual(first.json().data);
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(await entriesOf(pharmacyId)).toHaveLength(1);
  });

  it('refuses the key sent again with another body (422), and keeps the first visit', async () => {
    const headers = { 'idempotency-key': 'reused-key-a1b2c3d4' };
    const body = visit({ note: 'Prima visita' });
    expect((await put(cookies.rep, body, headers)).statusCode).toBe(200);
    const other = await put(cookies.rep, { ...body, note: 'Un’altra visita' }, headers);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ status: 'failed', message: 'invalid', errors: { idempotencyKey: 'validation.idempotencyKeyReused' } });
    const entries = await entriesOf(pharmacyId);
    expect(entries.map((e) => e.note)).toEqual(['Prima visita']);
    // The same body again is still the first visit's replay, whatever the order of its fields.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    expect((await put(cookies.rep, reordered, headers)).headers['idempotent-replayed']).toBe('true');
  });

  it('is per user: another user’s request with the same key is their own', async () => {
    const headers = { 'idempotency-key': 'shared-key-123456' };
    expect((await put(cookies.rep, visit(), headers)).statusCode).toBe(200);
    const byManager = await put(cookies.manager, visit({ month: 11 }), headers);
    expect(byManager.headers['idempotent-replayed']).toBeUndefined();
    expect(await entriesOf(pharmacyId)).toHaveLength(2);
  });

  it('is remembered for 30 days, then forgotten by the purge', async () => {
    const headers = { 'idempotency-key': 'month-old-key-123456' };
    const body = visit();
    expect((await put(cookies.rep, body, headers)).statusCode).toBe(200);
    const in29Days = new Date(Date.now() + 29 * 86_400_000);
    await purgeIdempotencyKeys(ctx.database.db, in29Days);
    expect((await put(cookies.rep, body, headers)).headers['idempotent-replayed']).toBe('true');
    const in31Days = new Date(Date.now() + 31 * 86_400_000);
    expect(await purgeIdempotencyKeys(ctx.database.db, in31Days)).toBeGreaterThanOrEqual(1);
    const rows = await ctx.database.db.select().from(idempotentRequests).where(eq(idempotentRequests.key, headers['idempotency-key']));
    expect(rows).toEqual([]);
  });

  it('refuses a malformed key', async () => {
    const response = await put(cookies.rep, visit(), { 'idempotency-key': 'short' });
    expect(response.json().errors).toEqual({ idempotencyKey: 'validation.invalid' });
  });
});
