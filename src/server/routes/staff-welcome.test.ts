// Issue 25 item 7: staff added by someone else hear that their account exists and where to sign in,
// in their language: area managers (Italian) and reviewers (the language the main admin chose for
// them) as reps (by their area manager) always have. One piece of code sends all three (services/auth/staff-welcome.ts).
// Issue 39: the sign-in page named is their market's in their language (a German reviewer's is /de/signin).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { mailsTo } from '../test/mail.ts';
import { addStaff, signIn } from '../test/staff.ts';

let ctx: TestContext;
let admin: { cookie: string };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signIn(ctx, await addStaff(ctx, 'main_admin'));
});
afterAll(() => ctx.close());

const add = (url: string, payload: object, cookie = admin.cookie) => ctx.app.inject({ method: 'POST', url, payload, headers: { cookie, host: 'localhost' } });
const subjectOf = (mail: string) => /^Subject: (.*)$/m.exec(mail)?.[1] ?? '';

describe('the welcome e-mail to new staff', () => {
  it('tells a new area manager, in Italian, that their account exists and where to sign in', async () => {
    const added = await add('/api/mainadmin-add-areamanager', { email: 'nuova.am@example.it', firstName: 'Chiara', lastName: 'Conti' });
    expect(added.statusCode, added.body).toBe(200);
    const [mail] = mailsTo(ctx.config.mail.dir, 'nuova.am@example.it');
    expect(mail).toBeDefined();
    expect(mail).toContain('http://localhost/it/signin');
    expect(mail).toContain('Gentile Chiara, Giulia');
    expect(mail).toContain('inserisca il Suo indirizzo e-mail, nuova.am@example.it.');
    expect(mail).toContain('come area manager di Pharmacy Champions');
    expect(subjectOf(mail!)).toContain('area manager');
  });

  it('tells a new reviewer that their account exists, where to sign in, and that a second factor follows', async () => {
    const added = await add('/api/review/reviewers', { email: 'new.reviewer@example.com', firstName: 'Rita', lastName: 'Reviewer', language: 'en' });
    expect(added.statusCode, added.body).toBe(200);
    const [mail] = mailsTo(ctx.config.mail.dir, 'new.reviewer@example.com');
    expect(mail).toBeDefined();
    expect(mail).toContain('http://localhost/uk/signin\n');
    expect(mail).toContain('Hello Rita, Giulia');
    expect(mail).toContain('enter your e-mail address, new.reviewer@example.com. We will then send you a sign-in link');
    expect(mail).toContain('as a reviewer of applications on Pharmacy Champions');
    expect(mail).toContain('authenticator app');
    expect(subjectOf(mail!)).toBe('Pharmacy Champions: your reviewer account');
  });

  it('writes to a reviewer in the language the main admin chose: German, then the sign-in links too', async () => {
    expect((await add('/api/review/reviewers', { email: 'neue.pruefer@example.de', firstName: 'Jonas', lastName: 'Prüfer' })).json().errors).toEqual({
      language: 'validation.choose',
    });
    const added = await add('/api/review/reviewers', { email: 'neue.pruefer@example.de', firstName: 'Jonas', lastName: 'Prüfer', language: 'de' });
    expect(added.statusCode, added.body).toBe(200);
    const [welcome] = mailsTo(ctx.config.mail.dir, 'neue.pruefer@example.de');
    const [stored] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'neue.pruefer@example.de'));
    expect(stored!.subject).toBe('Pharmacy Champions: Ihr Zugang zur Prüfung der Bewerbungen');
    expect(welcome).toContain('Guten Tag Jonas');
    expect(welcome).toContain('http://localhost/de/signin\n');
    expect(welcome).toContain('geben Ihre E-Mail-Adresse ein: neue.pruefer@example.de.');
    expect(welcome).toContain('Authenticator-App');

    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      headers: { host: 'localhost' },
      payload: { email: 'neue.pruefer@example.de', basePath: '/de' },
    });
    expect(asked.statusCode).toBe(200);
    await ctx.app.services.auth.settled();
    const link = mailsTo(ctx.config.mail.dir, 'neue.pruefer@example.de').find((mail) => mail.includes('/signin/verify?token='));
    expect(link).toContain('Guten Tag Jonas, hier ist Ihr Link zur Anmeldung');
  });

  it('sends an English-speaking rep to the Italian sign-in page in English', async () => {
    const manager = await addStaff(ctx, 'area_manager');
    const { cookie } = await signIn(ctx, manager);
    const added = await add(
      '/api/areamanager-add-rep',
      { email: 'new.rep@example.it', firstName: 'Tom', lastName: 'Reed', areaManagerId: manager.id, appStoreCountry: 'it', formLanguage: 'en' },
      cookie,
    );
    expect(added.statusCode, added.body).toBe(200);
    const [mail] = mailsTo(ctx.config.mail.dir, 'new.rep@example.it');
    expect(mail).toContain('Hello Tom,');
    expect(mail).toContain('http://localhost/it/signin?lang=en\n');
  });

  it('sends nothing to an address that was already registered', async () => {
    await add('/api/review/reviewers', { email: 'twice@example.com', firstName: 'Tina', lastName: 'Twice', language: 'it' });
    const again = await add('/api/review/reviewers', { email: 'TWICE@example.com', firstName: 'Tina', lastName: 'Again', language: 'it' });
    expect(again.statusCode).toBe(409);
    expect(mailsTo(ctx.config.mail.dir, 'twice@example.com')).toHaveLength(1);
  });
});
