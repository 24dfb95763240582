// Issue 41 item 5: the applicant's copy. The 'received' e-mail carries a PDF of the answers as sent,
// in the applicant's language, with the reference and the submission date; the status page's
// download answers the same PDF; after erasure the download is gone, and so is the sent message.
import { existsSync, readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, mailOutbox } from '../db/schema.ts';
import { emlFileFor } from '../services/mail/delivery.ts';
import { mailboxOf } from '../services/mailbox.ts';
import { solveCaptcha } from '../test/bot-check.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { withSentBodies } from '../test/mail.ts';
import { multipartBody, pdfBytes } from '../test/multipart.ts';
import { validApplication } from '../test/payloads.ts';
import { pdfAttachmentIn, pdfText } from '../test/pdf-text.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const FREE_TEXT = 'Più di dieci anni: è così, Straße 5 €, „gut“ – α-tocoferolo 😀 Ελλάδα, Łódź.';

/** Submits, waits for the 'received' e-mail, and answers its raw message, its reference and the status token it links. */
async function apply(payload: Record<string, unknown>, multipart = false) {
  const recaptchaToken = await solveCaptcha(ctx.app);
  const request = multipart
    ? multipartBody({ recaptchaToken, ...payload }, [{ filename: 'zertifikat.pdf', contentType: 'application/pdf', content: pdfBytes() }])
    : { payload: { ...payload, recaptchaToken } };
  const response = await ctx.app.inject({ method: 'POST', url: '/api/save-pharmacist', headers: { host: 'localhost:3000' }, ...request });
  expect(response.statusCode).toBe(200);
  const { reference } = response.json().data as { reference: string };
  const email = String(payload.email);
  const sent = async () => (await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).find((row) => row.sentAt);
  await expect.poll(sent, { timeout: 15_000 }).toBeTruthy();
  const row = (await sent())!;
  const file = emlFileFor(ctx.config.mail.dir, row);
  const raw = readFileSync(file, 'utf8');
  const token = /\/my-application\/([A-Za-z0-9_-]{32})/.exec(withSentBodies(ctx.config.mail.dir, [row])[0]!.text)![1]!;
  return { raw, file, reference, token, email };
}

const copyOf = (token: string) => ctx.app.inject({ method: 'GET', url: `/api/my-application/${token}/copy` });

describe("the applicant's copy of their answers", () => {
  it('comes with the Italian e-mail as a PDF in Italian: the reference, the date in words, each answer under its label', async () => {
    const { raw, reference } = await apply(validApplication({ country: 'it' }, { anythingElseAboutYou: FREE_TEXT }));
    const attachment = pdfAttachmentIn(raw);
    expect(attachment?.filename).toBe(`candidatura-${reference}.pdf`);
    const text = await pdfText(attachment!.bytes);
    const today = new Date().toLocaleDateString('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Rome' });
    for (const phrase of [
      'Pharmacy Champions: la Sua candidatura',
      `Codice di riferimento: ${reference}`,
      `Data di invio: ${today}`,
      'Nome Giulia',
      "Cognome D'Angelo",
      'Farmacista sostituto No',
      'Come ci ha conosciuto Email',
      'Corso Oncodemia Sì',
      "Sono un farmacista abilitato all'esercizio della professione",
      // Characters the standard font cannot write (Greek, an emoji) are written as '?', those with a base letter by it.
      'Altre informazioni Più di dieci anni: è così, Straße 5 €, „gut“ – ?-tocoferolo ? ??????, ?ódz.',
      `${reference} · Pagina 1 di `,
    ])
      expect(text).toContain(phrase);
    expect(text).not.toContain('Yes');
  });

  it('comes with the German e-mail in German, naming the certificate by its file name only', async () => {
    const { raw, reference } = await apply(validApplication({ country: 'de' }), true);
    const attachment = pdfAttachmentIn(raw);
    expect(attachment?.filename).toBe(`Bewerbung-${reference}.pdf`);
    const text = await pdfText(attachment!.bytes);
    for (const phrase of [
      'Pharmacy Champions: Ihre Bewerbung',
      `Referenznummer: ${reference}`,
      'Abgeschickt am: ',
      'Vorname Jürgen',
      'Nachname Müller-Lüdenscheidt',
      'Adresse der Apotheke Friedrichstraße 100',
      'Wie Sie von dem Programm erfahren haben Über meinen Arbeitgeber',
      `${reference} · Seite 1 von `,
    ])
      expect(text).toContain(phrase);
    expect(text).toMatch(/Fortbildungszertifikat [A-Za-z0-9_-]{22}\.pdf/);
    // No file's bytes: the PDF holds two fonts and text only.
    expect(attachment!.bytes.length).toBeLessThan(pdfBytes().length + 8_000);
  });

  it('downloads from the status page as the same PDF, privately, and is gone after erasure with the sent message', async () => {
    const { raw, file, reference, token, email } = await apply(validApplication({ country: 'uk' }));
    const download = await copyOf(token);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="application-${reference}.pdf"`);
    expect(download.headers['cache-control']).toBe('no-store');
    expect(download.rawPayload.equals(pdfAttachmentIn(raw)!.bytes)).toBe(true);
    expect(await pdfText(download.rawPayload)).toContain('Pharmacy Champions: your application');

    expect((await copyOf('AbCdEfGhIjKlMnOpQrStUvWxYz012345')).statusCode).toBe(404);
    expect((await copyOf('not-a-token')).statusCode).toBe(404);

    await ctx.app.services.dataRights.eraseMailbox(mailboxOf(email));
    expect((await copyOf(token)).statusCode).toBe(404);
    expect(existsSync(file)).toBe(false);
  });

  it("dates the submission in words in the market's time zone", async () => {
    const { reference, token } = await apply(validApplication({ country: 'uk' }));
    // 00:30 on 1 July in London is still 30 June in UTC.
    await ctx.database.db
      .update(applications)
      .set({ submittedAt: new Date('2026-06-30T23:30:00Z') })
      .where(eq(applications.reference, reference));
    expect(await pdfText((await copyOf(token)).rawPayload)).toContain('Submitted: 1 July 2026');
  });
});
