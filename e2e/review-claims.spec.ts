// Working as a team on the review desk (issue 25 item 2), on phones (390 px): reviewer A says
// "I am reviewing this"; reviewer B sees A's name in the queue and on the application, and B's
// decision asks for confirmation naming A, by keyboard alone, before it is sent. The age bands
// open the queue. axe at 390 px on the queue and the application.
import type { APIRequestContext, Browser } from '@playwright/test';
import { solvedTokensFrom } from '../src/server/test/bot-check.ts';
import { validApplication } from '../src/server/test/payloads.ts';
import { expect, expectNoAxeViolations, test, uniqueApplicant } from './support/fixtures.ts';
import { createStaff, mailTo, signInWithTotp } from './support/staff.ts';

const baseUrl = `http://localhost:${Number(process.env.E2E_PORT ?? 3100)}`;
const PHONE = { width: 390, height: 844 };

async function apply(request: APIRequestContext, payload: Record<string, unknown>): Promise<{ id: string; reference: string }> {
  const token = (await solvedTokensFrom(baseUrl, 1))[0]!;
  const response = await request.post('/api/save-pharmacist', { data: { ...payload, recaptchaToken: token } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { id: string; reference: string } }).data;
}

async function reviewerOnAPhone(browser: Browser, firstName: string, lastName: string) {
  const email = `${firstName.toLowerCase()}.${Date.now() % 1_000_000}@example.org`;
  await createStaff({ email, firstName, lastName, role: 'reviewer' });
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signInWithTotp(page, email);
  return page;
}

test("B sees A's claim in the queue and on the application, and B's decision on it asks for confirmation, at 390 px and by keyboard", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const who = uniqueApplicant('claim');
  const application = await apply(
    page.request,
    validApplication({ country: 'uk' }, { email: who.email, professionalRegistrationNumber: who.registrationNumber, firstName: 'Clara', lastName: 'Claimed' }),
  );

  const anna = await reviewerOnAPhone(browser, 'Annabel', 'Ashdown');
  await anna.goto(`/uk/admin/review/${application.id}`);
  await expect(anna.getByRole('heading', { level: 1, name: 'Clara Claimed' })).toBeVisible();
  await anna.getByRole('button', { name: 'I am reviewing this' }).click();
  await expect(anna.getByRole('status').filter({ hasText: 'You are now reviewing this application.' })).toBeVisible();
  await expect(anna.getByRole('button', { name: 'Stop reviewing' })).toBeVisible();

  const bruno = await reviewerOnAPhone(browser, 'Bruno', 'Bellamy');
  await bruno.goto(`/uk/admin/review?status=submitted&q=${encodeURIComponent(who.email)}`);
  await expect(bruno.getByRole('heading', { level: 2, name: 'Waiting for a decision' })).toBeVisible();
  await expect(bruno.getByRole('table', { name: /by market and time since submission/ }).getByRole('columnheader', { name: 'United Kingdom' })).toBeVisible();
  const row = bruno.getByRole('row', { name: /Clara Claimed/ });
  await expect(row.getByRole('cell', { name: 'Annabel Ashdown' })).toBeVisible();
  await expectNoAxeViolations(bruno);
  expect(await bruno.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await row.getByRole('link', { name: 'Clara Claimed' }).click();
  await expect(bruno.getByText(/Annabel Ashdown is reviewing this application \(since/)).toBeVisible();
  await expectNoAxeViolations(bruno);

  // By keyboard: the decision, the reason, Continue; the confirmation takes the focus and names A.
  await bruno.getByRole('radio', { name: 'Reject' }).focus();
  await bruno.keyboard.press('Space');
  await bruno.getByRole('textbox', { name: /^Reason/ }).focus();
  await bruno.keyboard.type('The registration number is not on the register.');
  await bruno.getByRole('button', { name: 'Continue' }).focus();
  await bruno.keyboard.press('Enter');
  const heading = bruno.getByRole('heading', { name: 'Reject the application of Clara Claimed?' });
  await expect(heading).toBeFocused();
  await expect(bruno.getByRole('group', { name: 'Reject the application of Clara Claimed?' })).toContainText(
    'Annabel Ashdown is reviewing this application. Decide anyway?',
  );
  await expectNoAxeViolations(bruno);
  await bruno.keyboard.press('Tab');
  await expect(bruno.getByRole('button', { name: 'Yes, reject' })).toBeFocused();
  await bruno.keyboard.press('Enter');
  await expect(bruno.getByRole('status').filter({ hasText: 'Clara Claimed is rejected and has been emailed.' })).toBeVisible();
  // The decision ended A's claim.
  await expect(bruno.getByText('Nobody has said they are reviewing this application.')).toHaveCount(0);
  await expect(bruno.getByText(/Annabel Ashdown is reviewing/)).toHaveCount(0);

  const rejected = await mailTo(who.email, /your application$/);
  expect(rejected.text).toContain('The registration number is not on the register.');
});
