import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drafts, files } from '../db/schema.ts';
import { purgeTempPhotos } from '../services/files/purge.ts';
import { hashToken } from '../services/tokens.ts';
import { createTestContext, uploadPhoto, type TestContext } from '../test/context.ts';
import { linkIn, mailsTo } from '../test/mail.ts';

let ctx: TestContext;
let clock = new Date();
beforeAll(async () => {
  ctx = await createTestContext({ marketHosts: new Map([['champions.example.de', 'de']]) }, { now: () => clock });
});
afterAll(async () => {
  await ctx?.close();
});

const DAY = 24 * 3600_000;
const save = (payload: unknown, host = 'localhost:3000') => ctx.app.inject({ method: 'POST', url: '/api/drafts', payload: payload as object, headers: { host } });
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
      data: { firstName: '<b>Jürgen</b>', lat: 52.5, isChecked: true, recaptchaToken: 'x', loginToken: 'y', whereYouWork: 'Apotheke <script>x</script>am Markt' },
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
    ['61 entries', { email: 'a@example.de', country: 'de', language: 'de', step: 1, data: Object.fromEntries(Array.from({ length: 61 }, (_, i) => [`f${i}`, 'x'])) }, 'data'],
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
    expect(await ctx.database.db.select().from(drafts).where(eq(drafts.tokenHash, hashToken(token)))).toHaveLength(0);
  });

  it('keeps a temp photo while a draft refers to it, and purges it once the draft expired', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00f' } }).png().toBuffer();
    const upload = await uploadPhoto(ctx.app, png.toString('base64'));
    const { filename } = upload.json() as { filename: string };
    await save({ email: 'photo@example.de', country: 'de', language: 'de', step: 1, data: { photo: filename } });

    const photoPath = path.join(ctx.app.services.photos.dir, filename);
    const later = new Date(clock.getTime() + 10 * DAY);
    expect(await purgeTempPhotos(ctx.database.db, ctx.app.services.photos.dir, later)).not.toContain(filename);
    expect(existsSync(photoPath)).toBe(true);

    const afterExpiry = new Date(clock.getTime() + 31 * DAY);
    await ctx.app.services.drafts.purgeExpired(afterExpiry);
    expect(await purgeTempPhotos(ctx.database.db, ctx.app.services.photos.dir, afterExpiry)).toContain(filename);
    expect(existsSync(photoPath)).toBe(false);
    expect(await ctx.database.db.select().from(files).where(eq(files.storageName, filename))).toHaveLength(0);
  });

  it('answers the same but stops mailing after ten drafts an hour for one address', async () => {
    for (let i = 0; i < 12; i++) {
      const response = await save({ email: 'often@example.de', country: 'de', language: 'de', step: 1, data: {} });
      expect(response.json()).toEqual({ status: 'ok' });
    }
    expect(mailsTo(ctx.config.mail.dir, 'often@example.de')).toHaveLength(10);
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
