import { eq } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, fileContents, files } from '../db/schema.ts';
import { readFileContent } from '../services/files/file-store.ts';
import { createTestContext, uploadPhoto as uploadPhotoTo, type TestContext } from '../test/context.ts';
import { elfBytes, gifBytes, heicBytes, multipartBody, pdfBytes, peBytes, pngDeclaring, type FilePart } from '../test/multipart.ts';
import { solveCaptcha } from '../test/bot-check.ts';
import { editTokenByMail } from '../test/mail.ts';
import { germanApplication, ukApplication, validApplication } from '../test/payloads.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const pdf = (content = pdfBytes(), filename = 'zertifikat.pdf'): FilePart => ({ filename, contentType: 'application/pdf', content });

async function submit(fields: Record<string, unknown>, fileParts: FilePart[] = [pdf()]) {
  const body = multipartBody({ recaptchaToken: await solveCaptcha(ctx.app), ...fields }, fileParts);
  return ctx.app.inject({ method: 'POST', url: '/api/save-pharmacist', ...body });
}

/** Certificates whose bytes are stored, whatever application they belong to. */
const storedCertificates = () =>
  ctx.database.db
    .select({ fileId: fileContents.fileId })
    .from(fileContents)
    .innerJoin(files, eq(files.id, fileContents.fileId))
    .where(eq(files.kind, 'certificate'));

async function applicationByEmail(email: string) {
  const [row] = await ctx.database.db.select().from(applications).where(eq(applications.emailNormalized, email.toLowerCase()));
  return row;
}

async function uploadPhoto(content: Buffer) {
  const response = await uploadPhotoTo(ctx.app, content.toString('base64'));
  expect(response.statusCode).toBe(200);
  return response.json() as { filename: string; target_id: string };
}

