// Issue 25 item 5: the applicant's status link. The "received" e-mail carries /my-application/{token};
// GET /api/my-application/:token answers where the application stands, in the applicant's market and
// language, until 30 days after the final decision; only the token's hash is stored, and an erasure
// ends the link.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MARKET_LANGUAGE } from '#shared/markets.ts';
import { ApiMessage } from '#shared/schemas/api.ts';
import { applications, dataRightsLinks, mailOutbox, reviewClaims } from '../db/schema.ts';
import { hashToken } from '../services/tokens.ts';
import { solveCaptcha } from '../test/bot-check.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { mailedMatch, mailsTo, withSentBodies } from '../test/mail.ts';
import { multipartBody, pdfBytes } from '../test/multipart.ts';
import { validApplication } from '../test/payloads.ts';
import { addStaff, signIn } from '../test/staff.ts';

const DAY = 24 * 3600 * 1000;
let ctx: TestContext;
let clock = new Date();
let reviewer: { cookie: string; id: string };

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => clock });
  const user = await addStaff(ctx, 'reviewer');
  reviewer = { ...(await signIn(ctx, user)), id: user.id };
});
afterAll(() => ctx?.close());
beforeEach(() => {
  clock = new Date();
});

const STATUS_LINK = /https?:\/\/[^\s"<>]+\/my-application\/([A-Za-z0-9_-]{32})(\?lang=[a-z]{2})?/;

/** Submits an application; its id, payload and the status link of its "received" e-mail. */
async function apply(country: 'uk' | 'it' | 'de' = 'uk', language?: 'en' | 'it' | 'de') {
  const payload = validApplication({ country, language });
  const response = await save({ ...payload, recaptchaToken: await solveCaptcha(ctx.app) });
  if (response.statusCode !== 200) throw new Error(`save failed: ${response.body}`);
  const { id, reference } = response.json().data as { id: string; reference: string };
  const [mail] = withSentBodies(
    ctx.config.mail.dir,
    await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, String(payload.email))),
  );
  const match = STATUS_LINK.exec(mail!.text);
  if (!match) throw new Error(`no status link in: ${mail!.text}`);
  return { id, reference, payload, link: match[0], token: match[1]!, mail: mail! };
}

/** The three-step forms (Germany, and any language not the market's) send multipart with the certificate. */
function save(fields: Record<string, unknown>) {
  if (fields.appStoreCountry !== 'de' && fields.formLanguage === MARKET_LANGUAGE[fields.appStoreCountry as 'uk' | 'it'])
    return ctx.app.inject({ method: 'POST', url: '/api/save-pharmacist', payload: fields });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/save-pharmacist',
    ...multipartBody(fields, [{ filename: 'zertifikat.pdf', contentType: 'application/pdf', content: pdfBytes() }]),
  });
}

const status = (token: string) => ctx.app.inject({ method: 'GET', url: `/api/my-application/${token}` });
/** The status tokens of the approval e-mails to an address, oldest first: each approval links the page with a fresh one (decision 0061). */
const APPROVAL_STATUS_LINK =
  /\/my-application\/([A-Za-z0-9_-]{32})(?:\?lang=[a-z]{2})?">(?:See my application|Vedi la mia candidatura|Meine Bewerbung ansehen)</;
const approvalTokens = (email: unknown) => mailsTo(ctx.config.mail.dir, String(email)).flatMap((mail) => APPROVAL_STATUS_LINK.exec(mail)?.[1] ?? []);
async function approvalToken(email: unknown, count = 1): Promise<string> {
  await expect.poll(() => approvalTokens(email).length).toBe(count);
  return approvalTokens(email).at(-1)!;
}
const decide = (id: string, decision: string, reason = 'A reason.') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/review/applications/${id}/decision`,
    headers: { cookie: reviewer.cookie },
    payload: { decision, reason, confirm: true },
  });

describe('the status link in the "received" e-mail', () => {
  it('is /{market}/my-application/{token}, in the text and as a link in the HTML, and only its hash is stored', async () => {
    const { id, token, link, mail, payload } = await apply('uk');
    expect(link).toBe(`http://localhost:80/uk/my-application/${token}`);
    expect(mail.text).toContain('You can see where your application stands at any time');
    expect(mail.html).toContain(`<a href="${link}">See where my application stands</a>`);
    const [row] = await ctx.database.db.select().from(applications).where(eq(applications.id, id));
    expect(row!.statusTokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    // The sender writes it out: the link is in the delivered message too.
    await expect.poll(() => mailsTo(ctx.config.mail.dir, String(payload.email)).join('\n')).toContain(`/uk/my-application/${token}`);
  });

  it("is in the language of the application: Italian and German wording, ?lang= when the form was not in the market's language", async () => {
    const italian = await apply('it');
    expect(italian.link).toMatch(/\/it\/my-application\/[A-Za-z0-9_-]{32}$/);
    expect(italian.mail.text).toContain('Può verificare in qualsiasi momento a che punto è la Sua candidatura');
    const german = await apply('de');
    expect(german.mail.text).toContain('Auf einer eigenen Seite können Sie jederzeit nachsehen');
    const english = await apply('de', 'en');
    expect(english.link).toMatch(/\/de\/my-application\/[A-Za-z0-9_-]{32}\?lang=en$/);
  });
});

