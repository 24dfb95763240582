// Issue 39 item 4: every kind of e-mail the product sends, in each language, read as a mail program
// gets it (the .eml the outbox writes without SMTP): Reply-To the operator's support address (From
// is a no-reply address), Auto-Submitted, the support address as a mailto: link, and a footer with
// the operator's name and postal address in the text and the HTML part, in the mail's language.
// The approval, sent by a reviewer's decision, links the listing and a status page that shows it.
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '#shared/markets.ts';
import { TRANSITIONS, type Decision } from '#shared/schemas/review.ts';
import { applications, mailOutbox } from '../../db/schema.ts';
import { solveCaptcha } from '../../test/bot-check.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { withSentBodies } from '../../test/mail.ts';
import { validApplication } from '../../test/payloads.ts';
import { addStaff, signIn } from '../../test/staff.ts';
import { applicantLinkMail } from '../applicant-links.ts';
import { signInMail, welcomeMail } from '../auth/mail.ts';
import { draftMail } from '../drafts.ts';
import { joinsDigestMail } from '../field-force/joins-digest.ts';
import { pharmacistConfirmationMail } from '../field-force/pharmacist-confirmation-mail.ts';
import { decisionMail } from '../review/decision-mail.ts';
import { reviewDigestMail } from '../review/review-digest.ts';
import { escapeHtml } from '../tokens.ts';
import { applicationReceivedMail } from './application-received.ts';
import { createMailer, type OutboxMailer } from './outbox.ts';

let ctx: TestContext;
let mailer: OutboxMailer;

beforeAll(async () => {
  ctx = await createTestContext();
  mailer = createMailer(ctx.database.db, ctx.config.mail);
});
afterAll(async () => {
  await mailer?.close();
  await ctx?.close();
});

const PRODUCT = 'Pharmacy Champions';
const LINK = 'https://champions.example/uk/some/page?token=abc';
const LATER = new Date(Date.UTC(2026, 11, 24, 12));

/** Every kind of e-mail, by name, as its module writes it in a language. */
function everyKind(language: Language, support: string): Record<string, { subject: string; text: string; html?: string }> {
  const applicant = { productName: PRODUCT, supportEmail: support };
  const staff = { firstName: 'Sara', email: 'sara@example.it' };
  const decisions = Object.fromEntries(
    (Object.keys(TRANSITIONS) as Decision[]).map((decision) => [
      `decision: ${decision}`,
      decisionMail({ decision, language, firstName: 'Amelia', reason: 'A reason.', editLink: LINK, listingLink: LINK, statusLink: LINK, ...applicant }),
    ]),
  );
  return {
    received: applicationReceivedMail({ to: 'x', language, firstName: 'Amelia', lastName: 'Rossi', reference: 'PC-UK-ABCD-2345', statusLink: LINK }, applicant),
    ...decisions,
    'update link': applicantLinkMail('update', language, LINK, { ...applicant, expiresAt: LATER }),
    'data-rights link': applicantLinkMail('dataRights', language, LINK, { ...applicant, expiresAt: LATER }),
    draft: draftMail(language, LINK, LATER, PRODUCT),
    'field pharmacist confirmation': pharmacistConfirmationMail(
      { to: 'x', language, pharmacyName: 'Farmacia Rossi', link: LINK, expiresAt: LATER, reminder: false },
      applicant,
    ),
    'field pharmacist reminder': pharmacistConfirmationMail(
      { to: 'x', language, pharmacyName: 'Farmacia Rossi', link: LINK, expiresAt: LATER, reminder: true },
      applicant,
    ),
    'staff sign-in link': signInMail(language, 'Sara', LINK, PRODUCT),
    'welcome: reviewer': welcomeMail('reviewer', language, staff, 'Giulia Bianchi', LINK, PRODUCT),
    'welcome: area manager': welcomeMail('area_manager', language, staff, 'Giulia Bianchi', LINK, PRODUCT),
    'welcome: sales rep': welcomeMail('sales_rep', language, staff, 'Giulia Bianchi', LINK, PRODUCT),
    'review digest': reviewDigestMail({
      to: 'x',
      firstName: 'Sara',
      language,
      market: 'it',
      items: [{ reference: 'PC-7K3M9Q', pharmacy: 'Farmacia Alfa', dueBy: '2026-11-30', clock: 'due_soon', link: LINK }],
      more: 0,
      productName: PRODUCT,
      queueUrl: LINK,
    }),
    'joins digest': joinsDigestMail({
      to: 'x',
      firstName: 'Sara',
      language,
      day: '2026-11-18',
      joins: [{ pharmacy: 'Farmacia Alfa', city: 'Roma', rep: 'Luca Neri' }],
      productName: PRODUCT,
      settingsUrl: LINK,
    }),
  };
}

