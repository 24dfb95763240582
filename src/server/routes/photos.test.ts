import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REGISTRATION_BODY_IT } from '#shared/reference/options.ts';
import { DAILY_UPLOAD_BYTES_PER_CLIENT, MAX_BASE64_UPLOAD_CHARS, MAX_UPLOAD_BYTES } from '#shared/limits.ts';
import { applications, dailyQuota, fieldPharmacies, files } from '../db/schema.ts';
import { readFileContent } from '../services/files/file-store.ts';
import { reencodePhoto } from '../services/files/photos.ts';
import { purgeTempPhotos } from '../services/files/purge.ts';
import { createTestContext, uploadPhoto, type TestContext } from '../test/context.ts';
import { pngDeclaring } from '../test/multipart.ts';
import { PUBLIC_PHOTO_CACHE_CONTROL, UPLOAD_QUOTA_SCOPE } from './photos.ts';
import { solveCaptcha } from '../test/bot-check.ts';
import { ukApplication } from '../test/payloads.ts';
import { setStatus, submitApplication } from '../test/listings.ts';
import { editTokenByMail } from '../test/mail.ts';
import { addStaff, signIn } from '../test/staff.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const upload = (data: unknown) => uploadPhoto(ctx.app, data);

/** The start of an AVIF file (ftyp box, brand avif): enough for its type to be known. */
function avifHeader(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypavif', 4, 'latin1');
  ftyp.write('mif1avif', 16, 'latin1');
  return Buffer.concat([ftyp, Buffer.alloc(512, 0)]);
}

/** A JPEG that carries GPS coordinates and a camera model in its EXIF, like a phone photo. */
async function jpegWithGps() {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'PhoneCo', Model: 'Phone 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '53/1 24/1 30/1', GPSLongitudeRef: 'W', GPSLongitude: '2/1 59/1 29/1' },
    })
    .toBuffer();
}