describe('GET /api/my-application/:token', () => {
  it('answers submitted before the decision and approved after it, with the reference and dates', async () => {
    const { id, token, reference, payload } = await apply('uk');
    const before = await status(token);
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.json().data).toMatchObject({ status: 'submitted', reference, decidedAt: null, market: 'uk', language: 'en' });
    expect(Date.parse(before.json().data.submittedAt)).toBeGreaterThan(Date.now() - 60_000);

    expect((await decide(id, 'approve', '')).statusCode).toBe(200);
    // The approval e-mail's link works, and the received e-mail's (a bookmark) still does.
    const approved = await approvalToken(payload.email);
    expect(approved).not.toBe(token);
    expect((await status(token)).json().data).toMatchObject({ status: 'approved', reference });
    const after = (await status(approved)).json().data;
    expect(after).toMatchObject({ status: 'approved', reference });
    expect(Date.parse(after.decidedAt)).toBeGreaterThan(Date.now() - 60_000);
    const [row] = await ctx.database.db.select({ listingId: applications.listingId }).from(applications).where(eq(applications.id, id));
    expect(after.listingId).toBe(row!.listingId);
    expect(after.listingId).not.toBe(id);
  });

  it('answers in_review once a reviewer has claimed the application', async () => {
    const { id, token } = await apply('it');
    const now = new Date();
    await ctx.database.db.insert(reviewClaims).values({ applicationId: id, reviewerId: reviewer.id, claimedAt: now, lastActionAt: now });
    expect((await status(token)).json().data.status).toBe('in_review');
  });

  it('answers changes_requested, then submitted again after the applicant resubmits with the same link working', async () => {
    const { id, token, payload } = await apply('de');
    expect((await decide(id, 'request_changes', 'Bitte ein schärferes Foto.')).statusCode).toBe(200);
    const requested = (await status(token)).json().data;
    expect(requested).toMatchObject({ status: 'changes_requested', language: 'de' });
    expect(requested.decidedAt).not.toBeNull();
    expect(requested).not.toHaveProperty('linkExpiresAt');
    // Reviewers' reasons and notes never reach this answer.
    expect(JSON.stringify(requested)).not.toContain('Foto');

    // The edit link of the reviewer's e-mail.
    const [, editToken] = await mailedMatch(ctx.config.mail.dir, String(payload.email), /\/pharmacist\/edit\/([A-Za-z0-9_-]+)/);
    expect((await save({ ...payload, lastName: 'Neu', loginToken: editToken, recaptchaToken: await solveCaptcha(ctx.app) })).statusCode).toBe(200);
    expect((await status(token)).json().data).toMatchObject({ status: 'submitted', decidedAt: null });
  });

  it('answers not_approved after a rejection, until 30 days after it, then 404', async () => {
    const { id, token } = await apply('uk');
    expect((await decide(id, 'reject', 'Not a registered pharmacist.')).statusCode).toBe(200);
    const rejected = (await status(token)).json().data;
    expect(rejected.status).toBe('not_approved');
    expect(Date.parse(rejected.linkExpiresAt) - Date.parse(rejected.decidedAt)).toBe(30 * DAY);
    expect(rejected).not.toHaveProperty('listingId');

    clock = new Date(Date.now() + 29 * DAY);
    expect((await status(token)).statusCode).toBe(200);
    clock = new Date(Date.now() + 31 * DAY);
    expect((await status(token)).statusCode).toBe(404);
  });

  it('answers deactivated once an approved listing is taken down, and approved again after a new approval', async () => {
    const { id, payload } = await apply('it');
    expect((await decide(id, 'approve', '')).statusCode).toBe(200);
    const first = await approvalToken(payload.email);
    expect((await decide(id, 'deactivate', 'Numero di iscrizione non valido.')).statusCode).toBe(200);
    const taken = (await status(first)).json().data;
    expect(taken).toMatchObject({ status: 'deactivated' });
    expect(taken).not.toHaveProperty('listingId');
    expect((await decide(id, 'approve', '')).statusCode).toBe(200);
    expect((await status(await approvalToken(payload.email, 2))).json().data.status).toBe('approved');
  });

  it('answers 404 with no data for an unknown or malformed token', async () => {
    for (const token of ['A'.repeat(32), 'short', '..%2F..']) {
      const response = await status(token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 'failed', message: ApiMessage.notFound });
    }
  });

  it('covers the link in the data export, and after an erasure answers 404 with the hash gone', async () => {
    const { id, token, payload } = await apply('it');
    const rightsToken = 'R'.repeat(32);
    await ctx.database.db.insert(dataRightsLinks).values({
      tokenHash: hashToken(rightsToken),
      mailbox: (await ctx.database.db.select({ mailbox: applications.mailbox }).from(applications).where(eq(applications.id, id)))[0]!.mailbox,
      country: 'it',
      language: 'it',
      expiresAt: new Date(Date.now() + DAY),
    });
    const exported = await ctx.app.inject({ method: 'GET', url: `/api/data-rights/${rightsToken}` });
    expect(exported.json().data.applications[0]).toMatchObject({ email: payload.email, statusLinkTokenHash: hashToken(token) });

    expect((await decide(id, 'approve', '')).statusCode).toBe(200);
    const approved = await approvalToken(payload.email);

    expect((await ctx.app.inject({ method: 'POST', url: `/api/data-rights/${rightsToken}/erase` })).statusCode).toBe(200);
    expect((await status(token)).statusCode).toBe(404);
    expect((await status(approved)).statusCode).toBe(404);
    const [row] = await ctx.database.db
      .select({ hash: applications.statusTokenHash, decisionHash: applications.decisionStatusTokenHash, status: applications.status })
      .from(applications)
      .where(eq(applications.id, id));
    expect(row).toEqual({ hash: null, decisionHash: null, status: 'erased' });
  });
});

