// Issue 41 item 1: the decision clock in the review queue. Each application waiting for a decision
// carries its due date and state; the queue lists the oldest due first and filters by state; decided
// applications carry no clock.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReviewList } from '#shared/schemas/review.ts';
import { applications } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { setStatus, submitApplication } from '../test/listings.ts';
import { addStaff, signIn } from '../test/staff.ts';

const DAY = 24 * 3600 * 1000;
let ctx: TestContext;
let clock = new Date();
let cookie: string;

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => clock });
  cookie = (await signIn(ctx, await addStaff(ctx, 'reviewer'))).cookie;
});
afterAll(() => ctx?.close());
beforeEach(() => {
  clock = new Date();
});

async function submittedDaysAgo(days: number, country: 'uk' | 'it' = 'uk') {
  const { id } = await submitApplication(ctx, country);
  await ctx.database.db
    .update(applications)
    .set({ submittedAt: new Date(clock.getTime() - days * DAY) })
    .where(eq(applications.id, id));
  return id;
}

const queue = async (query: string): Promise<ReviewList> => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/review/applications?${query}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as ReviewList;
};
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

describe('GET /api/review/applications: the decision clock', () => {
  it('says due soon at 22 days and overdue at 29, lists the oldest due first, and moves with the clock', async () => {
    const recent = await submittedDaysAgo(3);
    const dueSoon = await submittedDaysAgo(22);
    const overdue = await submittedDaysAgo(29);
    const start = clock.getTime();

    const { items } = await queue('status=submitted');
    expect(items.map((i) => i.id)).toEqual([overdue, dueSoon, recent]);
    expect(items.map((i) => i.clock)).toEqual(['overdue', 'due_soon', 'on_track']);
    // London is on UTC in winter and an hour ahead in summer: the due day is the submission's London day plus 28.
    const londonDay = (at: number) => new Date(at).toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
    expect(items[1]!.dueBy).toBe(londonDay(start - 22 * DAY + 28 * DAY));
    expect(items[0]!.dueBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(items[0]!.dueBy! < dayOf(start)).toBe(true);

    // Seven days on, the one due soon is overdue and the recent one still on track (10 days ago: 18 left).
    // (Asked of the desk itself: a staff session a week idle has ended.)
    clock = new Date(start + 7 * DAY);
    expect((await ctx.app.services.reviewDesk.list({ status: 'submitted', page: 1 })).items.map((i) => i.clock)).toEqual(['overdue', 'overdue', 'on_track']);
  });

  it('filters by state, and decided applications carry no clock', async () => {
    const dueSoon = await submittedDaysAgo(25, 'it');
    const overdue = await submittedDaysAgo(40, 'it');
    const decided = await submittedDaysAgo(40, 'it');
    await setStatus(ctx.database.db, decided, 'approved');

    const ids = async (state: string) => (await queue(`clock=${state}`)).items.map((i) => i.id);
    expect(await ids('due_soon')).toContain(dueSoon);
    expect(await ids('due_soon')).not.toContain(overdue);
    expect(await ids('overdue')).toContain(overdue);
    expect(await ids('overdue')).not.toContain(decided);
    expect(await ids('on_track')).not.toContain(dueSoon);
    for (const state of ['on_track', 'due_soon', 'overdue']) expect((await queue(`clock=${state}`)).items.every((i) => i.clock === state)).toBe(true);

    const approved = (await queue('status=approved')).items.find((i) => i.id === decided)!;
    expect(approved).toMatchObject({ dueBy: null, clock: null });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/review/applications?clock=late', headers: { cookie } })).statusCode).toBe(400);
  });
});
