import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drafts, files } from '../db/schema.ts';
import { readFileContent } from '../services/files/file-store.ts';
import { purgeTempPhotos } from '../services/files/purge.ts';
import { hashToken } from '../services/tokens.ts';
import { createTestContext, uploadPhoto, type TestContext } from '../test/context.ts';
import { linkIn, mailsTo } from '../test/mail.ts';
import { solveCaptcha } from '../test/bot-check.ts';

let ctx: TestContext;
let clock = new Date();
beforeAll(async () => {
  ctx = await createTestContext({ marketHosts: new Map([['champions.example.de', 'de']]) }, { now: () => clock });
});
afterAll(async () => {
  await ctx?.close();
});

const DAY = 24 * 3600_000;
let clients = 0;
/** Each draft from its own client address with a freshly solved bot check, unless the test says otherwise. */
const save = async (payload: unknown, host = 'localhost:3000', remoteAddress = `10.0.${(clients >> 8) & 255}.${clients++ & 255}`) => {
  const body =
    Array.isArray(payload) || Object.hasOwn(payload as object, 'recaptchaToken')
      ? payload
      : { ...(payload as object), recaptchaToken: await solveCaptcha(ctx.app) };
  return ctx.app.inject({ method: 'POST', url: '/api/drafts', payload: body as object, headers: { host }, remoteAddress });
};
const load = (token: string) => ctx.app.inject({ method: 'GET', url: `/api/drafts/${token}` });
const tokenFrom = (raw: string) => /[?&]draft=([A-Za-z0-9_-]{32})/.exec(raw)?.[1] ?? '';