describe('POST /api/save-pharmacist (multipart, three steps)', () => {
  it('stores a German application with its certificate privately and linked', async () => {
    const payload = germanApplication();
    const response = await submit(payload);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', message: 'saved' });

    const row = await applicationByEmail(payload.email as string);
    expect(row?.registrationBody).toBe('Apothekerkammer Berlin');
    expect(row?.answers).toMatchObject({
      isChecked: true,
      agreementCheck5: true,
      lat: 52.52,
      howDidYouFindAboutTheProgram: 'MY EMPLOYER',
      willUpateGoogleMapsEntry: true,
    });
    const linked = await ctx.database.db.select().from(files).where(eq(files.applicationId, row!.id));
    expect(linked).toHaveLength(1);
    expect(linked[0]).toMatchObject({ kind: 'certificate', mime: 'application/pdf' });
    expect(linked[0]!.storageName).toMatch(/^[A-Za-z0-9_-]{22}\.pdf$/);
    expect(linked[0]!.storageName).not.toContain('zertifikat');
    expect(await readFileContent(ctx.database.db, linked[0]!.storageName)).toEqual(pdfBytes());

    // Not on any public path.
    for (const url of [
      `/files/photos/${linked[0]!.storageName}`,
      `/files/certificates/${linked[0]!.storageName}`,
      `/api/files/certificates/${linked[0]!.id}`,
    ]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).not.toBe(200);
    }
  });

  it('stores a JPEG certificate re-encoded at full size, without its EXIF and GPS', async () => {
    const content = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#fff' } })
      .jpeg()
      .withExifMerge({
        IFD0: { Make: 'PhoneCo', Model: 'Phone 12' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 12/1', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 18/1' },
      })
      .toBuffer();
    expect((await sharp(content).metadata()).exif?.includes(Buffer.from('PhoneCo'))).toBe(true);
    const payload = germanApplication();
    const response = await submit(payload, [{ filename: 'c.jpg', contentType: 'image/jpeg', content }]);
    expect(response.statusCode).toBe(200);
    const row = await applicationByEmail(payload.email as string);
    const [file] = await ctx.database.db.select().from(files).where(eq(files.applicationId, row!.id));
    expect(file).toMatchObject({ mime: 'image/jpeg', originalMime: 'image/jpeg' });
    const stored = (await readFileContent(ctx.database.db, file!.storageName))!;
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([1200, 900]);
    expect(stored.includes(Buffer.from('PhoneCo'))).toBe(false);
    // The GPS IFD pointer tag (0x8825), in either byte order.
    expect(stored.includes(Buffer.from([0x25, 0x88])) || stored.includes(Buffer.from([0x88, 0x25]))).toBe(false);
  });

  it('keeps a PNG certificate as PNG', async () => {
    const content = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#eee' } })
      .png()
      .toBuffer();
    const payload = germanApplication();
    expect((await submit(payload, [{ filename: 'c.png', contentType: 'image/png', content }])).statusCode).toBe(200);
    const row = await applicationByEmail(payload.email as string);
    const [file] = await ctx.database.db.select().from(files).where(eq(files.applicationId, row!.id));
    expect(file).toMatchObject({ mime: 'image/png' });
    expect(file!.storageName).toMatch(/\.png$/);
  });

  it.each([
    [
      'with /JavaScript run on opening',
      async (doc: PDFDocument) => doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') })),
    ],
    [
      'with a /Launch action on a page',
      async (doc: PDFDocument) => doc.getPage(0).node.set(PDFName.of('AA'), doc.context.obj({ O: { S: 'Launch', F: PDFString.of('calc.exe') } })),
    ],
    ['with an embedded file', async (doc: PDFDocument) => doc.attach(Buffer.from('MZ'), 'setup.exe', { mimeType: 'application/octet-stream' })],
  ])('refuses a PDF %s, in object streams or not', async (_label, addActiveContent) => {
    for (const useObjectStreams of [true, false]) {
      const doc = await PDFDocument.create();
      doc.addPage();
      await addActiveContent(doc);
      const content = Buffer.from(await doc.save({ useObjectStreams }));
      const before = (await storedCertificates()).length;
      const payload = germanApplication();
      const response = await submit(payload, [pdf(content)]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 'failed', message: 'invalid', errors: { file: 'validation.fileActiveContent' } });
      expect(await applicationByEmail(payload.email as string)).toBeUndefined();
      expect(await storedCertificates()).toHaveLength(before);
    }
  });

  it('accepts a PDF made by a PDF library that opens at a page (a destination, not an action)', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage();
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj([page.ref, 'Fit']));
    const payload = germanApplication();
    expect((await submit(payload, [pdf(Buffer.from(await doc.save()))])).statusCode).toBe(200);
  });

  it.each([
    ['a PDF that does not parse', pdf(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'))],
    ['a HEIC that cannot be decoded here', { filename: 'c.heic', contentType: 'image/heic', content: heicBytes() }],
    ['a PNG declaring 5,000 x 5,000 pixels', { filename: 'c.png', contentType: 'image/png', content: pngDeclaring(5_000, 5_000) }],
  ])('refuses %s as unreadable, and the bot-check solution is used up', async (_label, part) => {
    const recaptchaToken = await solveCaptcha(ctx.app);
    const payload = germanApplication({ recaptchaToken });
    const response = await submit(payload, [part]);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ file: 'validation.fileUnreadable' });
    const again = await submit(payload, [pdf()]);
    expect(again.json().errors).toEqual({ recaptchaToken: 'validation.captcha' });
  });

  it.each([
    ['a 6 MB pdf', pdf(pdfBytes(6 * 1024 * 1024)), 413, 'validation.fileTooBig'],
    ['a .pdf that is an ELF executable', pdf(elfBytes()), 400, 'validation.fileType'],
    ['a .pdf that is a Windows executable', pdf(peBytes()), 400, 'validation.fileType'],
    ['a GIF', { filename: 'c.gif', contentType: 'image/gif', content: gifBytes() }, 400, 'validation.fileType'],
    ['an empty file', pdf(Buffer.alloc(0)), 400, 'validation.required'],
  ])('refuses %s and stores nothing', async (_label, part, status, code) => {
    const before = (await storedCertificates()).length;
    const payload = germanApplication();
    const response = await submit(payload, [part]);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ status: 'failed', message: 'invalid', errors: { file: code } });
    expect(await applicationByEmail(payload.email as string)).toBeUndefined();
    expect(await storedCertificates()).toHaveLength(before);
  });

  it('requires the certificate, by multipart and by JSON', async () => {
    const payload = germanApplication();
    const response = await submit(payload, []);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ file: 'validation.required' });

    const json = await ctx.app.inject({ method: 'POST', url: '/api/save-pharmacist', payload: { ...payload, recaptchaToken: await solveCaptcha(ctx.app) } });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors).toEqual({ file: 'validation.required' });
  });

  it('reports field errors and the missing certificate together', async () => {
    const response = await submit(germanApplication({ email: 'not-an-email' }), []);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ email: 'validation.email', file: 'validation.required' });
  });

  it('keeps the stored certificate when an edit through loginToken sends none, and replaces it when it sends one', async () => {
    const payload = germanApplication();
    expect((await submit(payload)).statusCode).toBe(200);
    const first = await applicationByEmail(payload.email as string);
    const [firstFile] = await ctx.database.db.select().from(files).where(eq(files.applicationId, first!.id));

    const edited = await submit(
      { ...payload, lastName: 'Schmidt', loginToken: await editTokenByMail(ctx.app, ctx.config.mail.dir, String(payload.email), '/de') },
      [],
    );
    expect(edited.statusCode).toBe(200);
    const second = await applicationByEmail(payload.email as string);
    expect(second!.lastName).toBe('Schmidt');
    expect(await ctx.database.db.select().from(files).where(eq(files.applicationId, first!.id))).toHaveLength(1);

    const replaced = await submit({ ...payload, loginToken: await editTokenByMail(ctx.app, ctx.config.mail.dir, String(payload.email), '/de') });
    expect(replaced.statusCode).toBe(200);
    const now = await ctx.database.db.select().from(files).where(eq(files.applicationId, first!.id));
    expect(now).toHaveLength(1);
    expect(now[0]!.id).not.toBe(firstFile!.id);
    expect(await readFileContent(ctx.database.db, firstFile!.storageName)).toBeNull();
  });

  it('stores no certificate when the save fails (duplicate e-mail)', async () => {
    const payload = germanApplication();
    expect((await submit(payload)).statusCode).toBe(200);
    const before = (await storedCertificates()).length;
    const again = await submit(germanApplication({ email: payload.email }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 'failed', message: 'errorEmailRegistered' });
    expect(await storedCertificates()).toHaveLength(before);
  });

  it('accepts a jpeg or png photo for Germany and refuses a photo uploaded as webp', async () => {
    const png = await uploadPhoto(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
        .png()
        .toBuffer(),
    );
    const ok = germanApplication({ photo: png.filename, photoId: png.target_id });
    expect((await submit(ok)).statusCode).toBe(200);
    const [photoRow] = await ctx.database.db.select().from(files).where(eq(files.storageName, png.filename));
    expect(photoRow?.originalMime).toBe('image/png');

    const webp = await uploadPhoto(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
        .webp()
        .toBuffer(),
    );
    const refused = await submit(germanApplication({ photo: webp.filename, photoId: webp.target_id }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ photo: 'validation.fileType' });
  });

  it('refuses a webp photo on every three-step pair, as in German: a UK-market application in German (decision 0004)', async () => {
    const webpBytes = () =>
      sharp({ create: { width: 8, height: 8, channels: 3, background: '#00a' } })
        .webp()
        .toBuffer();
    const webp = await uploadPhoto(await webpBytes());
    const ukInGerman = validApplication({ country: 'uk', language: 'de' }, { photo: webp.filename, photoId: webp.target_id });
    const refused = await submit(ukInGerman);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ status: 'failed', message: 'invalid', errors: { photo: 'validation.fileType' } });

    // The single-page UK form keeps accepting any image.
    const other = await uploadPhoto(await webpBytes());
    const single = await ctx.app.inject({
      method: 'POST',
      url: '/api/save-pharmacist',
      payload: ukApplication({ recaptchaToken: await solveCaptcha(ctx.app), photo: other.filename, photoId: other.target_id }),
    });
    expect(single.statusCode).toBe(200);
  });

  it('answers a truncated body with 400 JSON', async () => {
    const { payload, headers } = multipartBody(germanApplication(), [pdf()]);
    const cut = payload.subarray(0, Math.floor(payload.length / 2));
    const response = await ctx.app.inject({ method: 'POST', url: '/api/save-pharmacist', payload: cut, headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'failed', message: 'invalid' });
  });

  it('answers too many parts, a second file, an oversized field and a bad boundary with 4xx JSON', async () => {
    const many = Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`f${i}`, 'x']));
    const cases = [
      multipartBody(many),
      multipartBody(germanApplication(), [pdf(), pdf()]),
      multipartBody(germanApplication({ services: 'x'.repeat(20_000) }), [pdf()]),
      multipartBody(germanApplication(), [{ ...pdf(), name: 'other' }]),
      { payload: Buffer.from('garbage'), headers: { 'content-type': 'multipart/form-data' } },
      multipartBody({ __proto__x: 1, constructor: 'x' }),
    ];
    for (const body of cases) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/save-pharmacist', ...body });
      expect([400, 413]).toContain(response.statusCode);
      expect(response.json().status).toBe('failed');
    }
  });

  it('accepts multipart for the single-page variants too (no certificate needed)', async () => {
    const payload = ukApplication({
      isChecked: 'true',
      agreementCheck1: 'on',
      agreementCheck2: 'on',
      agreementCheck3: 'on',
      agreementCheck4: 'on',
      agreementCheck5: 'on',
      lat: '53.4',
      lng: '-2.99',
    });
    const response = await submit(payload, []);
    expect(response.statusCode).toBe(200);
  });
});