describe('the decision clock on the status page (issue 41)', () => {
  const londonDay = (at: number) => new Date(at).toLocaleDateString('en-CA', { timeZone: 'Europe/London' });

  it('says by when to expect a decision, and past 42 days that the applicant should write to support', async () => {
    const { token } = await apply('uk');
    const start = clock.getTime();
    const waiting = (await status(token)).json().data;
    expect(waiting.clock).toEqual({ dueBy: londonDay(start + 28 * DAY), supportAfter: londonDay(start + 42 * DAY), contactSupport: false });

    clock = new Date(start + 42 * DAY);
    expect((await status(token)).json().data.clock.contactSupport).toBe(false);
    clock = new Date(start + 43 * DAY);
    expect((await status(token)).json().data.clock).toMatchObject({ dueBy: londonDay(start + 28 * DAY), contactSupport: true });
  });

  it('starts a new clock when the applicant sends the application again after a request for changes, and has none in between', async () => {
    const { id, token, payload } = await apply('uk');
    const now = clock.getTime();
    await ctx.database.db
      .update(applications)
      .set({ submittedAt: new Date(now - 30 * DAY) })
      .where(eq(applications.id, id));
    expect((await status(token)).json().data.clock.dueBy).toBe(londonDay(now - 2 * DAY));
    expect((await decide(id, 'request_changes', 'A sharper photo, please.')).statusCode).toBe(200);
    expect((await status(token)).json().data).not.toHaveProperty('clock');

    const [, editToken] = await mailedMatch(ctx.config.mail.dir, String(payload.email), /\/pharmacist\/edit\/([A-Za-z0-9_-]+)/);
    expect((await save({ ...payload, loginToken: editToken, recaptchaToken: await solveCaptcha(ctx.app) })).statusCode).toBe(200);
    expect((await status(token)).json().data.clock).toMatchObject({ dueBy: londonDay(now + 28 * DAY), contactSupport: false });
  });
});

describe('guessing status links', () => {
  it('is rate-limited per client like the other token routes', async () => {
    const limited = await createTestContext({ rateLimitMax: 3 });
    try {
      const codes = [];
      for (let i = 0; i < 5; i++) codes.push((await limited.app.inject({ method: 'GET', url: `/api/my-application/${String(i).repeat(32)}` })).statusCode);
      expect(codes).toEqual([404, 404, 404, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