/** The footer's sentence on replies, in each language (services/mail/frame.ts). */
const REPLIES: Record<Language, (support: string) => string> = {
  en: (s) => `This e-mail was sent automatically. Replies reach our support team at ${s}.`,
  it: (s) => `Questa e-mail è stata inviata automaticamente. Le risposte arrivano al nostro servizio di assistenza all'indirizzo ${s}.`,
  de: (s) => `Diese E-Mail wurde automatisch versandt. Antworten erreichen unser Support-Team unter ${s}.`,
};

/** A message as sent: its headers (lower-cased names) from the .eml file, its decoded text and HTML parts. */
async function sent(message: { subject: string; text: string; html?: string }, to: string) {
  const result = await mailer.sendMail({ to, ...message });
  expect(result.sent).toBe(true);
  const raw = readFileSync(result.file!, 'utf8').replace(/\r\n/g, '\n');
  const head = raw.slice(0, raw.indexOf('\n\n')).replace(/\n[ \t]+/g, ' ');
  const headers = Object.fromEntries(
    head.split('\n').map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  const rows = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, result.id));
  const [body] = withSentBodies(ctx.config.mail.dir, rows);
  return { headers, text: body!.text, html: body!.html ?? '' };
}

describe('every e-mail, in every language', () => {
  for (const language of LANGUAGES) {
    it(`carries Reply-To, Auto-Submitted, the support address as a mailto: link and the operator's footer: ${language}`, async () => {
      const { company, address, supportEmail } = ctx.config.mail.operator;
      const kinds = Object.entries(everyKind(language, supportEmail));
      expect(kinds.length).toBeGreaterThanOrEqual(15);
      for (const [kind, message] of kinds) {
        const mail = await sent(message, `${kind.replace(/\W+/g, '.')}.${language}@example.com`);
        const what = `${kind} (${language})`;
        expect(mail.headers['reply-to'], what).toBe(supportEmail);
        expect(mail.headers['auto-submitted'], what).toBe('auto-generated');
        expect(mail.text, what).toContain(`\n-- \n${company}\n${address}\n${REPLIES[language](supportEmail)}\n`);
        expect(mail.html, what).toContain(`<html lang="${language}"`);
        const mailto = `<a href="mailto:${supportEmail}">${supportEmail}</a>`;
        expect(mail.html, what).toContain(
          `${escapeHtml(company)}<br>${escapeHtml(address)}<br>${escapeHtml(REPLIES[language](supportEmail)).replace(supportEmail, mailto)}</p></body>`,
        );
        // Wherever the address appears in the HTML, it is that link.
        expect(mail.html.split(mailto).join(''), what).not.toContain(supportEmail);
      }
    });
  }
});

