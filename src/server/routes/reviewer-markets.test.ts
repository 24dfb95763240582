// Reviewers by market (issue 41 item 2, decision 0066): the main admin sets each reviewer's markets
// (validated, recorded in the activity log), the queue opens on them, another market's application
// says it is outside them, reviewersOfMarket, and the workload of open claims and decisions this week.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '#shared/schemas/activity-log.ts';
import type { ReviewListItem } from '#shared/schemas/review.ts';
import type { WorkloadAnswer } from '#shared/schemas/reviewer-markets.ts';
import { applications, reviewAudit, reviewClaims } from '../db/schema.ts';
import { reviewersOfMarket } from '../services/review/reviewers.ts';
import { solveCaptcha } from '../test/bot-check.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { validApplication } from '../test/payloads.ts';
import type { StaffUser } from '../services/auth/staff-users.ts';
import { addStaff, signIn } from '../test/staff.ts';

let ctx: TestContext;
// Wednesday 4 November 2026, 12:00 in London: the week began on Monday 2 November at 00:00 (GMT).
const clock = new Date('2026-11-04T12:00:00Z');
let admin: string;
let greta: StaffUser & { cookie: string };
let uma: StaffUser & { cookie: string };
let any: StaffUser & { cookie: string };
let germanId: string;
let britishId: string;

const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const put = (payload: object, cookie: string) => ctx.app.inject({ method: 'PUT', url: '/api/review/reviewer-markets', payload, headers: { cookie } });
const reviewer = async () => {
  const user = await addStaff(ctx, 'reviewer');
  return { ...user, cookie: (await signIn(ctx, user, () => clock)).cookie };
};

async function newApplication(country: 'uk' | 'de') {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/save-pharmacist',
    payload: { ...validApplication({ country: 'uk' }), recaptchaToken: await solveCaptcha(ctx.app) },
  });
  expect(response.statusCode).toBe(200);
  const id = response.json().data.id as string;
  // The German form needs a certificate upload; the market is what counts here.
  if (country === 'de') await ctx.database.db.update(applications).set({ country: 'de', language: 'de' }).where(eq(applications.id, id));
  return id;
}

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => clock });
  admin = (await signIn(ctx, await addStaff(ctx, 'main_admin'), () => clock)).cookie;
  greta = await reviewer();
  uma = await reviewer();
  any = await reviewer();
  germanId = await newApplication('de');
  britishId = await newApplication('uk');
});
afterAll(() => ctx.close());

describe('PUT /api/review/reviewer-markets', () => {
  it('is refused to anyone but the main admin', async () => {
    expect((await put({ reviewerId: greta.id, markets: ['de'] }, greta.cookie)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/review/reviewer-markets', payload: { reviewerId: greta.id, markets: ['de'] } })).statusCode).toBe(
      401,
    );
    expect((await get(`/api/review/reviewer-markets?id=${greta.id}`, greta.cookie)).statusCode).toBe(403);
    expect((await get('/api/review/workload', greta.cookie)).statusCode).toBe(403);
  });

  it('refuses a market not in the market table, and a reviewer who does not exist', async () => {
    const unknown = await put({ reviewerId: greta.id, markets: ['de', 'fr'] }, admin);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ markets: 'validation.invalid' });
    expect((await put({ reviewerId: greta.id, markets: 'de' }, admin)).statusCode).toBe(400);
    expect((await put({ reviewerId: '00000000-0000-4000-8000-000000000000', markets: ['de'] }, admin)).statusCode).toBe(404);
    expect((await get(`/api/review/reviewer-markets?id=${greta.id}`, admin)).json().data.markets).toEqual([]);
  });

  it('sets the markets, shows them on the form and the list, and records the change in the activity log once', async () => {
    expect((await put({ reviewerId: greta.id, markets: ['de'] }, admin)).statusCode).toBe(200);
    expect((await put({ reviewerId: greta.id, markets: ['de'] }, admin)).statusCode).toBe(200);
    expect((await put({ reviewerId: uma.id, markets: ['uk', 'uk'] }, admin)).statusCode).toBe(200);
    expect((await get(`/api/review/reviewer-markets?id=${greta.id}`, admin)).json().data).toEqual({
      reviewerId: greta.id,
      firstName: greta.firstName,
      lastName: greta.lastName,
      markets: ['de'],
    });
    const list = (await get('/api/review/reviewers', admin)).json().data as { id: string; markets: string[] }[];
    expect(list.find((r) => r.id === greta.id)?.markets).toEqual(['de']);
    expect(list.find((r) => r.id === uma.id)?.markets).toEqual(['uk']);
    expect(list.find((r) => r.id === any.id)?.markets).toEqual([]);

    const { items } = (await get('/api/admin/activity', admin)).json().data as { items: ActivityEntry[] };
    const changes = items.filter((e) => e.kind === 'staffChange' && e.action === 'markets');
    expect(changes).toHaveLength(2);
    expect(changes.find((e) => e.kind === 'staffChange' && e.staff?.name === `${greta.firstName} ${greta.lastName}`)).toMatchObject({
      markets: ['de'],
      by: { role: 'main_admin' },
    });
  });
});

