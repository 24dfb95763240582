// The review desk API (issue 13): who may use it, the queue, the detail in form order, every
// decision rule, the audit, the applicant's e-mail and the expiring edit link.
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applicationFormFor } from '#shared/forms/catalogue.ts';
import { fieldOrder } from '#shared/forms/derive.ts';
import { applications, authEvents, mailOutbox, reviewAudit } from '../db/schema.ts';
import { solveCaptcha } from '../test/bot-check.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { validApplication } from '../test/payloads.ts';
import { editTokenByMail, withSentBodies } from '../test/mail.ts';
import { hashToken } from '../services/tokens.ts';
import { addStaff, signIn } from '../test/staff.ts';
import { multipartBody, pdfBytes } from '../test/multipart.ts';

let ctx: TestContext;
let clock = new Date();
let reviewer: { cookie: string; id: string };
let admin: { cookie: string };

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => clock });
  const user = await addStaff(ctx, 'reviewer');
  reviewer = { ...(await signIn(ctx, user)), id: user.id };
  admin = await signIn(ctx, await addStaff(ctx, 'main_admin'));
});
afterAll(() => ctx.close());
beforeEach(() => {
  clock = new Date();
});

async function submit(payload: Record<string, unknown>) {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/save-pharmacist', payload: { ...payload, recaptchaToken: await solveCaptcha(ctx.app) } });
  if (response.statusCode !== 200) throw new Error(`save failed: ${response.body}`);
  return response.json().data.id as string;
}

async function newApplication(country: 'uk' | 'it' | 'de' = 'uk', overrides: Record<string, unknown> = {}) {
  const payload = validApplication({ country }, overrides);
  return { id: await submit(payload), payload };
}

const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: unknown, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const decide = (id: string, decision: string, reason?: string, cookie = reviewer.cookie) =>
  post(`/api/review/applications/${id}/decision`, { decision, ...(reason !== undefined ? { reason } : {}) }, cookie);
const statusOf = async (id: string) =>
  (await ctx.database.db.select({ status: applications.status }).from(applications).where(eq(applications.id, id)))[0]!.status;
/** The mails to an address, newest first, with what was sent (a delivered row keeps no body: docs/decisions/0042). */
const mailsTo = async (to: string) =>
  withSentBodies(ctx.config.mail.dir, await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)));

describe('review API access', () => {
  it('answers 401 without a session and 403 to staff who are not reviewers or the main admin', async () => {
    const { id } = await newApplication();
    const urls = ['/api/review/applications', `/api/review/applications/${id}`];
    for (const url of urls) expect((await get(url)).statusCode).toBe(401);
    expect((await decide(id, 'approve', undefined, '')).statusCode).toBe(401);

    const manager = await addStaff(ctx, 'area_manager');
    const rep = await addStaff(ctx, 'sales_rep', { areaManagerId: manager.id });
    for (const user of [manager, rep]) {
      const { cookie } = await signIn(ctx, user);
      for (const url of urls) {
        const response = await get(url, cookie);
        expect(response.statusCode).toBe(403);
        expect(response.json()).not.toHaveProperty('data');
      }
      expect((await decide(id, 'approve', undefined, cookie)).statusCode).toBe(403);
    }
    expect(await statusOf(id)).toBe('submitted');
  });

  it('lets the main admin review too', async () => {
    const { id } = await newApplication();
    expect((await get(`/api/review/applications/${id}`, admin.cookie)).statusCode).toBe(200);
    expect((await decide(id, 'approve', undefined, admin.cookie)).statusCode).toBe(200);
  });

  it('answers 404 for an application that does not exist and 400 for an id that is not one', async () => {
    expect((await get('/api/review/applications/00000000-0000-4000-8000-000000000000', reviewer.cookie)).statusCode).toBe(404);
    expect((await get('/api/review/applications/42', reviewer.cookie)).statusCode).toBe(400);
  });
});

