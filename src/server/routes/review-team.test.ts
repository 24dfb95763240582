// The review desk as a team uses it (issue 25): the approval's note in the applicant's e-mail,
// internal notes (in the history, in no mail, in the data export, gone at erasure), claims (seen
// by everyone, lapsing after 30 idle minutes, ended by a decision; a decision on someone else's
// claim refused until it confirms) and the queue's age bands per market.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applications, mailOutbox, reviewAudit } from '../db/schema.ts';
import { solveCaptcha } from '../test/bot-check.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { linkIn, mailsTo as emlTo, withSentBodies } from '../test/mail.ts';
import { validApplication } from '../test/payloads.ts';
import type { StaffUser } from '../services/auth/staff-users.ts';
import { addStaff, signIn } from '../test/staff.ts';

let ctx: TestContext;
let clock = new Date();
type Reviewer = { cookie: string; id: string; name: string };
let anna: Reviewer;
let bruno: Reviewer;
const signedIn = async (user: StaffUser): Promise<Reviewer> => ({ ...(await signIn(ctx, user)), id: user.id, name: `${user.firstName} ${user.lastName}` });
const MINUTE = 60_000;
const WEEK = 7 * 24 * 3600_000;

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => clock });
  anna = await signedIn(await addStaff(ctx, 'reviewer'));
  bruno = await signedIn(await addStaff(ctx, 'reviewer'));
});
afterAll(() => ctx.close());
beforeEach(() => {
  clock = new Date();
});

async function newApplication(country: 'uk' | 'it' = 'uk', language?: 'de') {
  const payload = validApplication({ country });
  const response = await ctx.app.inject({ method: 'POST', url: '/api/save-pharmacist', payload: { ...payload, recaptchaToken: await solveCaptcha(ctx.app) } });
  expect(response.statusCode).toBe(200);
  const id = response.json().data.id as string;
  // The German form needs a certificate upload; the language is what counts here.
  if (language) await ctx.database.db.update(applications).set({ language }).where(eq(applications.id, id));
  return { id, email: String(payload.email) };
}

const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, payload: object, cookie: string) => ctx.app.inject({ method: 'POST', url, payload, headers: { cookie } });
const decide = (id: string, body: object, who = anna) => post(`/api/review/applications/${id}/decision`, body, who.cookie);
const detailOf = async (id: string, who = anna) => (await get(`/api/review/applications/${id}`, who.cookie)).json().data;
/** The mails to an address, with what was sent (a delivered row keeps no body: docs/decisions/0042). */
const mailsTo = async (to: string) => withSentBodies(ctx.config.mail.dir, await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)));
const approvalMailTo = async (to: string) => (await mailsTo(to)).find((mail) => /approved|approvata|angenommen/.test(mail.subject))!;

