// The daily digest of joins (issue 24 item 4), on two app instances sharing one database: each
// manager who wants it gets one e-mail a day, in their language, listing the pharmacies their reps
// recorded as joined the day before (Rome time), with where to turn it off; nothing to managers
// who turned it off or whose reps recorded no join, and nothing before 07:00 in Rome.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { callEntries, fieldPharmacies, mailOutbox, staffUsers } from '../../db/schema.ts';
import { createTestContext, usingPostgres, type TestContext } from '../../test/context.ts';
import { addStaff, signIn } from '../../test/staff.ts';
import { withSentBodies } from '../../test/mail.ts';
import type { StaffUser } from '../auth/staff-users.ts';
import { runIfMyTurn } from '../scheduled-jobs.ts';
import { joinsDigestJob } from './joins-digest.ts';

let ctx: TestContext;
let second: FastifyInstance;
let secondDatabase: DatabaseHandle | null = null;
let clock = new Date('2026-11-19T07:30:00Z'); // Thursday 19 November, 08:30 in Rome
const people = {} as Record<'am' | 'amEn' | 'amOff' | 'amQuiet' | 'rep' | 'repEn' | 'repOff', StaffUser>;
const silentLog = { error() {}, info() {}, warn() {} } as never;

beforeAll(async () => {
  ctx = await createTestContext({ publicUrl: 'https://campioni.example.it' });
  // A second server on the same database: its own pool on PostgreSQL, the one embedded database otherwise.
  secondDatabase = usingPostgres() ? await openDatabase(ctx.config) : null;
  second = await buildApp(ctx.config, { database: secondDatabase ?? ctx.database });
  await second.ready();
  people.am = await addStaff(ctx, 'area_manager');
  people.amEn = await addStaff(ctx, 'area_manager', { language: 'en' });
  people.amOff = await addStaff(ctx, 'area_manager');
  people.amQuiet = await addStaff(ctx, 'area_manager');
  people.rep = await addStaff(ctx, 'sales_rep', { areaManagerId: people.am.id });
  people.repEn = await addStaff(ctx, 'sales_rep', { areaManagerId: people.amEn.id });
  people.repOff = await addStaff(ctx, 'sales_rep', { areaManagerId: people.amOff.id });
  // The manager who does not want it turns it off on the reps page.
  const { cookie } = await signIn(ctx, people.amOff);
  const off = await ctx.app.inject({
    method: 'PUT',
    url: '/api/areamanager-joins-digest',
    headers: { cookie },
    payload: { areaManagerId: people.amOff.id, joinsDigest: false },
  });
  expect(off.statusCode, off.body).toBe(200);
});
afterAll(async () => {
  await second?.close();
  await secondDatabase?.close();
  await ctx?.close();
});

async function pharmacy(areaManagerId: string, salesRepId: string, name: string) {
  const [row] = await ctx.database.db
    .insert(fieldPharmacies)
    .values({ areaManagerId, salesRepId, name, fullAddress: `${name}, Roma`, city: 'Roma' })
    .returning();
  return row!;
}
const visit = (pharmacyId: string, byUserId: string, at: string, callFlag = 'joined_unify') =>
  ctx.database.db.insert(callEntries).values({ pharmacyId, byUserId, at: new Date(at), callFlag, month: 11 });
/** The digests queued for a manager, with what was sent (a delivered row keeps no body: docs/decisions/0042). */
const digestsTo = async (user: StaffUser) =>
  withSentBodies(ctx.config.mail.dir, await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email)));

/** Both servers run the job at once, each as a scheduled turn and each directly (a turn retried, or a second job runner). */
async function runOnBothServers() {
  const jobs = [joinsDigestJob(ctx.app, ctx.config, () => clock), joinsDigestJob(second, ctx.config, () => clock)];
  await Promise.all([
    ...jobs.map((job) => job.run()),
    runIfMyTurn(ctx.database.db, jobs[0]!, silentLog),
    runIfMyTurn((secondDatabase ?? ctx.database).db, jobs[1]!, silentLog),
  ]);
}