describe('the review queue', () => {
  it('filters by status and market, searches name, e-mail and registration number, and pages', async () => {
    const italian = await newApplication('it');
    const other = await newApplication('uk');
    const list = async (query: string) => (await get(`/api/review/applications?${query}`, reviewer.cookie)).json();

    const it = await list('market=it&status=submitted');
    expect(it.status).toBe('ok');
    expect(it.data.items.every((a: { market: string }) => a.market === 'it')).toBe(true);
    expect(it.data.items.map((a: { id: string }) => a.id)).toContain(italian.id);
    expect(it.data.total).toBe(it.data.items.length);

    for (const q of [
      String(italian.payload.email).toUpperCase(),
      String(italian.payload.professionalRegistrationNumber),
      `${italian.payload.firstName} ${italian.payload.lastName}`,
      String(italian.payload.lastName).slice(0, 3),
    ]) {
      const found = await list(`q=${encodeURIComponent(q)}`);
      expect(
        found.data.items.map((a: { id: string }) => a.id),
        q,
      ).toContain(italian.id);
      expect(
        found.data.items.map((a: { id: string }) => a.id),
        q,
      ).not.toContain(other.id);
    }
    expect((await list('q=nobody-like-this')).data).toMatchObject({ items: [], total: 0 });

    const all = await list('');
    expect(all.data.total).toBeGreaterThanOrEqual(2);
    expect((await list('page=2')).data.page).toBe(2);
    expect((await get('/api/review/applications?status=pending', reviewer.cookie)).statusCode).toBe(400);
    expect((await get('/api/review/applications?page=0', reviewer.cookie)).statusCode).toBe(400);
  });

  it('counts the matches up to 1,000 on every page, and past the last page', async () => {
    // 1,030 waiting applications found by one search, submitted after everything else here.
    await ctx.database.db.execute(
      sql`insert into pharmacies (place_id, name, address, lat, lng) values ('test:bulk', 'Bulk Pharmacy', '1 Bulk Street', 52, 8)`,
    );
    await ctx.database.db.execute(sql`insert into applications (edit_token_hash, country, language, status, email, email_normalized, first_name, last_name,
        registration_body, registration_number, place_id, answers, submitted_at)
      select encode(sha256(convert_to('bulk-token-' || g, 'UTF8')), 'hex'), 'de', 'de', 'submitted', 'bulkcount' || g || '@example.com', 'bulkcount' || g || '@example.com', 'Bulk', 'Count',
        'bulk', 'bulk-' || g, 'test:bulk', '{}'::jsonb, now() + interval '365 days' + (g || ' seconds')::interval
      from generate_series(1, 1030) as g`);
    const list = async (query: string) => (await get(`/api/review/applications?${query}`, reviewer.cookie)).json().data;

    expect(await list('q=bulkcount')).toMatchObject({ total: 1000, totalCapped: true, page: 1 });
    expect((await list('q=bulkcount')).items).toHaveLength(25);
    // bulkcount1, 10-19, 100-199 and 1000-1030: 142 matches, the last page (6) holds 17.
    expect(await list('q=bulkcount1')).toMatchObject({ total: 142, totalCapped: false });
    expect(await list('q=bulkcount1&page=6')).toMatchObject({ total: 142, totalCapped: false, page: 6 });
    expect((await list('q=bulkcount1&page=6')).items).toHaveLength(17);
    expect(await list('q=bulkcount1&page=7')).toMatchObject({ items: [], total: 142, totalCapped: false, page: 7 });
    expect(await list('q=bulkcount&page=400')).toMatchObject({ items: [], total: 1000, totalCapped: true });
  });

  it('finds the applications waiting longer than 4 and 6 weeks', async () => {
    const five = await newApplication();
    const seven = await newApplication();
    const weeksAgo = (w: number) => new Date(Date.now() - w * 7 * 24 * 3600 * 1000);
    await ctx.database.db
      .update(applications)
      .set({ submittedAt: weeksAgo(5) })
      .where(eq(applications.id, five.id));
    await ctx.database.db
      .update(applications)
      .set({ submittedAt: weeksAgo(7) })
      .where(eq(applications.id, seven.id));
    const ids = async (age: string) => (await get(`/api/review/applications?age=${age}`, reviewer.cookie)).json().data.items.map((a: { id: string }) => a.id);
    expect(await ids('over4w')).toEqual(expect.arrayContaining([five.id, seven.id]));
    expect(await ids('over6w')).toContain(seven.id);
    expect(await ids('over6w')).not.toContain(five.id);
  });
});