describe('POST /api/save-temp-pharmacist-image', () => {
  it('stores a re-encoded copy with no EXIF or GPS and serves it from /files/photos', async () => {
    const input = await jpegWithGps();
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.exif).toBeDefined();
    expect(inputMeta.exif!.includes(Buffer.from('PhoneCo'))).toBe(true);
    expect(inputMeta.orientation).toBe(6);
    // The GPS IFD pointer tag (0x8825), in either byte order.
    expect(inputMeta.exif!.includes(Buffer.from([0x25, 0x88])) || inputMeta.exif!.includes(Buffer.from([0x88, 0x25]))).toBe(true);

    const response = await upload(`data:image/jpeg;base64,${input.toString('base64')}`);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toEqual({ status: 'ok', filename: expect.stringMatching(/^[A-Za-z0-9_-]{22}\.jpg$/), target_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const served = await ctx.app.inject({ method: 'GET', url: `/files/photos/${answer.filename}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('private, no-store');
    const output = served.rawPayload;
    const meta = await sharp(output).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.format).toBe('jpeg');
    expect(output.includes(Buffer.from('PhoneCo'))).toBe(false);
    // Orientation 6 (rotate 90°) was applied to the pixels before the tag was dropped.
    expect([meta.width, meta.height]).toEqual([48, 64]);

    const [row] = await ctx.database.db.select().from(files).where(eq(files.id, answer.target_id));
    expect(row).toMatchObject({ kind: 'photo', storageName: answer.filename, mime: 'image/jpeg', applicationId: null });
    // Served byte for byte as stored, and stored as the re-encoding made it.
    const stored = await readFileContent(ctx.database.db, answer.filename);
    expect(stored?.equals(output)).toBe(true);
    expect(output.equals((await reencodePhoto(input, 'image/jpeg')).buffer)).toBe(true);
    expect(served.headers['content-length']).toBe(String(row!.bytes));
  });

  it('keeps PNG as PNG and accepts plain base64 and WebP', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const pngAnswer = (await upload(png.toString('base64'))).json();
    expect(pngAnswer.filename).toMatch(/\.png$/);
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    const webpAnswer = await upload(webp.toString('base64'));
    expect(webpAnswer.statusCode).toBe(200);
    expect(webpAnswer.json().filename).toMatch(/\.jpg$/);
  });

  it('refuses a photo over 5 MB', async () => {
    const big = Buffer.alloc(6 * 1024 * 1024, 7);
    const response = await upload(big.toString('base64'));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ status: 'failed', message: 'tooBig' });
    // Just over the decoded limit but inside the request limit.
    const justOver = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 7);
    const over = await upload(justOver.toString('base64'));
    expect(over.statusCode).toBe(413);
  });

  it('refuses what is not an image, whatever it is called', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
    const asJpeg = await upload(`data:image/jpeg;base64,${pdf.toString('base64')}`);
    expect(asJpeg.statusCode).toBe(415);
    expect(asJpeg.json()).toEqual({ status: 'failed', message: 'wrongFormat' });
    const html = await upload(Buffer.from('<!doctype html><html><script>alert(1)</script></html>').toString('base64'));
    expect(html.statusCode).toBe(415);
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64'));
    expect(svg.statusCode).toBe(415);
  });

  it('answers 422 for a broken image', async () => {
    const jpeg = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#123' } })
      .jpeg()
      .toBuffer();
    const broken = Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(200, 0)]);
    const response = await upload(broken.toString('base64'));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ status: 'failed', message: 'wrongFormat' });
  });

  it('refuses a pixel flood', async () => {
    const huge = await sharp({ create: { width: 10_000, height: 3_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(MAX_UPLOAD_BYTES);
    const response = await upload(huge.toString('base64'));
    expect(response.statusCode).toBe(422);
  });

  it('answers 400 for input that is not an upload', async () => {
    for (const payload of [{}, { data: '' }, { data: 12 }, { data: ['a'] }, { data: 'not base64 at all!' }, { data: 'data:text/plain,hello' }]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/save-temp-pharmacist-image',
        payload: { ...payload, recaptchaToken: await solveCaptcha(ctx.app) },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 'failed', message: 'invalid', errors: { data: expect.any(String) } });
    }
    const text = await ctx.app.inject({
      method: 'POST',
      url: '/api/save-temp-pharmacist-image',
      payload: { data: 'x '.repeat(1_500_000), recaptchaToken: await solveCaptcha(ctx.app) },
    });
    expect([400, 415]).toContain(text.statusCode);
    expect(text.body).not.toMatch(/stack|node_modules/);
  });

  it('answers the body first, then the data, then the bot check, each refusal in its own words', async () => {
    const post = (payload: string, type = 'application/json') =>
      ctx.app.inject({ method: 'POST', url: '/api/save-temp-pharmacist-image', headers: { 'content-type': type }, payload });
    const whole = { status: 'failed', message: 'invalid', errors: { _: 'validation.invalid' } };
    const cases: Array<[string, string, number, unknown]> = [
      ['[1]', 'application/json', 400, whole],
      ['{"data":', 'application/json', 400, whole],
      ['hello', 'text/plain', 400, whole],
      ['{}', 'application/json', 400, { status: 'failed', message: 'invalid', errors: { data: 'validation.required' } }],
      [JSON.stringify({ data: 'x'.repeat(MAX_BASE64_UPLOAD_CHARS + 1) }), 'application/json', 413, { status: 'failed', message: 'tooBig' }],
      [
        JSON.stringify({ data: 'not base64 at all!', recaptchaToken: 7 }),
        'application/json',
        400,
        { status: 'failed', message: 'invalid', errors: { recaptchaToken: 'validation.captcha' } },
      ],
    ];
    for (const [payload, type, status, answer] of cases) {
      const response = await post(payload, type);
      expect([response.statusCode, response.json()]).toEqual([status, answer]);
    }
  });

  it('refuses an upload without its own solved bot check, and a solution used once already', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#777' } })
      .jpeg()
      .toBuffer();
    const data = jpeg.toString('base64');
    for (const payload of [{ data }, { data, recaptchaToken: '' }, { data, recaptchaToken: 'bm90IGEgc29sdXRpb24=' }]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/save-temp-pharmacist-image', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 'failed', message: 'invalid', errors: { recaptchaToken: 'validation.captcha' } });
    }
    const recaptchaToken = await solveCaptcha(ctx.app);
    const first = await ctx.app.inject({ method: 'POST', url: '/api/save-temp-pharmacist-image', payload: { data, recaptchaToken } });
    expect(first.statusCode).toBe(200);
    const again = await ctx.app.inject({ method: 'POST', url: '/api/save-temp-pharmacist-image', payload: { data, recaptchaToken } });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ recaptchaToken: 'validation.captcha' });
  });

  it('refuses a PNG declaring 5,000 x 5,000 pixels from its header, before decoding it', async () => {
    const png = pngDeclaring(5_000, 5_000);
    expect(png.length).toBeLessThan(1_000);
    // The store says why: the declared size, not a failed decode (which would be "unreadable").
    expect(await ctx.app.services.photos.save(png)).toEqual({ ok: false, reason: 'tooManyPixels' });
    const response = await upload(png.toString('base64'));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ status: 'failed', message: 'wrongFormat' });
    // Within the limit, the same kind of file is decoded (and found broken, as its body is not an image).
    expect(await ctx.app.services.photos.save(pngDeclaring(400, 400))).toEqual({ ok: false, reason: 'unreadable' });
  });

  it('refuses AVIF, small or declaring 5,000 x 5,000, by its type without decoding it', async () => {
    const small = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#a33' } })
      .avif()
      .toBuffer();
    for (const avif of [small, avifHeader()]) {
      const response = await upload(avif.toString('base64'));
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ status: 'failed', message: 'wrongFormat' });
    }
  });

  it('reads the body as it arrives: neither the body nor its base64 text is ever one string or one buffer', async () => {
    // A 2 MB camera-like JPEG (noise does not compress), so a 2.6 MB body.
    const noise = Buffer.alloc(1200 * 1200 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const jpeg = await sharp(noise, { raw: { width: 1200, height: 1200, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(jpeg.length).toBeGreaterThan(1.5 * 1024 * 1024);
    const payload = JSON.stringify({ data: `data:image/jpeg;base64,${jpeg.toString('base64')}`, recaptchaToken: await solveCaptcha(ctx.app) });
    // Every whole-body copy the server could make on the way: joining the chunks, turning them into text, parsing it.
    const large: string[] = [];
    const note = (what: string, length: number) => length >= 1024 * 1024 && large.push(`${what} of ${length}`);
    const concat = vi.spyOn(Buffer, 'concat');
    const parse = vi.spyOn(JSON, 'parse');
    const toText = vi.spyOn(Buffer.prototype, 'toString');
    try {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/save-temp-pharmacist-image',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(200);
      for (const result of concat.mock.results) if (result.type === 'return') note('Buffer.concat', (result.value as Buffer).length);
      for (const [text] of parse.mock.calls) note('JSON.parse', String(text).length);
      // The re-encoded photo (far smaller than the upload) goes to the database as base64 text.
      const [stored] = await ctx.database.db.select({ bytes: files.bytes }).from(files).where(eq(files.storageName, response.json().filename));
      const storedText = Math.ceil(stored!.bytes / 3) * 4;
      toText.mock.calls.forEach(([encoding], i) => {
        const { length } = String(toText.mock.results[i]!.value);
        if (!(encoding === 'base64' && length === storedText)) note(`toString(${String(encoding)})`, length);
      });
    } finally {
      vi.restoreAllMocks();
    }
    expect(large).toEqual([]);
  });

  it('reads a body sent in small chunks without a declared length, and refuses one past the limit as it arrives', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0a7' } })
      .jpeg()
      .toBuffer();
    const body = Buffer.from(JSON.stringify({ recaptchaToken: await solveCaptcha(ctx.app), data: `data:image/jpeg;base64,${jpeg.toString('base64')}` }));
    // Chunks of 7 bytes: every field, escape and group of four base64 characters straddles some.
    const inSevens = function* (bytes: Buffer) {
      for (let at = 0; at < bytes.length; at += 7) yield bytes.subarray(at, at + 7);
    };
    const post = (payload: Readable) =>
      ctx.app.inject({ method: 'POST', url: '/api/save-temp-pharmacist-image', headers: { 'content-type': 'application/json' }, payload });
    const saved = await post(Readable.from(inSevens(body)));
    expect(saved.statusCode).toBe(200);
    const served = await ctx.app.inject({ method: 'GET', url: `/files/photos/${saved.json().filename}` });
    expect((await sharp(served.rawPayload).metadata()).width).toBe(300);

    let sent = 0;
    const endless = Readable.from(
      (function* () {
        yield Buffer.from('{"data":"');
        // Far past the limit if it were all read; the server stops counting at the limit.
        for (let i = 0; i < 200; i++, sent++) yield Buffer.alloc(64 * 1024, 'A');
        yield Buffer.from('"}');
      })(),
    );
    const refused = await post(endless);
    expect([refused.statusCode, refused.json()]).toEqual([413, { status: 'failed', message: 'tooBig' }]);
    expect(sent * 64 * 1024).toBeGreaterThan(MAX_BASE64_UPLOAD_CHARS);
  });

  it('refuses uploads past the daily bytes of one client address (429), counted in the database', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
      .jpeg()
      .toBuffer();
    const today = new Date().toISOString().slice(0, 10);
    // inject() comes from 127.0.0.1: leave it less room than one more photo.
    await ctx.database.db
      .insert(dailyQuota)
      .values({ scope: UPLOAD_QUOTA_SCOPE, key: '127.0.0.1', day: today, amount: DAILY_UPLOAD_BYTES_PER_CLIENT - jpeg.length + 1 })
      .onConflictDoUpdate({ target: [dailyQuota.scope, dailyQuota.key, dailyQuota.day], set: { amount: DAILY_UPLOAD_BYTES_PER_CLIENT - jpeg.length + 1 } });
    const refused = await upload(jpeg.toString('base64'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: 'failed', message: 'tooManyRequests' });
    // Another address still uploads.
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/save-temp-pharmacist-image',
      remoteAddress: '203.0.113.9',
      payload: { data: jpeg.toString('base64'), recaptchaToken: await solveCaptcha(ctx.app) },
    });
    expect(other.statusCode).toBe(200);
    await ctx.database.db.delete(dailyQuota);
  });
});

describe('GET /files/photos/:name', () => {
  it('answers 404 for unknown names and traversal attempts', async () => {
    for (const url of [
      '/files/photos/AAAAAAAAAAAAAAAAAAAAAA.jpg',
      '/files/photos/..%2f..%2fsecrets.json',
      '/files/photos/%2e%2e/secrets.json',
      '/files/photos/x.exe',
      '/files/other',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().status).toBe('failed');
    }
  });
});

describe('GET /files/photos/:name: public only once the application is approved', () => {
  it("serves an unlisted application's photo only to its edit link, reviewers and the main admin, never cached; an approved one to all", async () => {
    const png = await sharp({ create: { width: 12, height: 12, channels: 3, background: '#a37' } })
      .png()
      .toBuffer();
    const uploaded = (await upload(png.toString('base64'))).json();
    const url = `/files/photos/${uploaded.filename}`;
    const get = (path: string, cookie?: string) => ctx.app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });

    // A temp upload no application has claimed: its uploader (who holds the random name) sees it, uncached.
    const temp = await get(url);
    expect(temp.statusCode).toBe(200);
    expect(temp.headers['cache-control']).toBe('private, no-store');

    const { id, email } = await submitApplication(ctx, 'uk', { photo: uploaded.filename, photoId: uploaded.target_id });
    const editToken = await editTokenByMail(ctx.app, ctx.config.mail.dir, email);
    const [reviewer, admin, manager] = await Promise.all([addStaff(ctx, 'reviewer'), addStaff(ctx, 'main_admin'), addStaff(ctx, 'area_manager')]);
    const [asReviewer, asAdmin, asManager] = [await signIn(ctx, reviewer), await signIn(ctx, admin), await signIn(ctx, manager)];

    for (const status of ['submitted', 'changes_requested', 'rejected', 'deactivated'] as const) {
      await setStatus(ctx.database.db, id, status);
      expect((await get(url)).statusCode, status).toBe(401);
      expect((await get(`${url}?token=${editToken}x`)).statusCode, status).toBe(403);
      expect((await get(url, asManager.cookie)).statusCode, status).toBe(403);
      for (const allowed of [await get(`${url}?token=${encodeURIComponent(editToken)}`), await get(url, asReviewer.cookie), await get(url, asAdmin.cookie)]) {
        expect(allowed.statusCode, status).toBe(200);
        expect(allowed.headers['cache-control'], status).toBe('private, no-store');
        expect(allowed.rawPayload.length).toBeGreaterThan(0);
      }
    }

    await setStatus(ctx.database.db, id, 'approved');
    const listed = await get(url);
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('public, max-age=3600');
    expect(PUBLIC_PHOTO_CACHE_CONTROL).toBe('public, max-age=3600');
    const finder = (await ctx.app.inject({ method: 'GET', url: '/api/v1/finder/pharmacies?market=uk&lat=53.4&lng=-2.99' })).json();
    const [{ listingId }] = (await ctx.database.db.select({ listingId: applications.listingId }).from(applications).where(eq(applications.id, id))) as [
      { listingId: string },
    ];
    expect(finder.data.find((p: { id: string }) => p.id === listingId).photoUrl).toBe(url);
  });
});

describe('GET /files/photos/:name: ETag', () => {
  it('answers If-None-Match with 304 and no body, after the same access rules and with the same caching', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#7a3' } })
      .png()
      .toBuffer();
    const uploaded = (await upload(png.toString('base64'))).json() as { filename: string; target_id: string };
    const other = (
      await upload(
        (
          await sharp({ create: { width: 10, height: 10, channels: 3, background: '#37a' } })
            .png()
            .toBuffer()
        ).toString('base64'),
      )
    ).json() as { filename: string };
    const url = `/files/photos/${uploaded.filename}`;
    const get = (path: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: path, headers });

    const first = await get(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect((await get(url)).headers.etag).toBe(etag);
    expect((await get(`/files/photos/${other.filename}`)).headers.etag).not.toBe(etag);

    // A temp upload: revalidated, never cached.
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const unchanged = await get(url, { 'if-none-match': ifNoneMatch });
      expect(unchanged.statusCode, ifNoneMatch).toBe(304);
      expect(unchanged.rawPayload.length).toBe(0);
      expect(unchanged.headers.etag).toBe(etag);
      expect(unchanged.headers['cache-control']).toBe('private, no-store');
    }
    const changed = await get(url, { 'if-none-match': '"something-else"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(first.rawPayload)).toBe(true);

    // Unlisted: the ETag opens nothing without the edit link or a reviewer.
    const { id, email } = await submitApplication(ctx, 'uk', { photo: uploaded.filename, photoId: uploaded.target_id });
    const editToken = await editTokenByMail(ctx.app, ctx.config.mail.dir, email);
    await setStatus(ctx.database.db, id, 'submitted');
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(401);
    expect((await get(`${url}?token=${editToken}x`, { 'if-none-match': etag })).statusCode).toBe(403);
    const owner = await get(`${url}?token=${encodeURIComponent(editToken)}`, { 'if-none-match': etag });
    expect(owner.statusCode).toBe(304);
    expect(owner.headers['cache-control']).toBe('private, no-store');

    // Listed: public, and kept for a year (the name's bytes never change).
    await setStatus(ctx.database.db, id, 'approved');
    const listed = await get(url, { 'if-none-match': etag });
    expect(listed.statusCode).toBe(304);
    expect(listed.headers['cache-control']).toBe(PUBLIC_PHOTO_CACHE_CONTROL);

    // Gone: 404, whatever the client holds.
    await ctx.database.db.delete(files).where(eq(files.id, uploaded.target_id));
    const gone = await get(url, { 'if-none-match': etag });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for a row whose bytes are not in the database (a file not moved from disk)', async () => {
    const [row] = await ctx.database.db
      .insert(files)
      .values({ kind: 'photo', storageName: 'NoBytesNoBytesNoBytes0.jpg', mime: 'image/jpeg', bytes: 10 })
      .returning();
    for (const headers of [{}, { 'if-none-match': '*' }]) {
      expect((await ctx.app.inject({ method: 'GET', url: `/files/photos/${row!.storageName}`, headers })).statusCode).toBe(404);
    }
    await ctx.database.db.delete(files).where(eq(files.id, row!.id));
  });
});

describe('purgeTempPhotos', () => {
  it('deletes old unlinked temp photos only', async () => {
    const make = async () => {
      const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#999' } })
        .jpeg()
        .toBuffer();
      return (await upload(jpeg.toString('base64'))).json() as { filename: string; target_id: string };
    };
    const oldUnlinked = await make();
    const oldLinked = await make();
    const fresh = await make();
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/save-pharmacist',
      payload: ukApplication({ photo: oldLinked.filename, photoId: oldLinked.target_id, recaptchaToken: await solveCaptcha(ctx.app) }),
    });
    expect(saved.statusCode).toBe(200);
    // Three hours: past the two hours an unlinked temp photo is kept.
    const threeHoursAgo = new Date(Date.now() - 3 * 3600_000);
    await ctx.database.db
      .update(files)
      .set({ createdAt: threeHoursAgo })
      .where(sql`${files.id} in (${oldUnlinked.target_id}, ${oldLinked.target_id})`);

    const purged = await purgeTempPhotos(ctx.database.db);
    expect(purged).toContain(oldUnlinked.filename);
    expect(purged).not.toContain(oldLinked.filename);
    expect(purged).not.toContain(fresh.filename);
    expect(await readFileContent(ctx.database.db, oldUnlinked.filename)).toBeNull();
    expect(await readFileContent(ctx.database.db, oldLinked.filename)).not.toBeNull();
    expect(await readFileContent(ctx.database.db, fresh.filename)).not.toBeNull();
    const remaining = await ctx.database.db.select({ id: files.id }).from(files);
    expect(remaining.map((r) => r.id)).not.toContain(oldUnlinked.target_id);
    expect((await ctx.app.inject({ method: 'GET', url: `/files/photos/${oldUnlinked.filename}` })).statusCode).toBe(404);
  });
});

/** A rep's 'joined_unify' visit (the photo belongs to that part of the form). */
const joinedVisit = (pharmacyId: string, photo: string) => ({
  pharmacyId,
  callFlag: 'joined_unify',
  month: 4,
  placeId: `fixture:it:photo-${pharmacyId}`,
  lat: 41.9,
  lng: 12.5,
  address: 'Via del Corso 10, 00186 Roma RM',
  piva: '01234567897',
  completionMonth: '2',
  oncStatus: 'registered',
  haveYouCompleted: 'yes',
  email: 'titolare@farmacia-foto.it',
  firstName: 'Chiara',
  lastName: 'Lombardi',
  bodyOfRegistration: REGISTRATION_BODY_IT,
  professionalRegistrationNumber: '12345',
  check1: true,
  check2: true,
  check3: true,
  photo,
});

describe('a photo a rep saved with a pharmacy', () => {
  /** A rep signed in with one pharmacy assigned; `visit` records joined_unify with the photo. */
  async function repWithPharmacy(name: string, fullAddress: string) {
    const manager = await addStaff(ctx, 'area_manager');
    const rep = await addStaff(ctx, 'sales_rep', { areaManagerId: manager.id });
    const { cookie } = await signIn(ctx, rep);
    const [pharmacy] = await ctx.database.db.insert(fieldPharmacies).values({ areaManagerId: manager.id, salesRepId: rep.id, name, fullAddress }).returning();
    return {
      visit: (photo: string) =>
        ctx.app.inject({ method: 'PUT', url: '/api/rep-update-pharmacy', headers: { cookie }, payload: joinedVisit(pharmacy!.id, photo) }),
    };
  }

  it('survives the temp purge, while one the rep replaced goes', async () => {
    const { visit } = await repWithPharmacy('Farmacia con Foto', 'Via del Corso 10, 00186 Roma RM');
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#456' } })
      .jpeg()
      .toBuffer();
    const first = (await upload(jpeg.toString('base64'))).json() as { filename: string };
    const second = (await upload(jpeg.toString('base64'))).json() as { filename: string };
    expect((await visit(first.filename)).statusCode).toBe(200);
    expect((await visit(second.filename)).statusCode).toBe(200);
    const threeHoursAgo = new Date(Date.now() - 3 * 3600_000);
    await ctx.database.db
      .update(files)
      .set({ createdAt: threeHoursAgo })
      .where(sql`${files.storageName} in (${first.filename}, ${second.filename})`);

    const purged = await purgeTempPhotos(ctx.database.db);
    expect(purged).toContain(first.filename);
    expect(purged).not.toContain(second.filename);
    expect(await readFileContent(ctx.database.db, first.filename)).toBeNull();
    expect(await readFileContent(ctx.database.db, second.filename)).not.toBeNull();
  });

  it("must be a jpeg or png photo, as on the manager's form", async () => {
    const { visit } = await repWithPharmacy('Farmacia con WebP', 'Via Roma 1, 00184 Roma RM');
    const webp = (
      await upload(
        (
          await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00a' } })
            .webp()
            .toBuffer()
        ).toString('base64'),
      )
    ).json() as { filename: string };
    const response = await visit(webp.filename);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ photo: 'validation.fileType' });
  });
});
