// Issue 41 item 1: the reviewers' digest of the decision clock. On a working day of a market, from
// 08:00 there, each reviewer of that market gets one e-mail in their language listing the market's
// applications due soon or overdue (reference, pharmacy, due date, state, link to the review
// detail); nothing when there are none, nothing on a weekend, never twice a day.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Country } from '#shared/markets.ts';
import { applications, mailOutbox, staffUsers } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { submitApplication } from '../../test/listings.ts';
import { withSentBodies } from '../../test/mail.ts';
import { addStaff } from '../../test/staff.ts';
import type { StaffUser } from '../auth/staff-users.ts';
import { runIfMyTurn } from '../scheduled-jobs.ts';
import { reviewDigestJob, type ReviewersOf } from './review-digest.ts';

const DAY = 24 * 3600 * 1000;
// Thursday 19 November 2026, 09:30 in London, 10:30 in Rome and Berlin.
const THURSDAY = new Date('2026-11-19T09:30:00Z');
const silentLog = { error() {}, info() {}, warn() {} } as never;

let ctx: TestContext;
const people = {} as Record<'uk' | 'it' | 'de' | 'disabled' | 'admin', StaffUser>;
const apps = {} as Record<'ukSoon' | 'ukLate' | 'ukFresh' | 'itLate' | 'ukDecided', { id: string; reference: string }>;

beforeAll(async () => {
  ctx = await createTestContext({ publicUrl: 'https://champions.example.com' });
  people.uk = await addStaff(ctx, 'reviewer', { language: 'en' });
  people.it = await addStaff(ctx, 'reviewer', { language: 'it' });
  people.de = await addStaff(ctx, 'reviewer');
  await ctx.database.db.update(staffUsers).set({ language: 'de' }).where(eq(staffUsers.id, people.de.id));
  people.disabled = await addStaff(ctx, 'reviewer', { language: 'en' });
  await ctx.database.db.update(staffUsers).set({ disabledAt: new Date() }).where(eq(staffUsers.id, people.disabled.id));
  people.admin = await addStaff(ctx, 'main_admin', { language: 'en' });

  const submitted = async (country: Country, daysAgo: number, status = 'submitted') => {
    const { id } = await submitApplication(ctx, country);
    const [row] = await ctx.database.db
      .update(applications)
      .set({ submittedAt: new Date(THURSDAY.getTime() - daysAgo * DAY), status })
      .where(eq(applications.id, id))
      .returning();
    return { id, reference: row!.reference! };
  };
  apps.ukSoon = await submitted('uk', 25);
  apps.ukLate = await submitted('uk', 31);
  apps.ukFresh = await submitted('uk', 5);
  apps.ukDecided = await submitted('uk', 35, 'approved');
  apps.itLate = await submitted('it', 30);
});
afterAll(() => ctx?.close());

const everyone = () => Object.values(people).map((p) => p.email);
const mails = async () => withSentBodies(ctx.config.mail.dir, await ctx.database.db.select().from(mailOutbox).where(inArray(mailOutbox.to, everyone())));
const mailsTo = async (user: StaffUser) => (await mails()).filter((m) => m.to === user.email).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
/** Each market's reviewer alone, as once reviewers are set to markets. */
const oneEach: ReviewersOf = async (_db, market) => [people[market]];

/** Runs the job at `at`; without `reviewersOf`, with the product's own choice of a market's reviewers. */
async function runAt(at: Date, reviewersOf?: ReviewersOf) {
  // Two runs at once (a retried turn, a second server) and a scheduled turn.
  const job = reviewDigestJob(ctx.app, ctx.config, { now: () => at, ...(reviewersOf ? { reviewersOf } : {}) });
  await Promise.all([job.run(), job.run(), runIfMyTurn(ctx.database.db, job, silentLog)]);
}

