// The review desk's checks (issue 25 items 3, 4 and 8) in a real browser: a second application
// with the same registration number is flagged and linked to the first; the register search
// opens in a new tab; after a change request and the applicant's edit, the detail lists the
// changed answer before and after; an erased application reads "Erased application PC-XXXXXX"
// in the queue. axe on the queue and the detail at 1280 px and 390 px.
import type { APIRequestContext } from '@playwright/test';
import { validApplication } from '../src/server/test/payloads.ts';
import { solvedTokensFrom } from '../src/server/test/bot-check.ts';
import { expect, expectNoAxeViolationsAtBothWidths, test, uniqueApplicant } from './support/fixtures.ts';
import { createStaff, mailTo, signInWithTotp } from './support/staff.ts';

const baseUrl = `http://localhost:${Number(process.env.E2E_PORT ?? 3100)}`;
const solvedToken = async () => (await solvedTokensFrom(baseUrl, 1))[0]!;

async function apply(request: APIRequestContext, payload: Record<string, unknown>): Promise<{ id: string; reference: string }> {
  const response = await request.post('/api/save-pharmacist', { data: { ...payload, recaptchaToken: await solvedToken() } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { id: string; reference: string } }).data;
}

test('the checks flag a duplicate number with a link, open the register, list what the applicant changed, and name erased applications', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const who = uniqueApplicant('dupe');
  const firstPayload = validApplication(
    { country: 'uk' },
    { email: who.email, professionalRegistrationNumber: who.registrationNumber, firstName: 'Fiona', lastName: 'First' },
  );
  const first = await apply(page.request, firstPayload);
  const second = await apply(
    page.request,
    validApplication(
      { country: 'it' },
      { email: `it.${who.email}`, professionalRegistrationNumber: who.registrationNumber, firstName: 'Sara', lastName: 'Seconda', placeId: 'fixture:it:003' },
    ),
  );

  // A third applicant erases their data through their /my-data link.
  const gone = uniqueApplicant('gone');
  const erased = await apply(page.request, validApplication({ country: 'uk' }, { email: gone.email, professionalRegistrationNumber: gone.registrationNumber }));
  await page.request.post('/api/data-rights/request', { data: { email: gone.email, basePath: '/uk', recaptchaToken: await solvedToken() } });
  const dataLink = /\/my-data\/([A-Za-z0-9_-]{32})/.exec((await mailTo(gone.email, /personal data/i)).text)![1];
  expect((await page.request.post(`/api/data-rights/${dataLink}/erase`)).status()).toBe(200);

  const reviewer = { email: `checks.${Date.now() % 1_000_000}@example.org`, firstName: 'Carla', lastName: 'Checks', role: 'reviewer' as const };
  await createStaff(reviewer);
  const desk = await (await browser.newContext()).newPage();
  await signInWithTotp(desk, reviewer.email);

  // The erased application in the queue: readable link text, no placeholders.
  await desk.goto('/uk/admin/review?status=erased');
  const erasedLink = desk.getByRole('link', { name: `Erased application ${erased.reference}` });
  await expect(erasedLink).toBeVisible();
  await expect(desk.getByText(/erased:/)).toHaveCount(0);
  await expectNoAxeViolationsAtBothWidths(desk);

  // The second application is flagged and linked to the first.
  await desk.goto(`/uk/admin/review/${second.id}`);
  await expect(desk.getByRole('heading', { level: 1, name: 'Sara Seconda' })).toBeVisible();
  const flag = desk.getByRole('link', { name: `Fiona First, ${first.reference} (Submitted, United Kingdom)` });
  await expect(flag).toBeVisible();
  const register = desk.getByRole('link', { name: `Search the FOFI Albo for ${who.registrationNumber} (opens in a new tab)` });
  await expect(register).toHaveAttribute('target', '_blank');
  await expectNoAxeViolationsAtBothWidths(desk);
  await flag.click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Fiona First' })).toBeVisible();

  // Changes requested on the first; the applicant edits one answer through the e-mailed link.
  await desk.getByRole('radio', { name: /Request changes/ }).check();
  await desk.getByRole('textbox', { name: /reason/i }).fill('Please tell us more about yourself.');
  await desk.getByRole('button', { name: 'Continue' }).click();
  await desk.getByRole('button', { name: /Yes, request changes/ }).click();
  await expect(desk.getByRole('status').filter({ hasText: /emailed/ })).toBeVisible();
  const editToken = /\/pharmacist\/edit\/([A-Za-z0-9_-]+)/.exec((await mailTo(who.email, /please update your application/)).text)![1];
  await apply(page.request, { ...firstPayload, anythingElseAboutYou: 'Oncology lead at my pharmacy since 2023.', loginToken: editToken });

  await desk.reload();
  const changes = desk.getByRole('table', { name: '1 changed answer, before and after' });
  await expect(changes).toBeVisible();
  await expect(changes.getByRole('row').nth(1)).toContainText('Ten years in community pharmacy.');
  await expect(changes.getByRole('row').nth(1)).toContainText('Oncology lead at my pharmacy since 2023.');
  await expectNoAxeViolationsAtBothWidths(desk);
});
