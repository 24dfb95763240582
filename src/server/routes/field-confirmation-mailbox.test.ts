// Issue 39 item 8: a field-signed pharmacist is matched by their mailbox exactly. `name+tag@` is not
// taken for `name@` (on mail systems where "+" is not sub-addressing they are two people): the
// confirmation of one does not adopt the other's application, a new +tag address is asked again, and
// the data-rights link of one shows nothing the field force recorded of the other.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRATION_BODY_IT } from '#shared/reference/options.ts';
import { applications, fieldPharmacies } from '../db/schema.ts';
import type { StaffUser } from '../services/auth/staff-users.ts';
import { solveCaptcha } from '../test/bot-check.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { linkIn, mailsTo } from '../test/mail.ts';
import { validApplication } from '../test/payloads.ts';
import { addStaff, signIn } from '../test/staff.ts';

let ctx: TestContext;
let manager: StaffUser;
let rep: StaffUser;
let cookie: string;
let place = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await addStaff(ctx, 'area_manager');
  rep = await addStaff(ctx, 'sales_rep', { areaManagerId: manager.id });
  cookie = (await signIn(ctx, manager)).cookie;
});
afterAll(async () => {
  await ctx?.close();
});

/** The manager adds a pharmacy whose pharmacist is `email`; answers the pharmacy's id. */
async function addPharmacy(email: string): Promise<string> {
  place += 1;
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/api/areamanager-create-pharmacy',
    headers: { cookie },
    payload: {
      areaManagerId: manager.id,
      salesRep: rep.id,
      oncStatus: 'registered',
      whereYouWork: `Farmacia Casella ${place}`,
      placeId: `manual:mbox${String(place).padStart(28, '0')}`,
      lat: 45.46 + place / 1000,
      lng: 9.19,
      address: `Via Manzoni ${place}, 20121 Milano MI`,
      city: 'Milano',
      region: 'lombardia',
      prov: 'MI',
      services: 'Preparazioni galeniche',
      haveYouCompleted: 'yes',
      email,
      firstName: 'Marta',
      lastName: 'Casella',
      bodyOfRegistration: REGISTRATION_BODY_IT,
      professionalRegistrationNumber: String(81000 + place),
      check1: true,
      check2: true,
      check3: true,
      recaptchaToken: await solveCaptcha(ctx.app),
      appStoreCountry: 'it',
      formLanguage: 'it',
    },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.id;
}

/** The personal links mailed to exactly `email` so far. */
async function confirmationTokens(email: string): Promise<string[]> {
  await ctx.app.services.mailer.deliverDue();
  return mailsTo(ctx.config.mail.dir, email)
    .map((mail) => linkIn(mail, /\/confirm-details\?token=[A-Za-z0-9_-]{32}/)?.slice(-32))
    .filter((token): token is string => Boolean(token));
}

describe('a field-signed pharmacist is matched by their mailbox exactly', () => {
  it('name+tag@, confirming, gets an application of their own, not the one name@ made', async () => {
    const plain = 'marta.casella@example.it';
    const tagged = 'marta.casella+farmacia@example.it';
    const applied = await ctx.app.inject({
      method: 'POST',
      url: '/api/save-pharmacist',
      payload: { ...validApplication({ country: 'it' }, { email: plain }), recaptchaToken: await solveCaptcha(ctx.app) },
    });
    expect(applied.statusCode).toBe(200);
    const plainId = applied.json().data.id as string;

    await addPharmacy(tagged);
    await expect.poll(async () => (await confirmationTokens(tagged)).length).toBe(1);
    const [token] = await confirmationTokens(tagged);
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/field-confirmation',
      payload: {
        token,
        firstName: 'Marta',
        lastName: 'Casella',
        bodyOfRegistration: REGISTRATION_BODY_IT,
        professionalRegistrationNumber: String(81000 + place),
        haveYouCompleted: 'yes',
        services: 'Preparazioni galeniche',
        agreementCheck1: true,
        agreementCheck2: true,
        agreementCheck3: true,
        recaptchaToken: await solveCaptcha(ctx.app),
      },
    });
    expect(confirmed.statusCode).toBe(200);
    const ownId = confirmed.json().data.id as string;
    expect(ownId).not.toBe(plainId);
    const [own] = await ctx.database.db.select({ email: applications.email }).from(applications).where(eq(applications.id, ownId));
    expect(own?.email).toBe(tagged);
  });

  it('a pharmacist whose address becomes a +tag spelling of it is asked again, at the new address', async () => {
    const plain = 'paolo.rinaldi@example.it';
    const tagged = 'paolo.rinaldi+lavoro@example.it';
    const id = await addPharmacy(plain);
    await expect.poll(async () => (await confirmationTokens(plain)).length).toBe(1);

    // A later save records another address for the pharmacy's pharmacist.
    const [row] = await ctx.database.db.select({ answers: fieldPharmacies.answers }).from(fieldPharmacies).where(eq(fieldPharmacies.id, id));
    await ctx.database.db
      .update(fieldPharmacies)
      .set({ answers: { ...row!.answers, email: tagged } })
      .where(eq(fieldPharmacies.id, id));
    await ctx.database.db.transaction((tx) =>
      ctx.app.services.pharmacistConfirmation.askIfNew(tx, id, { userId: manager.id, language: 'it', linkBase: 'http://localhost:3000/it' }),
    );

    await expect.poll(async () => (await confirmationTokens(tagged)).length).toBe(1);
    const view = await ctx.app.inject({ method: 'GET', url: `/api/field-confirmation?id=${(await confirmationTokens(tagged))[0]}` });
    expect(view.statusCode).toBe(200);
  });
});
