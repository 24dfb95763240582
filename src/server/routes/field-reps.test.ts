// The area manager's reps page (issue 24 item 4): the reps with their counts, disabling a rep
// (their session ends: the next request is 401, and they cannot sign in) and enabling them again,
// moving one pharmacy or all of a rep's pharmacies to another rep, the digest setting, and
// another manager's reps out of reach (403).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RepSummaries, RepSummary } from '#shared/schemas/staff-reps.ts';
import { callEntries, fieldPharmacies, staffUsers } from '../db/schema.ts';
import type { StaffUser } from '../services/auth/staff-users.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { addStaff, signIn, tokenOfLink } from '../test/staff.ts';

// Thursday 19 November 2026, 11:00 in Rome: the week began on Monday 16 November at 00:00 in Rome
// (15 November 23:00 UTC), the month on 1 November at 00:00 in Rome (31 October 23:00 UTC).
const NOW = new Date('2026-11-19T10:00:00Z');
let ctx: TestContext;
const people = {} as Record<'admin' | 'am' | 'otherAm' | 'rep' | 'rep2' | 'quietRep' | 'otherRep', StaffUser>;
const cookies = {} as Record<'admin' | 'am' | 'otherAm' | 'rep' | 'rep2', string>;

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => NOW });
  people.admin = await addStaff(ctx, 'main_admin');
  people.am = await addStaff(ctx, 'area_manager');
  people.otherAm = await addStaff(ctx, 'area_manager');
  people.rep = await addStaff(ctx, 'sales_rep', { areaManagerId: people.am.id });
  people.rep2 = await addStaff(ctx, 'sales_rep', { areaManagerId: people.am.id });
  people.quietRep = await addStaff(ctx, 'sales_rep', { areaManagerId: people.am.id });
  people.otherRep = await addStaff(ctx, 'sales_rep', { areaManagerId: people.otherAm.id });
  for (const who of ['admin', 'am', 'otherAm', 'rep', 'rep2'] as const) cookies[who] = (await signIn(ctx, people[who], () => NOW)).cookie;
});
afterAll(async () => {
  await ctx?.close();
});

const as = (who: keyof typeof cookies) => ({ cookie: cookies[who] });
const summaries = (who: keyof typeof cookies, id = people.am.id) =>
  ctx.app.inject({ method: 'GET', url: `/api/areamanager-get-rep-summaries?id=${id}`, headers: as(who) });