describe('one application', () => {
  it('lists every field in its form order, with the place and its position', async () => {
    const { id, payload } = await newApplication('it');
    const answer = await get(`/api/review/applications/${id}`, reviewer.cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const detail = answer.json().data;
    const order = fieldOrder(applicationFormFor('it', 'it'), undefined, payload).filter((name) => name !== 'recaptchaToken');
    const names: string[] = detail.fields.map((f: { name: string }) => f.name);
    expect(names.filter((name) => order.includes(name))).toEqual(order);
    // The address the place search filled in sits with the place, not at the end.
    expect(names.indexOf('address')).toBeGreaterThan(names.indexOf('placeId'));
    expect(names.indexOf('address')).toBeLessThan(names.indexOf('anythingElseAboutYou'));
    expect(detail.fields.find((f: { name: string }) => f.name === 'email').value).toBe(payload.email);
    expect(detail.place).toMatchObject({ lat: payload.lat, lng: payload.lng, address: payload.address });
    expect(detail).toMatchObject({
      status: 'submitted',
      market: 'it',
      language: 'it',
      photoFileId: null,
      certificateFileIds: [],
      history: [],
      decisions: ['approve', 'reject', 'request_changes'],
    });
  });

  it("answers a German application's training certificate as given, beside its download", async () => {
    const body = multipartBody({ ...validApplication({ country: 'de' }), recaptchaToken: await solveCaptcha(ctx.app) }, [
      { filename: 'zertifikat.pdf', contentType: 'application/pdf', content: pdfBytes() },
    ]);
    const saved = await ctx.app.inject({ method: 'POST', url: '/api/save-pharmacist', payload: body.payload, headers: body.headers });
    expect(saved.statusCode).toBe(200);
    const detail = (await get(`/api/review/applications/${saved.json().data.id}`, reviewer.cookie)).json().data;
    expect(detail.certificateFileIds).toHaveLength(1);
    expect(detail.fields.find((f: { name: string }) => f.name === 'file')).toEqual({ name: 'file', value: 1, texts: 'steps' });
  });
});

describe('decisions', () => {
  it('requires a reason for everything but approval', async () => {
    const { id } = await newApplication();
    for (const decision of ['reject', 'request_changes']) {
      for (const reason of [undefined, '', '   ', '<b></b>']) {
        const response = await decide(id, decision, reason);
        expect(response.statusCode, `${decision} ${String(reason)}`).toBe(400);
        expect(response.json().errors).toEqual({ reason: 'validation.required' });
      }
    }
    expect((await decide(id, 'maybe', 'x')).json().errors).toEqual({ decision: 'validation.choose' });
    expect(await statusOf(id)).toBe('submitted');
    expect((await decide(id, 'approve')).statusCode).toBe(200);
    expect((await decide(id, 'deactivate')).json().errors).toEqual({ reason: 'validation.required' });
  });

  it('allows only the transitions of the review desk', async () => {
    const { id } = await newApplication();
    const refused = async (decision: string) => {
      const response = await decide(id, decision, 'A reason');
      expect(response.statusCode, decision).toBe(409);
      expect(response.json()).toEqual({ status: 'failed', message: 'invalidTransition' });
    };
    await refused('deactivate');
    expect((await decide(id, 'approve')).json()).toEqual({ status: 'ok', data: { status: 'approved' } });
    await refused('approve');
    await refused('reject');
    await refused('request_changes');
    expect((await decide(id, 'deactivate', 'Registration lapsed')).json().data.status).toBe('deactivated');
    await refused('deactivate');
    await refused('reject');
    expect((await decide(id, 'approve')).json().data.status).toBe('approved');

    const other = await newApplication();
    expect((await decide(other.id, 'request_changes', 'Photo please')).json().data.status).toBe('changes_requested');
    expect((await decide(other.id, 'approve')).statusCode).toBe(409);
    expect((await decide(other.id, 'request_changes', 'Again')).statusCode).toBe(409);
    expect((await decide(other.id, 'reject', 'No answer')).json().data.status).toBe('rejected');
    expect((await decide(other.id, 'approve')).statusCode).toBe(409);
  });

  it('audits every decision: who, when, what, why, from and to', async () => {
    const { id } = await newApplication();
    await decide(id, 'approve', 'Checked with the register');
    clock = new Date(clock.getTime() + 60_000);
    await decide(id, 'deactivate', 'Left the pharmacy');
    const rows = await ctx.database.db.select().from(reviewAudit).where(eq(reviewAudit.applicationId, id)).orderBy(reviewAudit.at);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      actorId: reviewer.id,
      action: 'approve',
      fromStatus: 'submitted',
      toStatus: 'approved',
      reason: 'Checked with the register',
    });
    expect(rows[1]).toMatchObject({ actorId: reviewer.id, action: 'deactivate', fromStatus: 'approved', toStatus: 'deactivated', reason: 'Left the pharmacy' });
    expect(rows[0]!.at).toBeInstanceOf(Date);
    const history = (await get(`/api/review/applications/${id}`, reviewer.cookie)).json().data.history;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['deactivate', 'approve']);
    expect(history[0].by).toMatch(/^Giulia /);
  });

  it("e-mails each decision in the applicant's language, as text and HTML", async () => {
    const uk = await newApplication('uk');
    await decide(uk.id, 'approve');
    const [approved] = await mailsTo(String(uk.payload.email));
    expect(approved!.subject).toBe('Pharmacy Champions: your application is approved');
    expect(approved!.text).toContain(`Dear ${uk.payload.firstName}`);
    expect(approved!.html).toContain('<html lang="en">');

    const italian = await newApplication('it');
    await decide(italian.id, 'reject', "Il numero di iscrizione non risulta all'albo.");
    const [rejected] = await mailsTo(String(italian.payload.email));
    expect(rejected!.subject).toBe('Pharmacy Champions: la Sua candidatura');
    expect(rejected!.text).toContain("Il numero di iscrizione non risulta all'albo.");
    expect(rejected!.text).toContain(ctx.config.operator.supportEmail);
    expect(rejected!.html).toContain('<html lang="it">');

    // The German form needs a certificate upload; the language is what counts here.
    const german = await newApplication('it');
    await ctx.database.db.update(applications).set({ language: 'de' }).where(eq(applications.id, german.id));
    await decide(german.id, 'approve');
    await decide(german.id, 'deactivate', 'Approbation ruht');
    const [deactivated] = await mailsTo(String(german.payload.email));
    expect(deactivated!.subject).toBe('Pharmacy Champions: Ihr Eintrag wurde deaktiviert');
    expect(deactivated!.text).toContain('Approbation ruht');
  });
});