describe("the reviewers' daily digest", () => {
  it("goes to each market's reviewers only, with that market's decisions due soon or overdue, in their language, and not when there are none", async () => {
    await runAt(THURSDAY, oneEach);

    const [uk, ...moreUk] = await mailsTo(people.uk);
    expect(moreUk).toHaveLength(0);
    expect(uk!.subject).toBe('Pharmacy Champions: 2 decisions due soon or overdue in the United Kingdom');
    // The oldest due first, each with its reference, pharmacy, due date, state and link.
    const [late, soon] = [uk!.text.indexOf(apps.ukLate.reference), uk!.text.indexOf(apps.ukSoon.reference)];
    expect(late).toBeGreaterThan(0);
    expect(soon).toBeGreaterThan(late);
    expect(uk!.text).toMatch(
      new RegExp(`${apps.ukLate.reference}, [^:]+: due 16 November 2026 \\(overdue\\)\\n  https://champions\\.example\\.com/uk/admin/review/${apps.ukLate.id}`),
    );
    expect(uk!.text).toContain(`${apps.ukSoon.reference}, `);
    expect(uk!.text).toContain(': due 22 November 2026 (due soon)');
    expect(uk!.html).toContain(`<a href="https://champions.example.com/uk/admin/review/${apps.ukSoon.id}">${apps.ukSoon.reference}, `);
    expect(uk!.text).not.toContain(apps.ukFresh.reference);
    expect(uk!.text).not.toContain(apps.ukDecided.reference);
    expect(uk!.text).not.toContain(apps.itLate.reference);

    const [italy, ...moreIt] = await mailsTo(people.it);
    expect(moreIt).toHaveLength(0);
    expect(italy!.subject).toBe('Pharmacy Champions: 1 decisione in scadenza o in ritardo (Italia)');
    expect(italy!.text).toContain(`${apps.itLate.reference}, `);
    expect(italy!.text).toContain(': decisione entro il 17 novembre 2026 (in ritardo)');
    expect(italy!.text).toContain(`https://champions.example.com/it/admin/review/${apps.itLate.id}`);
    expect(italy!.text).not.toContain(apps.ukLate.reference);

    // Nothing is due in Germany: its reviewer gets nothing.
    expect(await mailsTo(people.de)).toHaveLength(0);
  });

  it('goes once a working day: not again the same day, not on a weekend nor before 08:00, again the next working day', async () => {
    await runAt(new Date(THURSDAY.getTime() + 6 * 3600 * 1000), oneEach);
    expect(await mailsTo(people.uk)).toHaveLength(1);

    await runAt(new Date('2026-11-21T10:00:00Z'), oneEach); // Saturday
    await runAt(new Date('2026-11-22T10:00:00Z'), oneEach); // Sunday
    expect(await mailsTo(people.it)).toHaveLength(1);
    // Monday 07:30 in London is 08:30 in Rome: each market's own morning.
    await runAt(new Date('2026-11-23T07:30:00Z'), oneEach);
    expect(await mailsTo(people.uk)).toHaveLength(1);
    expect(await mailsTo(people.it)).toHaveLength(2);

    await runAt(new Date('2026-11-23T08:30:00Z'), oneEach); // Monday, 08:30 in London
    const uk = await mailsTo(people.uk);
    expect(uk).toHaveLength(2);
    // By Monday the one due on Sunday is overdue too; the fresh one is still on track.
    expect(uk[1]!.subject).toBe('Pharmacy Champions: 2 decisions due soon or overdue in the United Kingdom');
    expect(uk[1]!.text).toContain(': due 22 November 2026 (overdue)');
    expect(uk[1]!.text).not.toContain(apps.ukFresh.reference);
  });

  it("goes to the active reviewers of the market (not disabled ones, not other staff) when no market's reviewers are chosen by hand", async () => {
    await runAt(new Date('2026-11-24T10:00:00Z'));
    const to = new Set((await mails()).map((m) => m.to));
    expect(to.has(people.disabled.email)).toBe(false);
    expect(to.has(people.admin.email)).toBe(false);
    // The German reviewer reviews the United Kingdom and Italy too: two digests, in German.
    const german = await mailsTo(people.de);
    expect(german.map((m) => m.subject).sort()).toEqual([
      'Pharmacy Champions: 1 Entscheidung bald fällig oder überfällig (Italien)',
      'Pharmacy Champions: 2 Entscheidungen bald fällig oder überfällig (Vereinigtes Königreich)',
    ]);
    expect(german[0]!.text).toContain('https://champions.example.com/de/admin/review/');
    expect(german[0]!.text).toContain('Guten Tag Giulia,');
  });
});