const post = (who: keyof typeof cookies, path: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: path, headers: as(who), payload });
const repList = (who: keyof typeof cookies, repId: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/register/rep/pharmacies?assignedreptoken=${repId}`, headers: as(who) });
const namesIn = async (who: keyof typeof cookies, repId: string) =>
  ((await repList(who, repId)).json() as { pharmacyName: string }[]).map((p) => p.pharmacyName).sort();

async function insertPharmacies(areaManagerId: string, salesRepId: string | null, names: string[]) {
  return ctx.database.db
    .insert(fieldPharmacies)
    .values(names.map((name, i) => ({ areaManagerId, salesRepId, name, fullAddress: `Via Roma ${i + 1}, Roma`, city: 'Roma' })))
    .returning();
}

const entry = (pharmacyId: string, byUserId: string, at: string, callFlag = 'appointment_scheduled') => ({
  pharmacyId,
  byUserId,
  at: new Date(at),
  callFlag,
  month: 11,
});

describe('GET /api/areamanager-get-rep-summaries', () => {
  it("lists the manager's reps with their pharmacies, visits this week and month (Rome time, weeks from Monday), joins and last visit", async () => {
    const [a, b] = await insertPharmacies(people.am.id, people.rep.id, ['Farmacia Alfa', 'Farmacia Beta']);
    await insertPharmacies(people.am.id, people.rep2.id, ['Farmacia Gamma']);
    await ctx.database.db.insert(callEntries).values([
      entry(a!.id, people.rep.id, '2026-11-18T09:00:00Z'),
      entry(a!.id, people.rep.id, '2026-11-17T09:00:00Z', 'joined_unify'),
      // The same pharmacy recorded as joined again: one join (as the dashboard counts them).
      entry(a!.id, people.rep.id, '2026-11-17T15:00:00Z', 'joined_unify'),
      // Monday 00:30 in Rome: this week. Sunday 23:30 in Rome: this month only.
      entry(b!.id, people.rep.id, '2026-11-15T23:30:00Z'),
      entry(b!.id, people.rep.id, '2026-11-15T22:30:00Z', 'joined_unify'),
      // 31 October, 23:30 UTC: 1 November in Rome, this month. The 31 October in Rome is last month's.
      entry(b!.id, people.rep.id, '2026-10-31T23:30:00Z'),
      entry(b!.id, people.rep.id, '2026-10-31T22:30:00Z', 'joined_unify'),
    ]);

    const response = await summaries('am');
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as RepSummaries;
    expect(data).toMatchObject({ joinsDigest: true, weekStart: '2026-11-15T23:00:00.000Z', monthStart: '2026-10-31T23:00:00.000Z' });
    const byId = new Map(data.reps.map((rep) => [rep.id, rep]));
    expect(byId.get(people.rep.id)).toEqual<RepSummary>({
      id: people.rep.id,
      firstName: people.rep.firstName,
      lastName: people.rep.lastName,
      email: people.rep.email,
      disabled: false,
      pharmacies: 2,
      visitsThisWeek: 4,
      visitsThisMonth: 6,
      joinsThisMonth: 2,
      lastVisitAt: '2026-11-18T09:00:00.000Z',
    });
    expect(byId.get(people.rep2.id)).toMatchObject({ pharmacies: 1, visitsThisWeek: 0, visitsThisMonth: 0, joinsThisMonth: 0, lastVisitAt: null });
    expect(byId.get(people.quietRep.id)).toMatchObject({ pharmacies: 0, lastVisitAt: null });
    // Only this manager's reps.
    expect(byId.has(people.otherRep.id)).toBe(false);
    expect(data.reps).toHaveLength(3);
  });

  it("lets the main admin see any manager's reps, and no other manager or rep (403)", async () => {
    expect((await summaries('admin')).statusCode).toBe(200);
    expect((await summaries('otherAm')).statusCode).toBe(403);
    expect((await summaries('rep')).statusCode).toBe(403);
    expect((await summaries('otherAm')).json().data).toBeUndefined();
  });
});

describe('a manager acts on their own reps only', () => {
  it("answers 403, changing nothing, when another manager disables, enables or moves this manager's reps or sets their digest", async () => {
    const [mine] = await insertPharmacies(people.am.id, people.quietRep.id, ['Farmacia Intoccabile']);
    expect((await post('otherAm', '/api/areamanager-disable-rep', { repId: people.quietRep.id })).statusCode).toBe(403);
    expect((await post('otherAm', '/api/areamanager-enable-rep', { repId: people.quietRep.id })).statusCode).toBe(403);
    expect((await post('otherAm', '/api/areamanager-move-rep-pharmacies', { fromRepId: people.quietRep.id, toRepId: people.otherRep.id })).statusCode).toBe(
      403,
    );
    const setting = await ctx.app.inject({
      method: 'PUT',
      url: '/api/areamanager-joins-digest',
      headers: as('otherAm'),
      payload: { areaManagerId: people.am.id, joinsDigest: false },
    });
    expect(setting.statusCode).toBe(403);
    // A rep never manages an account, not even their own.
    expect((await post('rep', '/api/areamanager-disable-rep', { repId: people.rep.id })).statusCode).toBe(403);
    const [stored] = await ctx.database.db.select().from(staffUsers).where(eq(staffUsers.id, people.quietRep.id));
    expect(stored!.disabledAt).toBeNull();
    const [pharmacy] = await ctx.database.db.select().from(fieldPharmacies).where(eq(fieldPharmacies.id, mine!.id));
    expect(pharmacy!.salesRepId).toBe(people.quietRep.id);
    const [manager] = await ctx.database.db.select().from(staffUsers).where(eq(staffUsers.id, people.am.id));
    expect(manager!.joinsDigest).toBe(true);
  });

  it('refuses to move pharmacies to another manager’s rep, to a disabled rep or to the same rep (400 toRepId)', async () => {
    for (const toRepId of [people.otherRep.id, people.rep.id, 'not-a-rep', '']) {
      const response = await post('am', '/api/areamanager-move-rep-pharmacies', { fromRepId: people.rep.id, toRepId });
      expect(response.statusCode, toRepId).toBe(400);
      expect(response.json().errors).toEqual({ toRepId: 'validation.choose' });
    }
  });
});

describe('disabling and enabling a rep', () => {
  it("ends the rep's session at once (their next request is 401), refuses their sign-in, shows their pharmacies with no rep; enabled, they sign in again", async () => {
    const [kept] = await insertPharmacies(people.am.id, people.rep2.id, ['Farmacia Senza Informatore']);
    expect((await repList('rep2', people.rep2.id)).statusCode).toBe(200);

    const disabled = await post('am', '/api/areamanager-disable-rep', { repId: people.rep2.id });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await repList('rep2', people.rep2.id)).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: as('rep2') })).statusCode).toBe(401);
    // A link printed before or after cannot sign them in.
    const link = await ctx.app.services.auth.consoleLink((await ctx.app.services.auth.users.findById(people.rep2.id))!, 'http://localhost');
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token: tokenOfLink(link) } });
    expect(refused.statusCode).not.toBe(200);

    // The manager's list, view and edit form show the pharmacy with no rep until it is moved.
    const list = await ctx.app.inject({ method: 'GET', url: `/api/areamanager-get-pharmacies?id=${people.am.id}&q=Senza`, headers: as('am') });
    expect(list.json().data).toEqual([expect.objectContaining({ id: kept!.id, repName: null })]);
    const view = await ctx.app.inject({ method: 'GET', url: `/api/areamanager-get-pharmacy?id=${kept!.id}`, headers: as('am') });
    expect(view.json().data).toMatchObject({ repName: null, salesRep: null });
    // Nor is a disabled rep offered or accepted for a pharmacy.
    const offered = await ctx.app.inject({ method: 'GET', url: `/api/areamanager-get-reps?id=${people.am.id}`, headers: as('am') });
    expect((offered.json().data as { nid: string }[]).map((r) => r.nid)).not.toContain(people.rep2.id);
    const summary = (await summaries('am')).json().data as RepSummaries;
    expect(summary.reps.find((r) => r.id === people.rep2.id)).toMatchObject({ disabled: true, pharmacies: 2 });

    const enabled = await post('am', '/api/areamanager-enable-rep', { repId: people.rep2.id });
    expect(enabled.statusCode, enabled.body).toBe(200);
    // The old session stays ended; a new sign-in works, and their pharmacies are theirs again.
    expect((await repList('rep2', people.rep2.id)).statusCode).toBe(401);
    cookies.rep2 = (await signIn(ctx, (await ctx.app.services.auth.users.findById(people.rep2.id))!, () => NOW)).cookie;
    expect(await namesIn('rep2', people.rep2.id)).toContain('Farmacia Senza Informatore');
    const back = await ctx.app.inject({ method: 'GET', url: `/api/areamanager-get-pharmacy?id=${kept!.id}`, headers: as('am') });
    expect(back.json().data.repName).toBe(`${people.rep2.firstName} ${people.rep2.lastName}`);
  });

  it('lets the main admin disable and enable any manager’s rep', async () => {
    expect((await post('admin', '/api/areamanager-disable-rep', { repId: people.otherRep.id })).statusCode).toBe(200);
    expect((await ctx.app.services.auth.users.findById(people.otherRep.id))!.disabledAt).not.toBeNull();
    expect((await post('admin', '/api/areamanager-enable-rep', { repId: people.otherRep.id })).statusCode).toBe(200);
    expect((await ctx.app.services.auth.users.findById(people.otherRep.id))!.disabledAt).toBeNull();
  });
});

describe('reassigning pharmacies', () => {
  it("moves one pharmacy to another rep on the edit page: it leaves the first rep's list and joins the other's; a disabled rep is refused", async () => {
    const [moving] = await insertPharmacies(people.am.id, people.rep.id, ['Farmacia Trasferita']);
    expect(await namesIn('rep', people.rep.id)).toContain('Farmacia Trasferita');
    const details = (salesRep: string) => ({
      pharmacyId: moving!.id,
      salesRep,
      oncStatus: 'registered',
      whereYouWork: 'Farmacia Trasferita',
      placeId: `manual:${'f'.repeat(32)}`,
      lat: 41.9,
      lng: 12.5,
      address: 'Via Roma 9, 00100 Roma RM',
      city: 'Roma',
      region: 'lazio',
      prov: 'RM',
    });
    await post('am', '/api/areamanager-disable-rep', { repId: people.quietRep.id });
    const toDisabled = await ctx.app.inject({
      method: 'PUT',
      url: '/api/areamanager-update-pharmacy',
      headers: as('am'),
      payload: details(people.quietRep.id),
    });
    expect(toDisabled.statusCode).toBe(400);
    expect(toDisabled.json().errors).toEqual({ salesRep: 'validation.choose' });
    await post('am', '/api/areamanager-enable-rep', { repId: people.quietRep.id });

    const moved = await ctx.app.inject({ method: 'PUT', url: '/api/areamanager-update-pharmacy', headers: as('am'), payload: details(people.rep2.id) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await namesIn('rep', people.rep.id)).not.toContain('Farmacia Trasferita');
    expect(await namesIn('rep2', people.rep2.id)).toContain('Farmacia Trasferita');
  });

  it("moves all of a rep's pharmacies to another active rep in one action", async () => {
    const before = await namesIn('rep', people.rep.id);
    expect(before.length).toBeGreaterThan(1);
    const response = await post('am', '/api/areamanager-move-rep-pharmacies', { fromRepId: people.rep.id, toRepId: people.rep2.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ moved: before.length });
    expect(await namesIn('rep', people.rep.id)).toEqual([]);
    const theirs = await namesIn('rep2', people.rep2.id);
    for (const name of before) expect(theirs).toContain(name);
    const summary = (await summaries('am')).json().data as RepSummaries;
    expect(summary.reps.find((r) => r.id === people.rep.id)!.pharmacies).toBe(0);
    // Their visits stay theirs: the figures count what each rep recorded.
    expect(summary.reps.find((r) => r.id === people.rep.id)!.visitsThisMonth).toBe(6);
  });
});

describe('PUT /api/areamanager-joins-digest', () => {
  it('turns the daily digest off and on again for the manager', async () => {
    const put = (joinsDigest: unknown) =>
      ctx.app.inject({ method: 'PUT', url: '/api/areamanager-joins-digest', headers: as('am'), payload: { areaManagerId: people.am.id, joinsDigest } });
    expect((await put('no')).statusCode).toBe(400);
    const off = await put(false);
    expect(off.statusCode, off.body).toBe(200);
    expect(((await summaries('am')).json().data as RepSummaries).joinsDigest).toBe(false);
    expect((await put(true)).statusCode).toBe(200);
    expect(((await summaries('am')).json().data as RepSummaries).joinsDigest).toBe(true);
  });
});
