// docs/recipes.md "Add a field", applied in memory: the recipe's one edit to the catalogue, an
// optional field in a section of the UK form's entry (`SECTIONS` in src/shared/forms/sections.ts),
// and no other code change. The field is then stored with a UK application (an Italian one, whose
// entry does not ask it, drops it), listed in the review detail in form order, in the applicant's
// data export, and gone after their erasure. When one of these stops coming free, the recipe has
// gone stale: this test fails, and the recipe must name the file that now needs the field.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldRule } from '#shared/forms/model.ts';
import { SECTIONS } from '#shared/forms/sections.ts';
import { OptionalFreeText } from '#shared/schemas/fields.ts';
import { applications } from '../db/schema.ts';
import type { StaffUser } from '../services/auth/staff-users.ts';
import { solveCaptcha } from '../test/bot-check.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { submitApplication } from '../test/listings.ts';
import { linkIn, mailsTo } from '../test/mail.ts';
import { addStaff, signIn } from '../test/staff.ts';

const FIELD = 'favouriteOncologyReading';
const ANSWER = 'The Emperor of All Maladies';

// The recipe's step 2, before the first request builds (and caches) the form's payload schema.
(SECTIONS['uk-training'].fields as Record<string, FieldRule>)[FIELD] = OptionalFreeText(200);

let ctx: TestContext;
let reviewer: StaffUser;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  reviewer = await addStaff(ctx, 'reviewer');
  cookie = (await signIn(ctx, reviewer)).cookie;
});
afterAll(async () => {
  await ctx?.close();
});

const storedAnswers = async (id: string) =>
  (await ctx.database.db.select({ answers: applications.answers }).from(applications).where(eq(applications.id, id)))[0]!.answers;

/** A data-rights link's token for the address, through the request and its e-mail. */
async function dataRightsToken(email: string): Promise<string> {
  const asked = await ctx.app.inject({
    method: 'POST',
    url: '/api/data-rights/request',
    payload: { email, recaptchaToken: await solveCaptcha(ctx.app), basePath: '/uk' },
  });
  expect(asked.statusCode).toBe(200);
  await ctx.app.services.applicantLinks.settled();
  await ctx.app.services.mailer.deliverDue();
  const pattern = /http:\/\/localhost:\d+\/uk\/my-data\/[A-Za-z0-9_-]{32}/;
  let link: string | null = null;
  await expect
    .poll(
      () =>
        (link =
          mailsTo(ctx.config.mail.dir, email)
            .map((mail) => linkIn(mail.replace(/\r?\n[ \t]+/g, ' '), pattern))
            .find(Boolean) ?? null),
    )
    .not.toBeNull();
  return link!.slice(-32);
}

describe('docs/recipes.md "Add a field", applied to the UK form in memory', () => {
  it('stores the new optional field, shows it in the review detail in form order, exports it and erases it', async () => {
    const { id, email } = await submitApplication(ctx, 'uk', { [FIELD]: ANSWER });
    expect(await storedAnswers(id)).toMatchObject({ [FIELD]: ANSWER });

    const detail = await ctx.app.inject({ method: 'GET', url: `/api/review/applications/${id}`, headers: { cookie } });
    expect(detail.statusCode).toBe(200);
    const names: string[] = detail.json().data.fields.map((field: { name: string }) => field.name);
    expect(detail.json().data.fields).toContainEqual(expect.objectContaining({ name: FIELD, value: ANSWER }));
    // In the order of the form: after the training question it follows, before the free text for patients.
    expect(names.indexOf(FIELD)).toBeGreaterThan(names.indexOf('haveYouCompleted'));
    expect(names.indexOf(FIELD)).toBeLessThan(names.indexOf('anythingElseAboutYou'));

    const token = await dataRightsToken(email);
    const exported = await ctx.app.inject({ method: 'GET', url: `/api/data-rights/${token}` });
    expect(exported.json().data.applications[0].answers).toMatchObject({ [FIELD]: ANSWER });

    expect((await ctx.app.inject({ method: 'POST', url: `/api/data-rights/${token}/erase` })).statusCode).toBe(200);
    expect(JSON.stringify(await storedAnswers(id))).not.toContain(ANSWER);
  });

  it('leaves the other entries as they were: an Italian application drops the field', async () => {
    const { id } = await submitApplication(ctx, 'it', { [FIELD]: ANSWER });
    expect(await storedAnswers(id)).not.toHaveProperty(FIELD);
  });
});