describe('POST /api/drafts and GET /api/drafts/:token', () => {
  it('stores a draft, mails a link in the draft language, and loads it from the link', async () => {
    const response = await save({
      email: 'draft.de@example.de',
      country: 'de',
      language: 'de',
      step: 2,
      basePath: '/de',
      data: {
        firstName: '<b>Jürgen</b>',
        lat: 52.5,
        isChecked: true,
        recaptchaToken: 'x',
        loginToken: 'y',
        whereYouWork: 'Apotheke <script>x</script>am Markt',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });

    const [mail] = mailsTo(ctx.config.mail.dir, 'draft.de@example.de');
    expect(mail).toBeDefined();
    expect(mail).toMatch(/Subject: .*Bewerbung/);
    expect(mail).toContain('Content-Type: text/html');
    const link = linkIn(mail!, /http:\/\/localhost:3000\/de\/form\/2\?draft=[A-Za-z0-9_-]{32}/);
    expect(link).not.toBeNull();
    const token = tokenFrom(link!);

    const [row] = await ctx.database.db.select().from(drafts).where(eq(drafts.email, 'draft.de@example.de'));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const loaded = await load(token);
    expect(loaded.statusCode).toBe(200);
    expect(loaded.headers['cache-control']).toBe('no-store');
    expect(loaded.json()).toEqual({
      status: 'ok',
      data: { country: 'de', language: 'de', step: 2, data: { firstName: 'Jürgen', lat: 52.5, isChecked: true, whereYouWork: 'Apotheke am Markt' } },
    });
  });

  it.each([
    ['en', 'Continue your application'],
    ['it', 'Continui la Sua candidatura'],
  ])('writes the mail in %s', async (language, subject) => {
    const email = `draft.${language}@example.com`;
    expect((await save({ email, country: 'it', language, step: 1, data: {} })).statusCode).toBe(200);
    const [mail] = mailsTo(ctx.config.mail.dir, email);
    expect(mail).toContain(subject);
    expect(mail).toMatch(/http:\/\/localhost:3000\/form\/1\?draft=/);
  });

  it('uses a market host, and refuses a host that is not ours', async () => {
    expect((await save({ email: 'host@example.de', country: 'de', language: 'de', step: 1, data: {} }, 'champions.example.de')).statusCode).toBe(200);
    expect(mailsTo(ctx.config.mail.dir, 'host@example.de')[0]).toContain('http://champions.example.de/form/1?draft=');

    const evil = await save({ email: 'evil@example.de', country: 'de', language: 'de', step: 1, data: {} }, 'evil.example.com');
    expect(evil.statusCode).toBe(400);
    expect(evil.json()).toEqual({ status: 'failed', message: 'invalid' });
    expect(mailsTo(ctx.config.mail.dir, 'evil@example.de')).toHaveLength(0);
  });

  it.each([
    ['no e-mail', { country: 'de', language: 'de', step: 1, data: {} }, 'email'],
    ['step 4', { email: 'a@example.de', country: 'de', language: 'de', step: 4, data: {} }, 'step'],
    ['nested data', { email: 'a@example.de', country: 'de', language: 'de', step: 1, data: { a: { b: 1 } } }, 'data'],
    [
      '61 entries',
      { email: 'a@example.de', country: 'de', language: 'de', step: 1, data: Object.fromEntries(Array.from({ length: 61 }, (_, i) => [`f${i}`, 'x'])) },
      'data',
    ],
    ['an odd base path', { email: 'a@example.de', country: 'de', language: 'de', step: 1, basePath: '//evil.example', data: {} }, 'basePath'],
    ['an array body', [], '_'],
  ])('refuses %s', async (_label, payload, field) => {
    const response = await save(payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toContain(field);
  });

  it('answers 404 for an unknown, malformed or expired token, and purges expired drafts', async () => {
    expect((await load('A'.repeat(32))).statusCode).toBe(404);
    expect((await load('short')).statusCode).toBe(404);

    await save({ email: 'expire@example.de', country: 'de', language: 'de', step: 3, data: {} });
    const token = tokenFrom(mailsTo(ctx.config.mail.dir, 'expire@example.de')[0]!);
    clock = new Date(clock.getTime() + 29 * DAY);
    expect((await load(token)).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 2 * DAY);
    expect((await load(token)).statusCode).toBe(404);
    expect(await ctx.app.services.drafts.purgeExpired()).toBeGreaterThan(0);
    expect(
      await ctx.database.db
        .select()
        .from(drafts)
        .where(eq(drafts.tokenHash, hashToken(token))),
    ).toHaveLength(0);
  });

  it('keeps a temp photo while a draft refers to it, and purges it once the draft expired', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();
    const upload = await uploadPhoto(ctx.app, png.toString('base64'));
    const { filename } = upload.json() as { filename: string };
    await save({ email: 'photo@example.de', country: 'de', language: 'de', step: 1, data: { photo: filename } });

    const later = new Date(clock.getTime() + 10 * DAY);
    expect(await purgeTempPhotos(ctx.database.db, later)).not.toContain(filename);
    expect(await readFileContent(ctx.database.db, filename)).not.toBeNull();

    const afterExpiry = new Date(clock.getTime() + 31 * DAY);
    await ctx.app.services.drafts.purgeExpired(afterExpiry);
    expect(await purgeTempPhotos(ctx.database.db, afterExpiry)).toContain(filename);
    expect(await readFileContent(ctx.database.db, filename)).toBeNull();
    expect(await ctx.database.db.select().from(files).where(eq(files.storageName, filename))).toHaveLength(0);
  });

  it('refuses a draft without a solved bot check, with a forged one, and with one already used', async () => {
    const draft = { email: 'nobot@example.de', country: 'de', language: 'de', step: 1, data: {} };
    for (const recaptchaToken of [undefined, '', 'bm90IGEgc29sdXRpb24=']) {
      const response = await save({ ...draft, recaptchaToken });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 'failed', message: 'invalid', errors: { recaptchaToken: 'validation.captcha' } });
    }
    const solved = await solveCaptcha(ctx.app);
    expect((await save({ ...draft, recaptchaToken: solved })).statusCode).toBe(200);
    const again = await save({ ...draft, recaptchaToken: solved });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ recaptchaToken: 'validation.captcha' });
    expect(mailsTo(ctx.config.mail.dir, 'nobot@example.de')).toHaveLength(1);
  });

  it('refuses the 11th draft mail in a day to one mailbox, whatever +tag it carries, and mails nothing more', async () => {
    const answers = [];
    for (let i = 1; i <= 11; i++) answers.push(await save({ email: `Tagged+${i}@Example.de`, country: 'de', language: 'de', step: 1, data: {} }));
    expect(answers.slice(0, 10).map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(answers[10]!.statusCode).toBe(429);
    expect(answers[10]!.json()).toEqual({ status: 'failed', message: 'tooManyDrafts' });
    expect((await save({ email: 'tagged@example.de', country: 'de', language: 'de', step: 1, data: {} })).statusCode).toBe(429);
    const sent = Array.from({ length: 11 }, (_, i) => mailsTo(ctx.config.mail.dir, `tagged+${i + 1}@example.de`).length);
    expect(sent).toEqual([...Array(10).fill(1), 0]);
    expect(mailsTo(ctx.config.mail.dir, 'tagged@example.de')).toHaveLength(0);
    // Another mailbox is not affected, and a day later the mailbox gets mail again.
    expect((await save({ email: 'tagged.other@example.de', country: 'de', language: 'de', step: 1, data: {} })).statusCode).toBe(200);
    clock = new Date(clock.getTime() + DAY + 1000);
    expect((await save({ email: 'tagged+12@example.de', country: 'de', language: 'de', step: 1, data: {} })).statusCode).toBe(200);
    expect(mailsTo(ctx.config.mail.dir, 'tagged+12@example.de')).toHaveLength(1);
  });

  it('refuses the 11th draft mail in a day from one client address', async () => {
    const from = '192.0.2.77';
    const answers = [];
    for (let i = 1; i <= 11; i++)
      answers.push(await save({ email: `client${i}@example.it`, country: 'it', language: 'it', step: 1, data: {} }, 'localhost:3000', from));
    expect(answers.slice(0, 10).map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(answers[10]!.statusCode).toBe(429);
    expect(answers[10]!.json()).toEqual({ status: 'failed', message: 'tooManyDrafts' });
    expect(mailsTo(ctx.config.mail.dir, 'client11@example.it')).toHaveLength(0);
    expect((await save({ email: 'client11@example.it', country: 'it', language: 'it', step: 1, data: {} }, 'localhost:3000', '192.0.2.78')).statusCode).toBe(
      200,
    );
  });

  it('lets no more than ten of 20 concurrent drafts to one mailbox through', async () => {
    const tokens = await Promise.all(Array.from({ length: 20 }, () => solveCaptcha(ctx.app)));
    const answers = await Promise.all(
      tokens.map((recaptchaToken, i) => save({ email: `race+${i}@example.de`, country: 'de', language: 'de', step: 1, data: {}, recaptchaToken })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(10);
    const sent = Array.from({ length: 20 }, (_, i) => mailsTo(ctx.config.mail.dir, `race+${i}@example.de`).length).reduce((a, b) => a + b, 0);
    expect(sent).toBe(10);
  });
});

describe('text PostgreSQL cannot store', () => {
  it('refuses NUL and lone surrogates in JSON and multipart fields with 400, and a malformed URL with JSON', async () => {
    const nul = await save({ email: 'nul@example.de', country: 'de', language: 'de', step: 1, data: { services: 'a\u0000b' } });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ status: 'failed', message: 'invalid', errors: { data: 'validation.invalid' } });
    const surrogate = await ctx.app.inject({ method: 'POST', url: '/api/check_pharmacy', payload: { placeId: 'x\ud800' } });
    expect(surrogate.statusCode).toBe(400);
    const { multipartBody } = await import('../test/multipart.ts');
    const form = await ctx.app.inject({ method: 'POST', url: '/api/save-pharmacist', ...multipartBody({ services: 'a\u0000b' }) });
    expect(form.statusCode).toBe(400);
    expect(form.json().errors).toEqual({ services: 'validation.invalid' });
    const badUrl = await ctx.app.inject({ method: 'GET', url: '/api/drafts/%ZZ' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toMatchObject({ status: 'failed' });
  });
});