describe('the queue and the detail by market', () => {
  const queue = async (who: { cookie: string }, query = '') =>
    (await get(`/api/review/applications${query}`, who.cookie)).json().data as { items: ReviewListItem[]; yourMarkets: string[] };

  it("opens a reviewer set to Germany on German applications; 'all' and another market on request", async () => {
    const mine = await queue(greta);
    expect(mine.yourMarkets).toEqual(['de']);
    expect(mine.items.map((i) => i.id)).toEqual([germanId]);
    expect((await queue(greta, '?market=all')).items.map((i) => i.id).sort()).toEqual([germanId, britishId].sort());
    expect((await queue(greta, '?market=uk')).items.map((i) => i.id)).toEqual([britishId]);
    expect((await get('/api/review/applications?market=fr', greta.cookie)).statusCode).toBe(400);
  });

  it('opens a reviewer with no markets set (and the main admin) on every market', async () => {
    const all = await queue(any);
    expect(all.yourMarkets).toEqual([]);
    expect(all.items.map((i) => i.id).sort()).toEqual([germanId, britishId].sort());
    expect((await queue({ cookie: admin })).items).toHaveLength(2);
  });

  it("shows another market's application, saying it is outside the reviewer's markets", async () => {
    const outside = await get(`/api/review/applications/${britishId}`, greta.cookie);
    expect(outside.statusCode).toBe(200);
    expect(outside.json().data.outsideYourMarkets).toBe(true);
    expect((await get(`/api/review/applications/${germanId}`, greta.cookie)).json().data.outsideYourMarkets).toBe(false);
    expect((await get(`/api/review/applications/${britishId}`, any.cookie)).json().data.outsideYourMarkets).toBe(false);
  });

  it('reviewersOfMarket names the active reviewers of that market, and those with none set', async () => {
    const disabled = await reviewer();
    await ctx.app.inject({ method: 'POST', url: `/api/review/reviewers/${disabled.id}/disable`, payload: {}, headers: { cookie: admin } });
    const ids = async (market: 'uk' | 'de') => (await reviewersOfMarket(ctx.database.db, market)).map((r) => r.id).sort();
    expect(await ids('de')).toEqual([greta.id, any.id].sort());
    expect(await ids('uk')).toEqual([uma.id, any.id].sort());
  });
});

describe('GET /api/review/workload', () => {
  const workload = async () => {
    const response = await get('/api/review/workload', admin);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as WorkloadAnswer;
  };
  const rowOf = (answer: WorkloadAnswer, id: string) => answer.reviewers.find((r) => r.id === id)!;

  it("counts each reviewer's open claims and this week's decisions, the week from Monday in the operator's market", async () => {
    const before = await workload();
    expect(before.timeZone).toBe('Europe/London');
    expect(before.weekStart).toBe('2026-11-02T00:00:00.000Z');
    expect(rowOf(before, uma.id)).toMatchObject({ openClaims: 0, decisionsThisWeek: 0, markets: ['uk'] });

    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/review/applications/${britishId}/claim`, payload: {}, headers: { cookie: uma.cookie } })).statusCode,
    ).toBe(200);
    expect(rowOf(await workload(), uma.id)).toMatchObject({ openClaims: 1, decisionsThisWeek: 0 });

    // A decision this week counts; one on the Sunday before does not.
    const decision = (at: string) => ({
      at: new Date(at),
      applicationId: germanId,
      actorId: uma.id,
      action: 'reject',
      fromStatus: 'submitted',
      toStatus: 'rejected',
    });
    await ctx.database.db.insert(reviewAudit).values([decision('2026-11-02T09:00:00Z'), decision('2026-11-01T23:30:00Z')]);
    await ctx.database.db.insert(reviewAudit).values({ ...decision('2026-11-03T10:00:00Z'), action: 'note', fromStatus: null, toStatus: 'submitted' });
    expect(rowOf(await workload(), uma.id)).toMatchObject({ openClaims: 1, decisionsThisWeek: 1 });

    // Half an hour without an action, the claim lapses (decision 0030).
    await ctx.database.db
      .update(reviewClaims)
      .set({ lastActionAt: new Date(clock.getTime() - 31 * 60_000) })
      .where(eq(reviewClaims.applicationId, britishId));
    expect(rowOf(await workload(), uma.id).openClaims).toBe(0);
  });
});