describe('request changes and the edit link', () => {
  it('e-mails a 30-day edit link; a resubmission through it returns the application to the queue as submitted', async () => {
    const { id, payload } = await newApplication('uk');
    // An edit link the applicant asked for before.
    const earlier = await editTokenByMail(ctx.app, ctx.config.mail.dir, String(payload.email));
    expect(hashToken(earlier)).toBe((await ctx.database.db.select().from(applications).where(eq(applications.id, id)))[0]!.editTokenHash);
    expect((await decide(id, 'request_changes', 'Please add your training evidence.')).statusCode).toBe(200);

    const [mail] = await mailsTo(String(payload.email));
    expect(mail!.subject).toBe('Pharmacy Champions: please update your application');
    expect(mail!.text).toContain('Please add your training evidence.');
    const link = /https?:\/\/\S+\/uk\/pharmacist\/edit\/([A-Za-z0-9_-]+)/.exec(mail!.text);
    expect(link).not.toBeNull();
    const token = link![1]!;
    expect(mail!.html).toContain(link![0]);
    const [after] = await ctx.database.db.select().from(applications).where(eq(applications.id, id));
    // A fresh token, of which only the hash is stored (docs/decisions/0042).
    expect(after!.editTokenHash).toBe(hashToken(token));
    expect(JSON.stringify(after)).not.toContain(token);
    expect(token).not.toBe(earlier);
    const days = (after!.editTokenExpiresAt!.getTime() - clock.getTime()) / (24 * 3600 * 1000);
    expect(days).toBeCloseTo(30, 3);

    // The old link is dead; the new one prefills the form.
    expect((await get(`/api/get-pharmacist?id=${earlier}`)).statusCode).toBe(404);
    const prefill = await get(`/api/get-pharmacist?id=${token}`);
    expect(prefill.statusCode).toBe(200);
    expect(prefill.json().data.email).toBe(payload.email);

    clock = new Date(clock.getTime() + 60_000);
    await submit({ ...payload, anythingElseAboutYou: 'Training evidence attached.', loginToken: token });
    expect(await statusOf(id)).toBe('submitted');
    const detail = (await get(`/api/review/applications/${id}`, reviewer.cookie)).json().data;
    expect(detail.history[0]).toMatchObject({ action: 'resubmit', fromStatus: 'changes_requested', toStatus: 'submitted', by: null });
    expect(detail.fields.find((f: { name: string }) => f.name === 'anythingElseAboutYou').value).toBe('Training evidence attached.');
    const queue = (await get('/api/review/applications?status=submitted', reviewer.cookie)).json().data.items.map((a: { id: string }) => a.id);
    expect(queue).toContain(id);
  });

  it('answers an expired edit link as an unknown one', async () => {
    const { id, payload } = await newApplication('uk');
    await decide(id, 'request_changes', 'Photo please');
    const [mail] = await mailsTo(String(payload.email));
    const token = /\/pharmacist\/edit\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const unknown = await get(`/api/get-pharmacist?id=${'A'.repeat(32)}`);

    clock = new Date(Date.now() + 29 * 24 * 3600 * 1000);
    expect((await get(`/api/get-pharmacist?id=${token}`)).statusCode).toBe(200);
    clock = new Date(Date.now() + 31 * 24 * 3600 * 1000);
    const expired = await get(`/api/get-pharmacist?id=${token}`);
    expect(expired.statusCode).toBe(unknown.statusCode);
    expect(expired.json()).toEqual(unknown.json());
    const resubmit = await ctx.app.inject({
      method: 'POST',
      url: '/api/save-pharmacist',
      payload: { ...payload, loginToken: token, recaptchaToken: await solveCaptcha(ctx.app) },
    });
    expect(resubmit.statusCode).toBe(400);
    expect(resubmit.json().errors).toEqual({ loginToken: 'validation.invalid' });
    expect(await statusOf(id)).toBe('changes_requested');
  });
});

