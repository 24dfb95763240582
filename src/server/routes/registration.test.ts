import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalVersionsOf } from '#shared/legal-versions.ts';
import { applications, consentRecords, files, mailOutbox, pharmacies } from '../db/schema.ts';
import { createTestContext, uploadPhoto, type TestContext } from '../test/context.ts';
import { REFERENCE_PATTERN } from '../services/application-reference.ts';
import { solveCaptcha } from '../test/bot-check.ts';
import { ukApplication } from '../test/payloads.ts';
import { editTokenByMail } from '../test/mail.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function submit(payload: Record<string, unknown>, withCaptcha = true) {
  const body = withCaptcha && !('recaptchaToken' in payload) ? { ...payload, recaptchaToken: await solveCaptcha(ctx.app) } : payload;
  return ctx.app.inject({ method: 'POST', url: '/api/save-pharmacist', payload: body });
}

async function storedByEmail(email: string) {
  const rows = await ctx.database.db.select().from(applications).where(eq(applications.emailNormalized, email.toLowerCase()));
  return rows;
}

function expectNoLeak(body: string) {
  expect(body).not.toMatch(/\bat [\w.<>]+ \(|node_modules|stack/i);
}

describe('POST /api/save-pharmacist', () => {
  it('stores a full valid UK application with markup stripped from every field', async () => {
    const payload = ukApplication({
      firstName: '<b>Amelia</b>',
      whereYouWork: 'Bold <script>alert(1)</script>Street Chemist',
      services: '<img src=x onerror=alert(1)>Flu jabs',
      anythingElseAboutYou: '<a href="http://evil">Ten years</a> in pharmacy',
      address: '84 Bold Street<br>, Liverpool',
      haveYouCompleted: 'yes',
      additionalTrainingNotes: '<i>Panel</i> evidence',
    });
    const response = await submit(payload);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toEqual({
      status: 'ok',
      message: 'saved',
      data: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), reference: expect.stringMatching(REFERENCE_PATTERN) },
    });
    expect(response.body).not.toContain('editToken');

    const [row] = await storedByEmail(payload.email as string);
    expect(row).toBeDefined();
    expect(row!.id).toBe(answer.data.id);
    // The edit link's token is kept as its SHA-256 only (docs/decisions/0042).
    expect(row!.editTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.registrationBody).toBe('UK (GPhC)');
    expect(row!.registrationNumber).toBe(payload.professionalRegistrationNumber);
    expect(row!.status).toBe('submitted');
    expect(row!.firstName).toBe('Amelia');
    const answers = row!.answers;
    expect(answers).toMatchObject({
      firstName: 'Amelia',
      whereYouWork: 'Bold Street Chemist',
      services: 'Flu jabs',
      anythingElseAboutYou: 'Ten years in pharmacy',
      address: '84 Bold Street, Liverpool',
      additionalTrainingNotes: 'Panel evidence',
      areYouLocum: 'no',
      whereDidYouFindOutAboutUs: 'email',
      isChecked: true,
      agreementCheck5: true,
      appStoreCountry: 'uk',
      formLanguage: 'en',
      placeId: 'fixture:uk:001',
      lat: 53.4,
      lng: -2.99,
    });
    expect(JSON.stringify(answers)).not.toMatch(/[<>]/);
    // Only answers are kept there, with their market and language (decision 0018): no bot check, honeypot or edit token.
    for (const transport of ['recaptchaToken', 'website', 'loginToken']) expect(answers).not.toHaveProperty(transport);

    const [pharmacy] = await ctx.database.db.select().from(pharmacies).where(eq(pharmacies.placeId, 'fixture:uk:001'));
    expect(pharmacy?.name).toBe('Bold Street Chemist');
  });

  it('refuses a duplicate e-mail, whatever its letter case', async () => {
    const first = ukApplication();
    expect((await submit(first)).statusCode).toBe(200);
    for (const email of [first.email as string, (first.email as string).toUpperCase()]) {
      const again = await submit(ukApplication({ email }));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ status: 'failed', message: 'errorEmailRegistered' });
    }
  });

  it('refuses a duplicate registration number', async () => {
    const first = ukApplication();
    expect((await submit(first)).statusCode).toBe(200);
    const again = await submit(ukApplication({ professionalRegistrationNumber: first.professionalRegistrationNumber }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ status: 'failed', message: 'errorRegisterantNumberRegistered' });
  });

  it('stores exactly one of 20 concurrent identical submissions', async () => {
    const payload = ukApplication();
    const tokens = await Promise.all(Array.from({ length: 20 }, () => solveCaptcha(ctx.app)));
    const responses = await Promise.all(
      tokens.map((recaptchaToken) => ctx.app.inject({ method: 'POST', url: '/api/save-pharmacist', payload: { ...payload, recaptchaToken } })),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(await storedByEmail(payload.email as string)).toHaveLength(1);
  });

  it('updates the same application when loginToken is its edit token', async () => {
    const payload = ukApplication();
    const created = await submit(payload);
    const [before] = await storedByEmail(payload.email as string);
    const editToken = await editTokenByMail(ctx.app, ctx.config.mail.dir, String(payload.email));
    const updated = await submit({ ...payload, lastName: 'Smith', loginToken: editToken });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.id).toBe(created.json().data.id);
    const rows = await storedByEmail(payload.email as string);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.lastName).toBe('Smith');
    expect(rows[0]!.answers.lastName).toBe('Smith');
    // The edit link works once: the stored application now has a fresh token.
    expect(rows[0]!.editTokenHash).not.toBe(before!.editTokenHash);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/get-pharmacist?id=${editToken}` })).statusCode).toBe(404);
  });

  it('refuses an unknown loginToken', async () => {
    const response = await submit(ukApplication({ loginToken: 'A'.repeat(32) }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'failed', message: 'invalid', errors: { loginToken: 'validation.invalid' } });
  });

  it('refuses a reused captcha solution and a missing one', async () => {
    const recaptchaToken = await solveCaptcha(ctx.app);
    expect((await submit(ukApplication({ recaptchaToken }))).statusCode).toBe(200);
    const reused = await submit(ukApplication({ recaptchaToken }));
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors).toEqual({ recaptchaToken: 'validation.captcha' });

    const missing = await submit(ukApplication(), false);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.recaptchaToken).toBe('validation.captcha');

    for (const forged of ['not-base64!', Buffer.from('{"challenge":null,"solution":null,"test":true}').toString('base64')]) {
      const response = await submit(ukApplication({ recaptchaToken: forged }));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ recaptchaToken: 'validation.captcha' });
    }
  });

  it('uses up a captcha solution even when the save is refused (409, bad edit link), and records it with a save', async () => {
    const taken = ukApplication();
    expect((await submit(taken)).statusCode).toBe(200);
    const recaptchaToken = await solveCaptcha(ctx.app);
    const conflict = await submit(ukApplication({ email: taken.email, recaptchaToken }));
    expect(conflict.statusCode).toBe(409);
    // The refused save rolled back; the solution stays used all the same.
    const again = await submit(ukApplication({ recaptchaToken }));
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ recaptchaToken: 'validation.captcha' });

    const other = await solveCaptcha(ctx.app);
    expect((await submit(ukApplication({ loginToken: 'B'.repeat(32), recaptchaToken: other }))).statusCode).toBe(400);
    expect((await submit(ukApplication({ recaptchaToken: other }))).json().errors).toEqual({ recaptchaToken: 'validation.captcha' });

    // A successful save records its solution in the same statement: nothing is stored without it.
    const third = await solveCaptcha(ctx.app);
    const payload = ukApplication({ recaptchaToken: third });
    expect((await submit(payload)).statusCode).toBe(200);
    const signature = JSON.parse(Buffer.from(third, 'base64').toString()).challenge.signature as string;
    const used = await ctx.database.db.execute(sql`select count(*)::int as n from captcha_used where signature = ${signature}`);
    expect((used as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1);
    // A reused solution with a taken e-mail is a captcha refusal (the solution is checked first).
    const reusedAndTaken = await submit(ukApplication({ email: payload.email, recaptchaToken: third }));
    expect(reusedAndTaken.statusCode).toBe(400);
    expect(reusedAndTaken.json().errors).toEqual({ recaptchaToken: 'validation.captcha' });
  });

  it('stores a new pharmacy with the first application naming it, and keeps it for later ones', async () => {
    const placeId = `place-cte-${Date.now()}`;
    const first = ukApplication({ placeId, whereYouWork: 'First Name Pharmacy' });
    const second = ukApplication({ placeId, whereYouWork: 'Another Name' });
    expect((await submit(first)).statusCode).toBe(200);
    expect((await submit(second)).statusCode).toBe(200);
    const rows = await ctx.database.db.select().from(pharmacies).where(eq(pharmacies.placeId, placeId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe('First Name Pharmacy');
  });

  it('refuses a filled-in honeypot', async () => {
    const response = await submit(ukApplication({ website: 'http://spam.example' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ website: 'validation.invalid' });
  });

  it('links an uploaded photo to the application in the same save', async () => {
    const { default: sharp } = await import('sharp');
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#c00' } })
      .jpeg()
      .toBuffer();
    const upload = await uploadPhoto(ctx.app, jpeg.toString('base64'));
    const { filename, target_id } = upload.json();
    const payload = ukApplication({ photo: filename, photoId: target_id });
    const response = await submit(payload);
    expect(response.statusCode).toBe(200);
    const [file] = await ctx.database.db.select().from(files).where(eq(files.id, target_id));
    expect(file!.applicationId).toBe(response.json().data.id);
    expect(file!.linkedAt).toBeInstanceOf(Date);

    // Someone else cannot claim the same photo.
    const thief = await submit(ukApplication({ photo: filename }));
    expect(thief.statusCode).toBe(400);
    expect(thief.json().errors).toEqual({ photo: 'validation.invalid' });
    const missing = await submit(ukApplication({ photo: 'AAAAAAAAAAAAAAAAAAAAAA.jpg' }));
    expect(missing.json().errors).toEqual({ photo: 'validation.invalid' });
  });

  it('writes nothing when part of the save is refused', async () => {
    const before = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(applications);
    const payload = ukApplication({ placeId: 'fixture:uk:007', photo: 'BBBBBBBBBBBBBBBBBBBBBB.jpg' });
    expect((await submit(payload)).statusCode).toBe(400);
    const after = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(applications);
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(await ctx.database.db.select().from(pharmacies).where(eq(pharmacies.placeId, 'fixture:uk:007'))).toHaveLength(0);
  });

  it("stores a new application with its 'received' e-mail and the applicant's declarations, and a refused one with neither", async () => {
    const payload = ukApplication({ email: 'declarations@example.co.uk', professionalRegistrationNumber: '2045678', placeId: 'fixture:uk:002' });
    const response = await submit(payload);
    expect(response.statusCode).toBe(200);
    const id = response.json().data.id as string;
    const consents = await ctx.database.db.select().from(consentRecords).where(eq(consentRecords.applicationId, id));
    expect(consents).toEqual([
      expect.objectContaining({
        givenBy: 'applicant',
        statements: ['agreementCheck1', 'agreementCheck2', 'agreementCheck3', 'agreementCheck4', 'agreementCheck5', 'isChecked'],
        country: 'uk',
        language: 'en',
        privacyVersion: legalVersionsOf('uk', 'en').privacy,
        termsVersion: legalVersionsOf('uk', 'en').terms,
      }),
    ]);
    const mailsTo = async () => (await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'declarations@example.co.uk'))).length;
    expect(await mailsTo()).toBe(1);
    const consentCount = async () => (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(consentRecords))[0]!.n;
    const before = await consentCount();

    const again = await submit({ ...payload, professionalRegistrationNumber: '2045679', placeId: 'fixture:uk:003' });
    expect(again.statusCode).toBe(409);
    expect(await mailsTo()).toBe(1);
    expect(await consentCount()).toBe(before);
  });

  describe('invalid input is a 400 with field errors, never a 500', () => {
    const bad = (overrides: Record<string, unknown>) => ukApplication({ recaptchaToken: 'unchecked-until-the-rest-is-valid', ...overrides });
    const cases: Array<[string, unknown, (errors: Record<string, string>) => void]> = [
      [
        'missing fields',
        { appStoreCountry: 'uk', formLanguage: 'en' },
        (e) => expect(e).toMatchObject({ email: 'validation.required', firstName: 'validation.required', agreementCheck1: 'validation.confirm' }),
      ],
      [
        'wrong types',
        bad({ email: 42, firstName: { $gt: '' }, lat: 'north', agreementCheck1: 'nope' }),
        (e) =>
          expect(e).toMatchObject({
            email: 'validation.required',
            firstName: 'validation.required',
            lat: 'validation.placeRequired',
            agreementCheck1: 'validation.confirm',
          }),
      ],
      [
        'arrays instead of strings',
        bad({ email: ['a@b.co'], lastName: ['x', 'y'] }),
        (e) => expect(Object.keys(e)).toEqual(expect.arrayContaining(['email', 'lastName'])),
      ],
      ['markup only in a required field', bad({ whereYouWork: '<script>x</script>' }), (e) => expect(e).toEqual({ whereYouWork: 'validation.required' })],
      [
        'names with markup that is not a name',
        bad({ firstName: 'Robert"); DROP TABLE applications;--' }),
        (e) => expect(e).toEqual({ firstName: 'validation.name' }),
      ],
      [
        'bad registration number',
        bad({ professionalRegistrationNumber: '12' }),
        (e) => expect(e).toEqual({ professionalRegistrationNumber: 'validation.registrationNumber' }),
      ],
      ['unsupported market', bad({ appStoreCountry: 'fr' }), (e) => expect(e).toEqual({ appStoreCountry: 'validation.invalid' })],
      [
        'unsupported market and language: the market alone',
        bad({ appStoreCountry: 'fr', formLanguage: 'fr', email: 'x' }),
        (e) => expect(e).toEqual({ appStoreCountry: 'validation.invalid' }),
      ],
      ['unsupported language', bad({ formLanguage: 'fr', email: 'x' }), (e) => expect(e).toEqual({ formLanguage: 'validation.invalid' })],
      [
        'a filled honeypot before anything else',
        { website: 'http://spam.example', appStoreCountry: 'fr' },
        (e) => expect(e).toEqual({ website: 'validation.invalid' }),
      ],
      ['an array body', [bad({})], (e) => expect(e).toEqual({ _: 'validation.invalid' })],
      ['a string body', 'hello', (e) => expect(e).toEqual({ _: 'validation.invalid' })],
      ['a null body', null, (e) => expect(e).toEqual({ _: 'validation.invalid' })],
    ];
    for (const [name, payload, check] of cases) {
      it(name, async () => {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/save-pharmacist',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(response.statusCode).toBe(400);
        const answer = response.json();
        expect(answer.status).toBe('failed');
        expect(answer.message).toBe('invalid');
        check(answer.errors);
        expectNoLeak(response.body);
      });
    }

    it('deeply nested JSON', async () => {
      const deep = '['.repeat(50_000) + ']'.repeat(50_000);
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/save-pharmacist',
        headers: { 'content-type': 'application/json' },
        payload: `{"email":${deep.slice(0, 60_000)}}`,
      });
      expect(response.statusCode).toBe(400);
      expectNoLeak(response.body);
      const nested = await ctx.app.inject({
        method: 'POST',
        url: '/api/save-pharmacist',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(ukApplication({ firstName: JSON.parse('['.repeat(2000) + ']'.repeat(2000)) })),
      });
      expect(nested.statusCode).toBe(400);
      expect(nested.json().errors.firstName).toBe('validation.required');
    });

    it('a text field longer than allowed', async () => {
      const response = await submit(ukApplication({ anythingElseAboutYou: 'x'.repeat(5000) }), false);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.anythingElseAboutYou).toBe('validation.tooLong');
    });

    it('3 MB of text is refused as invalid input before it is read', async () => {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/save-pharmacist', payload: ukApplication({ services: 'x'.repeat(3 * 1024 * 1024) }) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 'failed', message: 'invalid', errors: { _: 'validation.tooLong' } });
    });

    it('malformed JSON and a wrong content type', async () => {
      const malformed = await ctx.app.inject({
        method: 'POST',
        url: '/api/save-pharmacist',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ status: 'failed', message: 'invalid', errors: { _: 'validation.invalid' } });
      const xml = await ctx.app.inject({ method: 'POST', url: '/api/save-pharmacist', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
      expect(xml.statusCode).toBe(400);
      expect(xml.json().status).toBe('failed');
      const poisoned = await ctx.app.inject({
        method: 'POST',
        url: '/api/save-pharmacist',
        headers: { 'content-type': 'application/json' },
        payload: '{"__proto__":{"admin":true}}',
      });
      expect(poisoned.statusCode).toBe(400);
    });
  });
});

describe('GET /api/get-pharmacist', () => {
  it('returns the fields as sent, found by the edit token only', async () => {
    const payload = ukApplication({ haveYouCompleted: 'yes', additionalTrainingNotes: 'Panel evidence' });
    const saved = await submit(payload);
    const editToken = await editTokenByMail(ctx.app, ctx.config.mail.dir, String(payload.email));
    const response = await ctx.app.inject({ method: 'GET', url: `/api/get-pharmacist?id=${editToken}` });
    expect(response.statusCode).toBe(200);
    const { recaptchaToken: _omit, ...expected } = payload as Record<string, unknown>;
    expect(response.json()).toEqual({ status: 'ok', data: { ...expected } });
    expect(response.headers['cache-control']).toBe('no-store');

    for (const id of [saved.json().data.id, 'garbage', '', 'A'.repeat(32), "' or 1=1 --"]) {
      const missing = await ctx.app.inject({ method: 'GET', url: `/api/get-pharmacist?id=${encodeURIComponent(id)}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().status).toBe('failed');
    }
    const noId = await ctx.app.inject({ method: 'GET', url: '/api/get-pharmacist' });
    expect(noId.statusCode).toBe(404);
  });

  it('gives back <, > and & written as text exactly as typed, and never a script', async () => {
    const typed = {
      whereYouWork: "Boots & Co's <Central> Pharmacy",
      services: 'Flu jabs for ages <12 and >65',
      anythingElseAboutYou: 'Fish &amp; chips <3',
    };
    const payload = ukApplication({ ...typed, additionalTrainingNotes: 'Panel<script>alert(1)</script> evidence' });
    expect((await submit(payload)).statusCode).toBe(200);
    const [row] = await storedByEmail(payload.email as string);
    expect(row!.answers).toMatchObject(typed);

    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/get-pharmacist?id=${await editTokenByMail(ctx.app, ctx.config.mail.dir, String(payload.email))}`,
    });
    expect(response.json().data).toMatchObject({ ...typed, additionalTrainingNotes: 'Panel evidence' });
    expect(response.body).not.toMatch(/<script|alert/);
  });
});
