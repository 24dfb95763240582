// Data rights (issue 13 item 6) and the applicant's links by e-mail (issue 14): an applicant asks
// for a link from the footer's "your data" page, follows the e-mailed link, downloads everything
// and erases it; afterwards nothing personal is left. An edit link that no longer works says so.
import { readFileSync } from 'node:fs';
import { solvedTokensFrom } from '../src/server/test/bot-check.ts';
import { validApplication } from '../src/server/test/payloads.ts';
import {
  acceptEssentialCookies,
  expect,
  expectNoAxeViolations,
  expectNoAxeViolationsAtBothWidths,
  storedApplications,
  test,
  uniqueApplicant,
} from './support/fixtures.ts';
import { applyInGermany, solveBotCheck, storedFiles, storedMail, typeInto } from './support/steps.ts';

const NARROW = { width: 390, height: 844 };
const baseUrl = `http://localhost:${Number(process.env.E2E_PORT ?? 3100)}`;

/** The /my-data link in the newest e-mail to exactly `email`. */
async function dataLinkMailedTo(email: string): Promise<string> {
  let path = '';
  await expect
    .poll(async () => {
      path =
        (await storedMail())
          .filter((m) => m.to === email)
          .map((m) => /\/uk\/my-data\/[A-Za-z0-9_-]{32}/.exec(m.text)?.[0])
          .find(Boolean) ?? '';
      return path;
    })
    .not.toBe('');
  return path;
}

test('request -> e-mailed link -> download -> erase, with nothing personal left', async ({ page }) => {
  const who = uniqueApplicant('de-rights');
  await applyInGermany(page, who);
  const [stored] = (await storedApplications()).filter((a) => a.email === who.email);
  expect(stored).toBeDefined();
  expect((await storedFiles()).filter((f) => f.applicationId === stored!.id)).toHaveLength(1); // the certificate

  // The request form, from the footer, by keyboard; the same answer page for any address.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Ihre Daten' }).click();
  await expect(page).toHaveURL(/\/de\/my-data$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ihre Daten einsehen oder löschen' })).toBeVisible();
  await expectNoAxeViolations(page);
  await typeInto(page, '#email', who.email);
  await solveBotCheck(page);
  await page.getByRole('button', { name: 'Link senden' }).click();
  await expect(page).toHaveURL(/\/de\/link-sent$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sehen Sie in Ihr E-Mail-Postfach' })).toBeVisible();

  // The link, from the outbox.
  let link = '';
  await expect
    .poll(async () => {
      const mail = (await storedMail()).find((m) => m.to === who.email && /Ihre personenbezogenen Daten/.test(m.subject));
      link = /https?:\/\/[^\s]+\/de\/my-data\/[A-Za-z0-9_-]{32}/.exec(mail?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Ihre Daten' })).toBeVisible();
  await expect(page.getByText(who.email)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize(NARROW);
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(NARROW.width);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Download: one JSON file with the answers, the files' details and the e-mails.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Meine Daten herunterladen' }).click()]);
  expect(download.suggestedFilename()).toBe('my-data.json');
  type Exported = { applications: { email: string; answers: Record<string, unknown>; files: unknown[] }[]; emails: unknown[]; consents: { givenBy: string }[] };
  const data = JSON.parse(readFileSync((await download.path())!, 'utf8')) as Exported;
  expect(data.applications).toHaveLength(1);
  expect(data.applications[0]!.email).toBe(who.email);
  expect(data.applications[0]!.answers.whereYouWork).toBe('Linden-Apotheke');
  expect(data.applications[0]!.files).toHaveLength(1);
  expect(data.emails.length).toBeGreaterThan(0);
  // The declarations the applicant gave, on record.
  expect(data.consents.map((c) => c.givenBy)).toEqual(['applicant']);

  // Erase, after a confirmation.
  await page.getByRole('button', { name: 'Meine Daten löschen' }).click();
  await expect(page.getByRole('heading', { name: 'Sind Sie sicher?' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Ja, meine Daten löschen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ihre Daten wurden gelöscht' })).toBeVisible();

  const applications = await storedApplications();
  expect(JSON.stringify(applications)).not.toContain(who.email);
  const erased = applications.find((a) => a.id === stored!.id) as unknown as { status: string };
  expect(erased.status).toBe('erased');
  expect((await storedFiles()).filter((f) => f.applicationId === stored!.id)).toHaveLength(0);
  expect(JSON.stringify(await storedMail())).not.toContain(who.email);
  // The certificate's file is gone from storage too: the staff download finds nothing (401 without a session, so checked by the row above).

  // The link is spent.
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Dieser Link ist nicht mehr gültig' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('an edit link that no longer works says so, in the page language, with a way to a new one', async ({ page }) => {
  for (const [market, title, button] of [
    ['uk', 'This link is no longer valid', 'Send me a new link'],
    ['it', 'Questo link non è più valido', 'Inviami un nuovo link'],
    ['de', 'Dieser Link ist nicht mehr gültig', 'Neuen Link senden'],
  ] as const) {
    await page.goto(`/${market}/pharmacist/edit/AbCdEfGhIjKlMnOpQrStUvWxYz`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(/temporarily unavailable|temporaneamente|vorübergehend/i)).toHaveCount(0);
    await acceptEssentialCookies(page);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: button }).click();
    await expect(page).toHaveURL(new RegExp(`/${market}/update-link$`));
    await expect(page.locator('#email')).toBeVisible();
    await page.setViewportSize(NARROW);
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(NARROW.width);
    await page.setViewportSize({ width: 1280, height: 800 });
  }
});

test("a link sent to name+tag@ shows only that mailbox's application, and says in one sentence that another spelling has a link of its own (issue 39 item 8)", async ({
  page,
}) => {
  const stamp = Date.now();
  const plain = `sam.hope.${stamp}@example.co.uk`;
  const tagged = `sam.hope.${stamp}+work@example.co.uk`;
  const tokens = await solvedTokensFrom(baseUrl, 3);
  for (const [index, email] of [plain, tagged].entries()) {
    const payload = validApplication(
      { country: 'uk' },
      { email, whereYouWork: `Spelling Chemist ${stamp}-${index}`, placeId: `mailbox-e2e:${stamp}-${index}`, recaptchaToken: tokens[index] },
    );
    const saved = await fetch(`${baseUrl}/api/save-pharmacist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
  }
  const asked = await fetch(`${baseUrl}/api/data-rights/request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: tagged, recaptchaToken: tokens[2], basePath: '/uk' }),
  });
  expect(asked.status).toBe(200);

  await page.goto(await dataLinkMailedTo(tagged));
  await acceptEssentialCookies(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Your data' })).toBeVisible();
  await expect(page.getByText(tagged)).toBeVisible();
  await expect(page.getByText(plain)).toHaveCount(0);
  await expect(
    page.getByText(
      'Records held under another spelling of this e-mail address (such as one with a “+” and a tag) are not shown or erased here: we have sent that address a link of its own.',
    ),
  ).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);

  // The other spelling's own link: its own application, and the same sentence.
  await page.goto(await dataLinkMailedTo(plain));
  await expect(page.getByText(plain)).toBeVisible();
  await expect(page.getByText(tagged)).toHaveCount(0);
  await expect(page.getByText(/another spelling of this e-mail address/)).toBeVisible();
});