describe('the daily joins digest', () => {
  it("e-mails each manager who wants it, once across two servers, yesterday's joins in their language, with where to turn it off", async () => {
    const alfa = await pharmacy(people.am.id, people.rep.id, 'Farmacia Alfa');
    const beta = await pharmacy(people.am.id, people.rep.id, 'Farmacia Beta');
    const gamma = await pharmacy(people.am.id, people.rep.id, 'Farmacia Gamma');
    // Wednesday 18 November in Rome runs from 17 November 23:00 UTC to 18 November 23:00 UTC.
    await visit(alfa.id, people.rep.id, '2026-11-17T23:30:00Z');
    await visit(alfa.id, people.rep.id, '2026-11-18T10:00:00Z'); // the same pharmacy again: one join
    await visit(beta.id, people.rep.id, '2026-11-18T16:00:00Z');
    await visit(gamma.id, people.rep.id, '2026-11-18T11:00:00Z', 'interested_but_requires_another_visit');
    await visit(gamma.id, people.rep.id, '2026-11-17T22:30:00Z'); // Tuesday in Rome: not yesterday's
    const delta = await pharmacy(people.amEn.id, people.repEn.id, 'Farmacia Delta');
    await visit(delta.id, people.repEn.id, '2026-11-18T09:00:00Z');
    const epsilon = await pharmacy(people.amOff.id, people.repOff.id, 'Farmacia Epsilon');
    await visit(epsilon.id, people.repOff.id, '2026-11-18T09:00:00Z');

    await runOnBothServers();
    await runOnBothServers();

    const italian = await digestsTo(people.am);
    expect(italian).toHaveLength(1);
    const mail = italian[0]!;
    expect(mail.subject).toBe('Pharmacy Champions: 2 adesioni del 18 novembre');
    expect(mail.text).toContain(`Gentile ${people.am.firstName},`);
    expect(mail.text).toContain('ieri, mercoledì 18 novembre 2026, i Suoi informatori hanno registrato 2 adesioni:');
    expect(mail.text).toContain(`- Farmacia Alfa, Roma (${people.rep.firstName} ${people.rep.lastName})`);
    expect(mail.text).toContain('- Farmacia Beta, Roma');
    expect(mail.text).not.toContain('Farmacia Gamma');
    expect(mail.text).toContain('disattivi «Riepilogo giornaliero delle adesioni via e-mail» nella pagina «Informatori»');
    expect(mail.text).toContain(`https://campioni.example.it/it/areamanager/reps/${people.am.id}`);
    expect(mail.html).toContain(`href="https://campioni.example.it/it/areamanager/reps/${people.am.id}"`);

    const english = await digestsTo(people.amEn);
    expect(english).toHaveLength(1);
    expect(english[0]!.subject).toBe('Pharmacy Champions: 1 join on 18 November');
    expect(english[0]!.text).toMatch(/Yesterday \(Wednesday,? 18 November 2026\) your reps recorded 1 join:/);
    expect(english[0]!.text).toContain('turn off "Daily e-mail of joins" on the "Reps" page');
    // The reps page in the manager's language.
    expect(english[0]!.text).toContain(`https://campioni.example.it/it/areamanager/reps/${people.amEn.id}?lang=en`);

    // Turned off: nothing. No joins: nothing.
    expect(await digestsTo(people.amOff)).toHaveLength(0);
    expect(await digestsTo(people.amQuiet)).toHaveLength(0);
  });

  it('sends nothing more the same day, nothing before 07:00 in Rome, and the next day only what that day brought', async () => {
    clock = new Date('2026-11-19T16:00:00Z');
    const today = await pharmacy(people.am.id, people.rep.id, 'Farmacia Zeta');
    await visit(today.id, people.rep.id, '2026-11-19T09:00:00Z');
    await runOnBothServers();
    expect(await digestsTo(people.am)).toHaveLength(1);

    clock = new Date('2026-11-20T05:30:00Z'); // Friday, 06:30 in Rome
    await runOnBothServers();
    expect(await digestsTo(people.am)).toHaveLength(1);

    // A manager disabled meanwhile gets none.
    const eta = await pharmacy(people.amEn.id, people.repEn.id, 'Farmacia Eta');
    await visit(eta.id, people.repEn.id, '2026-11-19T09:00:00Z');
    await ctx.database.db.update(staffUsers).set({ disabledAt: clock }).where(eq(staffUsers.id, people.amEn.id));

    clock = new Date('2026-11-20T06:05:00Z'); // 07:05 in Rome
    await runOnBothServers();
    const mails = await digestsTo(people.am);
    expect(mails).toHaveLength(2);
    const latest = mails.find((m) => m.subject.includes('19 novembre'))!;
    expect(latest.subject).toBe('Pharmacy Champions: 1 adesione del 19 novembre');
    expect(latest.text).toContain('Farmacia Zeta');
    expect(latest.text).not.toContain('Farmacia Alfa');
    expect(await digestsTo(people.amEn)).toHaveLength(1);
  });
});