describe('the approval note and internal notes', () => {
  it("writes the approval's note into the approval e-mail, in the applicant's language", async () => {
    const uk = await newApplication('uk');
    expect((await decide(uk.id, { decision: 'approve', reason: 'Welcome aboard: your leaflet pack is on its way.' })).statusCode).toBe(200);
    const english = await approvalMailTo(uk.email);
    expect(english.text).toContain('A note from the reviewer:\nWelcome aboard: your leaflet pack is on its way.');
    expect(english.html).toContain('Welcome aboard: your leaflet pack is on its way.');

    const it = await newApplication('it');
    await decide(it.id, { decision: 'approve', reason: 'Benvenuta nella rete.' });
    expect((await approvalMailTo(it.email)).text).toContain('Una nota di chi ha esaminato la candidatura:\nBenvenuta nella rete.');

    const de = await newApplication('it', 'de');
    await decide(de.id, { decision: 'approve', reason: 'Willkommen im Netzwerk.' });
    expect((await approvalMailTo(de.email)).text).toContain('Ein Hinweis aus der Prüfung:\nWillkommen im Netzwerk.');

    // No note, no label.
    const plain = await newApplication('uk');
    await decide(plain.id, { decision: 'approve' });
    expect((await approvalMailTo(plain.email)).text).not.toContain('A note from the reviewer');
  });

  it('keeps internal notes, with each decision or on their own, in the history with who and when, and in no e-mail', async () => {
    const { id, email } = await newApplication('uk');
    const start = clock.getTime();
    const at = (minutes: number) => new Date(start + minutes * MINUTE);
    clock = at(1);
    const note = await post(`/api/review/applications/${id}/notes`, { note: 'Called the pharmacy: the manager confirms she works there.' }, anna.cookie);
    expect(note.statusCode).toBe(200);
    clock = at(5);
    await decide(id, { decision: 'request_changes', reason: 'Please add a photo.', internalNote: 'Second time we ask for this.' }, bruno);
    clock = at(10);
    // A note needs words; an application that does not exist has none.
    expect((await post(`/api/review/applications/${id}/notes`, { note: '   ' }, anna.cookie)).json().errors).toEqual({ note: 'validation.required' });
    expect((await post('/api/review/applications/00000000-0000-4000-8000-000000000000/notes', { note: 'x' }, anna.cookie)).statusCode).toBe(404);

    const { history, status } = await detailOf(id);
    expect(status).toBe('changes_requested');
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({
      action: 'request_changes',
      reason: 'Please add a photo.',
      internalNote: 'Second time we ask for this.',
      by: bruno.name,
      at: at(5).toISOString(),
    });
    expect(history[1]).toMatchObject({
      action: 'note',
      reason: null,
      internalNote: 'Called the pharmacy: the manager confirms she works there.',
      by: anna.name,
      at: at(1).toISOString(),
      toStatus: 'submitted',
    });

    const everyMail = withSentBodies(ctx.config.mail.dir, await ctx.database.db.select().from(mailOutbox));
    for (const mail of everyMail) {
      for (const secret of ['Second time we ask for this.', 'Called the pharmacy']) {
        expect(mail.text).not.toContain(secret);
        expect(mail.html ?? '').not.toContain(secret);
      }
    }
    expect((await mailsTo(email)).some((m) => m.text.includes('Please add a photo.'))).toBe(true);
  });

  it("leaves the applicant's status link alone: a later note is no decision", async () => {
    const { id, email } = await newApplication('uk');
    clock = new Date(clock.getTime() - 60 * MINUTE);
    await decide(id, { decision: 'approve' });
    const decidedAt = clock.toISOString();
    clock = new Date(clock.getTime() + 10 * MINUTE);
    await post(`/api/review/applications/${id}/notes`, { note: 'Sent the welcome pack.' }, anna.cookie);
    // The approval e-mail's status link (a token of its own beside the received e-mail's, decision 0061).
    const approval = await approvalMailTo(email);
    const token = /\/my-application\/([A-Za-z0-9_-]{32})/.exec(approval.text)![1];
    const answer = (await ctx.app.inject({ method: 'GET', url: `/api/my-application/${token}` })).json().data;
    expect(answer).toMatchObject({ status: 'approved', decidedAt });
  });

  it("exports an applicant's internal notes with their data and erases them with it", async () => {
    const { id, email } = await newApplication('uk');
    await post(`/api/review/applications/${id}/notes`, { note: 'Sounded unsure about the course.' }, anna.cookie);
    await decide(id, { decision: 'approve', internalNote: 'Course certificate checked by phone.' });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/data-rights/request',
      payload: { email, recaptchaToken: await solveCaptcha(ctx.app), basePath: '/uk' },
      headers: { host: 'localhost:3000' },
    });
    await ctx.app.services.applicantLinks.settled();
    const link = emlTo(ctx.config.mail.dir, email)
      .map((mail) => linkIn(mail, /http:\/\/localhost:3000\/uk\/my-data\/[A-Za-z0-9_-]{32}/))
      .find(Boolean);
    const token = link!.slice(-32);

    const exported = (await ctx.app.inject({ method: 'GET', url: `/api/data-rights/${token}` })).json().data.applications[0];
    expect(exported.reviewHistory.map((h: { internalNote: string | null }) => h.internalNote)).toEqual([
      'Sounded unsure about the course.',
      'Course certificate checked by phone.',
    ]);

    expect((await ctx.app.inject({ method: 'POST', url: `/api/data-rights/${token}/erase` })).statusCode).toBe(200);
    const rows = await ctx.database.db.select().from(reviewAudit).where(eq(reviewAudit.applicationId, id));
    expect(rows.map((r) => r.internalNote).sort()).toEqual(['erased', 'erased']);
    expect(JSON.stringify(rows)).not.toContain('course');
  });
});

