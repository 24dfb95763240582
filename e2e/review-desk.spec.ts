// The review desk (issue 13): a UK application is submitted (the received e-mail carries the
// reference the thank-you page shows), a reviewer signs in (link + TOTP), requests changes; the
// applicant follows the e-mailed link, edits and resubmits; the reviewer approves, the English
// e-mail is in the outbox, and the pharmacy is in the finder API and on /uk/finder until it is
// deactivated. An Italian application is rejected and gets
// an Italian e-mail. The main admin adds a reviewer (who is welcomed in the language chosen for
// them) and disables them. axe on every review page at
// desktop width and at 390 px.
import type { Page } from '@playwright/test';
import {
  acceptEssentialCookies,
  expect,
  expectNoAxeViolationsAtBothWidths,
  storedApplications,
  test,
  tick,
  typeInto,
  uniqueApplicant,
} from './support/fixtures.ts';
import { createStaff, mailTo, signInWithTotp } from './support/staff.ts';
import { choosePlace, solveBotCheckQuickly } from './support/steps.ts';

/** A reviewer or main admin of their own. */
async function newStaff(role: 'reviewer' | 'main_admin', tag: string) {
  const input = { email: `${tag}.${Date.now() % 1_000_000}@example.it`, firstName: 'Renata', lastName: `Rev${tag}`, role };
  await createStaff(input);
  return input;
}

async function applyInUk(page: Page, who: { email: string; registrationNumber: string }): Promise<string> {
  await page.goto('/uk/form');
  await acceptEssentialCookies(page);
  await typeInto(page, '#email', who.email);
  await typeInto(page, '#firstName', 'Olivia');
  await typeInto(page, '#lastName', 'Reviewtest');
  await typeInto(page, '#professionalRegistrationNumber', who.registrationNumber);
  await page.locator('#areYouLocum-no').check();
  await page.locator('#whereDidYouFindOutAboutUs').check();
  await choosePlace(page, 'Bold Street', /Bold Street Chemist/);
  await tick(page, '#isChecked');
  await page.locator('#haveYouCompleted-yes2').check();
  await typeInto(page, '#anythingElseAboutYou', 'Ten years in community pharmacy.');
  for (const n of [1, 2, 3, 4, 5]) await tick(page, `#agreementCheck${n}`);
  await solveBotCheckQuickly(page);
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/uk\/thank-you$/);
  // The thank-you page shows the application's short reference; the received e-mail carries it.
  const reference = await page
    .getByText(/^Your reference is/)
    .locator('strong')
    .innerText();
  expect(reference).toMatch(/^[A-Z0-9-]{6,}$/);
  return reference;
}

async function decide(page: Page, decision: RegExp, reason: string, confirm: RegExp) {
  await page.getByRole('radio', { name: decision }).check();
  if (reason) await page.getByRole('textbox', { name: /^(reason|note)/i }).fill(reason);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: confirm }).click();
  await expect(page.getByRole('status').filter({ hasText: /emailed/ })).toBeVisible();
}

test('a reviewer requests changes, the applicant resubmits through the e-mailed link, the reviewer approves', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const who = uniqueApplicant('review');
  const reference = await applyInUk(page, who);
  const received = await mailTo(who.email, /received your application/);
  expect(received.subject).toBe(`Pharmacy Champions: we have received your application (${reference})`);
  expect(received.text).toContain(reference);

  const reviewer = await newStaff('reviewer', 'uk');
  const desk = await (await browser.newContext()).newPage();
  await signInWithTotp(desk, reviewer.email);

  await desk.goto('/uk/admin/review');
  await expect(desk.getByRole('heading', { level: 1, name: 'Applications to review' })).toBeVisible();
  await expect(desk.getByRole('region', { name: 'Results' }).getByRole('table')).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(desk);
  await desk.getByRole('searchbox', { name: 'Search' }).fill(who.email);
  await desk.getByRole('button', { name: 'Show applications' }).click();
  await expect(desk.getByText('1 application', { exact: true })).toBeVisible();
  await desk.getByRole('link', { name: 'Olivia Reviewtest' }).click();

  await expect(desk.getByRole('heading', { level: 1, name: 'Olivia Reviewtest' })).toBeVisible();
  await expect(desk.getByText('Bold Street Chemist').first()).toBeVisible();
  // The map loads once it comes near the screen.
  await desk.getByRole('heading', { level: 2, name: 'Pharmacy location' }).scrollIntoViewIfNeeded();
  await expect(desk.getByRole('region', { name: /Map showing/ })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(desk);

  await decide(desk, /Request changes/, 'Please tell us about your oncology training.', /Yes, request changes/);
  await expect(desk.getByText('Changes requested').first()).toBeVisible();

  const request = await mailTo(who.email, /please update your application/);
  expect(request.text).toContain('Please tell us about your oncology training.');
  const link = /https?:\/\/\S+\/uk\/pharmacist\/edit\/[A-Za-z0-9_-]+/.exec(request.text)![0];

  // The applicant, in their own browser, follows the link, changes an answer and sends it again.
  const url = new URL(link);
  await page.goto(url.pathname);
  await expect(page).toHaveURL(/\/uk\/form\?pharmacistId=/);
  await expect(page.locator('#email')).toHaveValue(who.email);
  await page.locator('#anythingElseAboutYou').fill('Completed the Macmillan oncology module in 2024.');
  // The confirmations are given afresh on every submission.
  await page.locator('#isChecked').check();
  for (const n of [1, 2, 3, 4, 5]) await page.locator(`#agreementCheck${n}`).check();
  await solveBotCheckQuickly(page);
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/uk\/thank-you$/);
  const [stored] = (await storedApplications()).filter((a) => a.email === who.email);
  expect(stored!.answers.anythingElseAboutYou).toBe('Completed the Macmillan oncology module in 2024.');

  await desk.reload();
  await expect(desk.getByRole('heading', { level: 1, name: 'Olivia Reviewtest' })).toBeVisible();
  await expect(desk.getByText('Resubmitted by the applicant')).toBeVisible();
  await expect(desk.getByRole('definition').filter({ hasText: 'Completed the Macmillan oncology module in 2024.' })).toBeVisible();
  await decide(desk, /^Approve$/, '', /Yes, approve/);
  await expect(desk.getByText('Approved').first()).toBeVisible();

  const approved = await mailTo(who.email, /approved/);
  expect(approved.subject).toBe('Pharmacy Champions: your application is approved');
  expect(approved.text).toContain('Dear Olivia');

  // Listed in the finder once approved; deactivating unlists it at once (and leaves the other
  // journeys' pharmacy at this place without a listing that would fill their form).
  const listed = async () => {
    const answer = await desk.request.get('/api/v1/finder/pharmacies?market=uk&lat=53.4&lng=-2.99&radiusKm=10');
    return ((await answer.json()) as { data: { id: string }[] }).data.map((item) => item.id);
  };
  expect(await listed()).toContain(stored!.listingId);
  // A patient near Bold Street finds the champion on /uk/finder.
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation({ latitude: 53.44, longitude: -3.0 });
  await page.goto('/uk/finder');
  await page.getByRole('button', { name: 'Use my location' }).click();
  const listing = page
    .getByRole('list', { name: 'Pharmacies near you' })
    .getByRole('listitem')
    .filter({ hasText: 'Bold Street Chemist' })
    .filter({ hasText: 'Cancer champion: Olivia' });
  await expect(listing).toBeVisible();

  await decide(desk, /^Deactivate/, 'The registration could not be confirmed.', /Yes, deactivate/);
  await expect(desk.getByText('Deactivated').first()).toBeVisible();
  expect(await listed()).not.toContain(stored!.listingId);
  await page.reload();
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(page.getByRole('status').filter({ hasText: /within 25 km of your location/ })).toBeVisible();
  await expect(listing).toHaveCount(0);
});

