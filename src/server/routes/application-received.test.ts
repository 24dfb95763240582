// Issue 13: on submitting, the applicant gets a short reference in the answer and an e-mail in the
// language of their form saying the application was received, queued in the save's transaction.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, mailOutbox } from '../db/schema.ts';
import { REFERENCE_PATTERN } from '../services/application-reference.ts';
import { solveCaptcha } from '../test/bot-check.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { editTokenByMail, mailsTo, withSentBodies } from '../test/mail.ts';
import { multipartBody, pdfBytes } from '../test/multipart.ts';
import { germanApplication, ukApplication, validApplication } from '../test/payloads.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function submitJson(payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/save-pharmacist', payload: { ...payload, recaptchaToken: await solveCaptcha(ctx.app) } });
}

async function submitMultipart(fields: Record<string, unknown>) {
  const body = multipartBody({ recaptchaToken: await solveCaptcha(ctx.app), ...fields }, [
    { filename: 'zertifikat.pdf', contentType: 'application/pdf', content: pdfBytes() },
  ]);
  return ctx.app.inject({ method: 'POST', url: '/api/save-pharmacist', ...body });
}

/** The outbox rows to an address, with what was sent (a delivered row keeps no body: docs/decisions/0042). */
const outboxTo = async (email: string) => withSentBodies(ctx.config.mail.dir, await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)));

describe('the application received e-mail and reference', () => {
  it.each([
    ['English', ukApplication(), 'we have received your application', ['Dear Amelia,', 'about 4 weeks', 'after 6 weeks']],
    [
      'Italian',
      validApplication({ country: 'it' }),
      'abbiamo ricevuto la Sua candidatura',
      ["Gentile Giulia D'Angelo,", 'circa 4 settimane', 'dopo 6 settimane'],
    ],
  ])('answers a reference and queues the e-mail in %s', async (_language, payload, subject, phrases) => {
    const response = await submitJson(payload);
    expect(response.statusCode).toBe(200);
    const { reference, id } = response.json().data as { id: string; reference: string };
    expect(reference).toMatch(REFERENCE_PATTERN);
    const [stored] = await ctx.database.db.select({ reference: applications.reference }).from(applications).where(eq(applications.id, id));
    expect(stored!.reference).toBe(reference);

    const [mail, ...more] = await outboxTo(String(payload.email));
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`Pharmacy Champions: ${subject} (${reference})`);
    for (const phrase of [...phrases, reference, 'support@example.com']) expect(mail!.text).toContain(phrase);
    expect(mail!.html).toContain(`<strong>${reference}</strong>`);
    expect(mail!.html).toContain('support@example.com');
    // The sender delivers it (here as an .eml file) without anyone asking.
    await expect.poll(() => mailsTo(ctx.config.mail.dir, String(payload.email)).length).toBe(1);
  });

  it('writes to a German applicant in German (three-step form, multipart)', async () => {
    const payload = germanApplication();
    const response = await submitMultipart(payload);
    expect(response.statusCode).toBe(200);
    const { reference } = response.json().data as { reference: string };
    const [mail] = await outboxTo(String(payload.email));
    expect(mail!.subject).toBe(`Pharmacy Champions: Wir haben Ihre Bewerbung erhalten (${reference})`);
    expect(mail!.text).toContain('Guten Tag Jürgen Müller-Lüdenscheidt,');
    expect(mail!.text).toContain(`Ihre Referenznummer lautet ${reference}`);
    expect(mail!.text).toContain('in etwa 4 Wochen');
  });

  it('gives every application its own reference', async () => {
    const references = new Set<string>();
    for (let i = 0; i < 5; i++) references.add((await submitJson(ukApplication())).json().data.reference as string);
    expect(references.size).toBe(5);
  });

  it('queues nothing for a refused application, and no second e-mail for an edit, which keeps its reference', async () => {
    const payload = ukApplication();
    const first = await submitJson(payload);
    const refused = await submitJson(ukApplication({ email: payload.email }));
    expect(refused.statusCode).toBe(409);
    expect(await outboxTo(String(payload.email))).toHaveLength(1);

    const editToken = await editTokenByMail(ctx.app, ctx.config.mail.dir, String(payload.email));
    const edited = await submitJson({ ...payload, lastName: 'Smith', loginToken: editToken });
    expect(edited.statusCode).toBe(200);
    const { reference } = first.json().data as { reference: string };
    expect(edited.json().data.reference).toBe(reference);
    // The received e-mail and the edit link asked for; no second received e-mail.
    const mails = await outboxTo(String(payload.email));
    expect(mails).toHaveLength(2);
    expect(mails.filter((mail) => mail.subject.includes(reference))).toHaveLength(1);
  });
});
