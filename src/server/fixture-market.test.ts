// The fixture market (issue 40 item 2, decision 0080): one entry in the market table, its message
// files and its legal texts, and nothing else. An applicant applies in it, gets the e-mails in its
// language, is approved and found by the finder, and the sitemap lists its pages. The fixture must
// be the first import, so that every module reads the table with its entry.
import { FIXTURE, FIXTURE_MARKER } from '#shared/test/fixture-market.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteConfig } from '#shared/api/site-config.ts';
import { legalVersionsOf } from '#shared/legal-versions.ts';
import { applications, consentRecords, mailOutbox } from './db/schema.ts';
import { renderIndex } from './routes/web.ts';
import { solveCaptcha } from './test/bot-check.ts';
import { createTestContext, type TestContext } from './test/context.ts';
import { withSentBodies } from './test/mail.ts';
import { multipartBody, pdfBytes } from './test/multipart.ts';
import { validApplication } from './test/payloads.ts';
import { addStaff, signIn } from './test/staff.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** The three-step form's payload (the UK's in another language is one), sent from the fixture market in its language. */
const fixtureApplication = () =>
  validApplication(
    { country: 'uk', language: FIXTURE },
    { appStoreCountry: FIXTURE, formLanguage: FIXTURE, lat: '64.1466', lng: '-21.9426', whereYouWork: 'Apótek Fixture' },
  );

async function apply(payload: Record<string, unknown>) {
  const body = multipartBody({ recaptchaToken: await solveCaptcha(ctx.app), ...payload }, [
    { filename: 'certificate.pdf', contentType: 'application/pdf', content: pdfBytes() },
  ]);
  return ctx.app.inject({ method: 'POST', url: '/api/save-pharmacist', ...body });
}

const mailsTo = async (email: string) => withSentBodies(ctx.config.mail.dir, await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)));

describe('the fixture market, from application to listing', () => {
  it("places the applicant's typed address on its map", async () => {
    const placed = await ctx.app.inject({
      method: 'GET',
      url: `/api/places/geocode?address=${encodeURIComponent('Laugavegur 1, Fixtureville')}&market=${FIXTURE}`,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().data).toEqual({ lat: 64.1466, lng: -21.9426, label: 'Reykjavík', match: 'market', demo: true });
  });

  it('takes an application, writes in its language, and lists the approved pharmacy in the finder', async () => {
    const payload = fixtureApplication();
    const saved = await apply(payload);
    expect(saved.statusCode, saved.body).toBe(200);
    const { id, reference } = saved.json().data as { id: string; reference: string };
    const [row] = await ctx.database.db.select().from(applications).where(eq(applications.id, id));
    expect(row).toMatchObject({ country: FIXTURE, language: FIXTURE, registrationBody: 'UK (GPhC)' });
    const [consent] = await ctx.database.db.select().from(consentRecords).where(eq(consentRecords.applicationId, id));
    const versions = legalVersionsOf(FIXTURE, FIXTURE);
    expect(consent).toMatchObject({ privacyVersion: versions.privacy, termsVersion: versions.terms });

    const [received] = await mailsTo(String(payload.email));
    expect(received!.subject).toContain(FIXTURE_MARKER);
    expect(received!.subject).toContain(reference);
    expect(received!.text).toContain(`${FIXTURE_MARKER}Dear Amelia,`);

    const reviewer = await signIn(ctx, await addStaff(ctx, 'reviewer'));
    const decided = await ctx.app.inject({
      method: 'POST',
      url: `/api/review/applications/${id}/decision`,
      headers: { cookie: reviewer.cookie },
      payload: { decision: 'approve' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const approval = (await mailsTo(String(payload.email))).find((mail) => mail.id !== received!.id)!;
    expect(approval.subject).toMatch(new RegExp(`^${FIXTURE_MARKER}`));
    expect(approval.text).toContain(`/${FIXTURE}/finder/`);

    const found = await ctx.app.inject({ method: 'GET', url: `/api/v1/finder/search?market=${FIXTURE}&lat=64.1466&lng=-21.9426&radiusKm=5` });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toEqual([expect.objectContaining({ pharmacyName: 'Apótek Fixture' })]);
  });

  it('e-mails an update link from its own path prefix, in its language', async () => {
    const payload = fixtureApplication();
    expect((await apply(payload)).statusCode).toBe(200);
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/update-link',
      payload: { email: payload.email, recaptchaToken: await solveCaptcha(ctx.app), basePath: `/${FIXTURE}` },
      headers: { host: 'localhost:3000' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    await expect.poll(async () => (await mailsTo(String(payload.email))).length).toBe(2);
    const link = (await mailsTo(String(payload.email))).find((mail) => mail.text.includes('localhost:3000'));
    expect(link?.subject).toContain(`${FIXTURE_MARKER}Update your`);
    expect(link?.text).toContain(`http://localhost:3000/${FIXTURE}/`);
  });

  it('titles its pages in its language, under its own <html lang>', () => {
    const html = renderIndex('<html><head><title>x</title></head><body></body></html>', {
      productName: 'Pharmacy Champions',
      country: FIXTURE,
      language: FIXTURE,
      basePath: `/${FIXTURE}`,
    } as SiteConfig);
    expect(html).toContain(`<html lang="en-XX">`);
    expect(html).toContain(`<title>${FIXTURE_MARKER}Pharmacy Champions Registration</title>`);
  });

  it("lists the market's pages in the sitemap, with its hreflang", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(200);
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const path of ['/', '/form/1', '/privacy-policy', '/terms-and-conditions', '/accessibility', '/finder'])
      expect(locs).toContain(`http://localhost/${FIXTURE}${path}`);
    expect(response.body).toContain(`hreflang="${FIXTURE}-XX" href="http://localhost/${FIXTURE}/privacy-policy"`);
  });
});