test('an Italian application is rejected and the applicant gets an Italian e-mail', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const who = uniqueApplicant('respinta');
  await page.goto('/it/form');
  await acceptEssentialCookies(page);
  await typeInto(page, '#email', who.email);
  await typeInto(page, '#firstName', 'Maria');
  await typeInto(page, '#lastName', 'Respinta');
  await typeInto(page, '#professionalRegistrationNumber', who.registrationNumber.slice(0, 5));
  await page.locator('#areYouLocum-no').check();
  await page.locator('#whereDidYouFindOutAboutUs').check();
  await choosePlace(page, 'Pantheon', /Farmacia del Pantheon/);
  await typeInto(page, '#services', 'Misurazione della pressione');
  await tick(page, '#isChecked');
  await tick(page, '#haveYouCompleted');
  for (const n of [1, 2, 3, 4, 5]) await tick(page, `#agreementCheck${n}`);
  await solveBotCheckQuickly(page);
  await page.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/it\/thank-you$/);

  const reviewer = await newStaff('reviewer', 'it');
  const desk = await (await browser.newContext()).newPage();
  await signInWithTotp(desk, reviewer.email);
  await desk.goto(`/uk/admin/review?status=submitted&market=it&q=${encodeURIComponent(who.email)}`);
  await desk.getByRole('link', { name: 'Maria Respinta' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Maria Respinta' })).toBeVisible();

  // A rejection without a reason is refused in the page, before anything is sent.
  await desk.getByRole('radio', { name: 'Reject' }).check();
  await desk.getByRole('button', { name: 'Continue' }).click();
  await expect(desk.getByRole('alert')).toContainText('Enter a reason');
  await decide(desk, /^Reject$/, 'Il numero di iscrizione non risulta all’albo.', /Yes, reject/);

  const rejected = await mailTo(who.email, /candidatura/);
  expect(rejected.subject).toBe('Pharmacy Champions: la Sua candidatura');
  expect(rejected.text).toContain('Gentile Maria');
  expect(rejected.text).toContain('Il numero di iscrizione non risulta all’albo.');
});

test('the main admin adds a reviewer with the form and disables them', async ({ page }) => {
  test.setTimeout(90_000);
  const admin = await newStaff('main_admin', 'admin');
  await signInWithTotp(page, admin.email);
  await page.goto('/uk/admin/reviewers');
  await expect(page.getByRole('heading', { level: 1, name: 'Reviewers' })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);

  await page.getByRole('link', { name: 'Add a reviewer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a reviewer' })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
  const email = `new.reviewer.${Date.now() % 1_000_000}@example.com`;
  await page.getByRole('textbox', { name: /email/i }).fill(email);
  await page.getByRole('textbox', { name: /first name/i }).fill('Nadia');
  await page.getByRole('textbox', { name: /last name/i }).fill('Nuova');
  await page.getByRole('radio', { name: 'Italiano' }).check();
  await page.getByRole('button', { name: 'Add the reviewer' }).click();
  await expect(page).toHaveURL(/\/uk\/admin\/reviewers$/);
  // Told, in the language chosen for her, that the account exists and where to sign in.
  const welcome = await mailTo(email, /il Suo accesso come revisore/);
  expect(welcome.text).toMatch(/https?:\/\/\S+\/signin/);
  const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: /Disable/ }).click();
  await page.getByRole('button', { name: 'Yes, disable' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Nadia Nuova is disabled.' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) })).toContainText('Disabled');
});