describe('reviewer accounts', () => {
  it('lets the main admin add and disable reviewers, and nobody else', async () => {
    const added = await post(
      '/api/review/reviewers',
      { email: 'rita.reviewer@example.com', firstName: 'Rita', lastName: 'Reviewer', language: 'en' },
      admin.cookie,
    );
    expect(added.statusCode).toBe(200);
    const id = added.json().data.id as string;
    expect(
      (await post('/api/review/reviewers', { email: 'RITA.reviewer@example.com', firstName: 'Rita', lastName: 'Again', language: 'en' }, admin.cookie))
        .statusCode,
    ).toBe(409);
    expect((await post('/api/review/reviewers', { email: 'not-an-address', firstName: 'Rita', lastName: 'R' }, admin.cookie)).json().errors).toHaveProperty(
      'email',
    );

    const list = (await get('/api/review/reviewers', admin.cookie)).json().data;
    expect(list).toContainEqual({ id, email: 'rita.reviewer@example.com', firstName: 'Rita', lastName: 'Reviewer', disabled: false, markets: [] });

    expect((await get('/api/review/reviewers', reviewer.cookie)).statusCode).toBe(403);
    expect((await post('/api/review/reviewers', { email: 'x@example.com', firstName: 'X', lastName: 'Y' }, reviewer.cookie)).statusCode).toBe(403);
    expect((await post(`/api/review/reviewers/${id}/disable`, {}, reviewer.cookie)).statusCode).toBe(403);
    expect((await get('/api/review/reviewers')).statusCode).toBe(401);

    const rita = await ctx.app.services.auth.users.findById(id);
    const session = await signIn(ctx, rita!);
    expect((await get('/api/review/applications', session.cookie)).statusCode).toBe(200);
    expect((await post(`/api/review/reviewers/${id}/disable`, {}, admin.cookie)).statusCode).toBe(200);
    expect((await get('/api/review/applications', session.cookie)).statusCode).toBe(401);
    expect((await get('/api/review/reviewers', admin.cookie)).json().data).toContainEqual(expect.objectContaining({ id, disabled: true }));
    expect((await post(`/api/review/reviewers/${admin ? '00000000-0000-4000-8000-000000000000' : ''}/disable`, {}, admin.cookie)).statusCode).toBe(404);

    const events = await ctx.database.db.select().from(authEvents).where(eq(authEvents.userId, id));
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['reviewer_added', 'reviewer_disabled']));
  });
});