describe('the wording', () => {
  it("puts the field pharmacist's button after the sentence that introduces it, and names the pharmacy once", () => {
    for (const language of LANGUAGES) {
      const mail = pharmacistConfirmationMail(
        { to: 'x', language, pharmacyName: 'Farmacia Rossi', link: LINK, expiresAt: LATER, reminder: false },
        { productName: PRODUCT, supportEmail: 'help@example.com' },
      );
      const button = mail.html!.indexOf(`<a href="${escapeHtml(LINK)}">`);
      expect(mail.html!.lastIndexOf(':</p>', button), language).toBeGreaterThan(mail.html!.indexOf('Farmacia Rossi'));
      expect(mail.text, language).not.toMatch(/(pharmacy|farmacia|Apotheke)\W+Farmacia/i);
    }
  });

  it('tells new staff which address to enter, before the button to the sign-in page', () => {
    for (const language of LANGUAGES) {
      const mail = welcomeMail('sales_rep', language, { firstName: 'Sara', email: 'sara@example.it' }, 'Giulia Bianchi', LINK, PRODUCT);
      expect(mail.text, language).toMatch(/sara@example\.it\.[^\n]*\n\nhttps:/);
      expect(mail.html.indexOf('sara@example.it'), language).toBeLessThan(mail.html.indexOf(`<a href="${escapeHtml(LINK)}">`));
    }
  });

  it('writes the English rejection as "we" throughout', () => {
    const mail = decisionMail({
      decision: 'reject',
      language: 'en',
      firstName: 'Amelia',
      reason: 'Not registered.',
      productName: PRODUCT,
      supportEmail: 'help@example.com',
    });
    expect(mail.text).toContain('we cannot approve it');
    expect(mail.text).not.toMatch(/\bI\b/);
  });
});

describe('the approval e-mail', () => {
  it('links the listing page and the status page, in the market path form, and closes with the sign-off', async () => {
    const reviewer = await signIn(ctx, await addStaff(ctx, 'reviewer'));
    const payload = validApplication({ country: 'it' });
    const saved = await ctx.app.inject({ method: 'POST', url: '/api/save-pharmacist', payload: { ...payload, recaptchaToken: await solveCaptcha(ctx.app) } });
    expect(saved.statusCode, saved.body).toBe(200);
    const { id } = saved.json().data as { id: string };
    const decided = await ctx.app.inject({
      method: 'POST',
      url: `/api/review/applications/${id}/decision`,
      headers: { cookie: reviewer.cookie },
      payload: { decision: 'approve' },
    });
    expect(decided.statusCode, decided.body).toBe(200);

    const [row] = await ctx.database.db.select({ listingId: applications.listingId }).from(applications).where(eq(applications.id, id));
    // Queued with the decision, delivered by the server's sender.
    const approvalRow = async () =>
      (
        await ctx.database.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.to, String(payload.email)))
      ).find((mail) => mail.subject.includes('approvata'));
    await expect.poll(async () => (await approvalRow())?.sentAt).toBeTruthy();
    const [approval] = withSentBodies(ctx.config.mail.dir, [(await approvalRow())!]);
    const listing = `http://localhost:80/it/finder/${row!.listingId}`;
    expect(approval!.text).toContain(`Vedi la Sua farmacia nella ricerca farmacie:\n${listing}\n`);
    expect(approval!.html).toContain(`<a href="${listing}">Vedi la Sua farmacia nella ricerca farmacie</a>`);
    const token = /http:\/\/localhost:80\/it\/my-application\/([A-Za-z0-9_-]{32})\n/.exec(approval!.text)?.[1];
    expect(token).toBeDefined();
    expect(approval!.html).toContain(`<a href="http://localhost:80/it/my-application/${token}">Vedi la mia candidatura</a>`);
    expect(approval!.text).toContain('Cordiali saluti,\nIl team di Pharmacy Champions\n\n-- \n');

    // The status page behind the link shows the approval and the same listing.
    const status = await ctx.app.inject({ method: 'GET', url: `/api/my-application/${token}` });
    expect(status.statusCode).toBe(200);
    expect(status.json().data).toMatchObject({ status: 'approved', listingId: row!.listingId, market: 'it', language: 'it' });
    const listed = await ctx.app.inject({ method: 'GET', url: `/api/v1/finder/listings/${row!.listingId}` });
    expect(listed.statusCode, listed.body).toBe(200);
  });
});