describe('claims', () => {
  it("shows A's claim to B in the queue and the detail, and B's decision on it asks for confirmation", async () => {
    const { id } = await newApplication('uk');
    const claimed = await post(`/api/review/applications/${id}/claim`, {}, anna.cookie);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().data).toMatchObject({ by: anna.name, mine: true });

    const queue = (await get('/api/review/applications?status=submitted', bruno.cookie)).json().data.items;
    expect(queue.find((item: { id: string }) => item.id === id).claimedBy).toBe(anna.name);
    expect((await detailOf(id, bruno)).claim).toMatchObject({ by: anna.name, mine: false });

    const refused = await decide(id, { decision: 'reject', reason: 'Not a pharmacist.' }, bruno);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ status: 'failed', message: 'claimedByOther', data: { claimedBy: anna.name } });
    expect((await detailOf(id)).status).toBe('submitted');
    // Claiming it over A's claim asks the same.
    expect((await post(`/api/review/applications/${id}/claim`, {}, bruno.cookie)).json()).toMatchObject({ message: 'claimedByOther' });

    const confirmed = await decide(id, { decision: 'reject', reason: 'Not a pharmacist.', confirmClaim: true }, bruno);
    expect(confirmed.statusCode).toBe(200);
    // The decision ended the claim.
    expect((await detailOf(id)).claim).toBeNull();
  });

  it('lets the claimer decide without asking, and ends the claim at the decision', async () => {
    const { id } = await newApplication('uk');
    await post(`/api/review/applications/${id}/claim`, {}, anna.cookie);
    expect((await decide(id, { decision: 'approve' })).statusCode).toBe(200);
    const item = (await get('/api/review/applications?status=approved', bruno.cookie)).json().data.items.find((i: { id: string }) => i.id === id);
    expect(item.claimedBy).toBeNull();
  });

  it("lapses 30 minutes after the claimer's last action on the application, and each action starts that time again", async () => {
    const { id } = await newApplication('uk');
    const start = clock.getTime();
    await post(`/api/review/applications/${id}/claim`, {}, anna.cookie);
    // Opening it 20 minutes later is an action: the claim now runs until 50 minutes.
    clock = new Date(start + 20 * MINUTE);
    expect((await detailOf(id)).claim.until).toBe(new Date(start + 50 * MINUTE).toISOString());
    // B opening it is not A's action.
    // (B's session, like a claim, lapses after 30 idle minutes: B keeps it alive.)
    await get('/api/review/age-bands', bruno.cookie);
    clock = new Date(start + 40 * MINUTE);
    await get('/api/review/age-bands', bruno.cookie);
    clock = new Date(start + 45 * MINUTE);
    expect((await detailOf(id, bruno)).claim).toMatchObject({ by: anna.name });
    clock = new Date(start + 51 * MINUTE);
    expect((await detailOf(id, bruno)).claim).toBeNull();
    expect((await decide(id, { decision: 'approve' }, bruno)).statusCode).toBe(200);
  });

  it('releases only its own claim, and takes over with confirmation', async () => {
    const { id } = await newApplication('uk');
    await post(`/api/review/applications/${id}/claim`, {}, anna.cookie);
    expect((await post(`/api/review/applications/${id}/release`, {}, bruno.cookie)).statusCode).toBe(200);
    expect((await detailOf(id, bruno)).claim).toMatchObject({ by: anna.name });
    const taken = await post(`/api/review/applications/${id}/claim`, { confirm: true }, bruno.cookie);
    expect(taken.json().data).toMatchObject({ by: bruno.name, mine: true });
    expect((await detailOf(id)).claim).toMatchObject({ by: bruno.name, mine: false });
    await post(`/api/review/applications/${id}/release`, {}, bruno.cookie);
    expect((await detailOf(id)).claim).toBeNull();
  });

  it('refuses claims to staff who do not review', async () => {
    const { id } = await newApplication('uk');
    const manager = await signIn(ctx, await addStaff(ctx, 'area_manager'));
    expect((await post(`/api/review/applications/${id}/claim`, {}, manager.cookie)).statusCode).toBe(403);
    expect((await post(`/api/review/applications/${id}/notes`, { note: 'x' }, manager.cookie)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/review/age-bands', headers: { cookie: manager.cookie } })).statusCode).toBe(403);
  });
});

describe('GET /api/review/age-bands', () => {
  it('counts the applications waiting for a decision per market: under 2 weeks, 2-4, 4-6 and over 6', async () => {
    const before = (await get('/api/review/age-bands', anna.cookie)).json().data;
    const now = Date.now();
    const aged = async (country: 'uk' | 'it', weeks: number) => {
      const { id } = await newApplication(country);
      await ctx.database.db
        .update(applications)
        .set({ submittedAt: new Date(now - weeks * WEEK) })
        .where(eq(applications.id, id));
      return id;
    };
    await aged('uk', 1);
    await aged('uk', 3);
    await aged('uk', 5);
    await aged('uk', 7);
    await aged('uk', 9);
    await aged('it', 2.5);
    const decided = await aged('it', 8);
    await decide(decided, { decision: 'approve' });

    const after = (await get('/api/review/age-bands', anna.cookie)).json().data as { market: string; counts: Record<string, number> }[];
    expect(after.map((row) => row.market)).toEqual(['uk', 'it', 'de']);
    const added = (market: string) => {
      const was = before.find((row: { market: string }) => row.market === market).counts;
      const is = after.find((row) => row.market === market)!.counts;
      return Object.fromEntries(Object.keys(is).map((band) => [band, is[band]! - was[band]]));
    };
    expect(added('uk')).toEqual({ under2w: 1, from2to4w: 1, from4to6w: 1, over6w: 2 });
    expect(added('it')).toEqual({ under2w: 0, from2to4w: 1, from4to6w: 0, over6w: 0 });
    expect(added('de')).toEqual({ under2w: 0, from2to4w: 0, from4to6w: 0, over6w: 0 });
  });
});
