// Issue 25 item 5: a German pharmacist applies, follows the status link of the "received" e-mail on
// a phone (390 px) and reads where the application stands in German: received, then approved with
// a link to the listing. An unknown link shows the "link not valid" view.
import { decideApplication, expect, expectNoAxeViolations, storedApplications, test, uniqueApplicant } from './support/fixtures.ts';
import { applyInGermany, storedMail } from './support/steps.ts';

const PHONE = { width: 390, height: 844 };

test('the status link of the "received" e-mail, on a phone, in the applicant\'s language', async ({ page }) => {
  const who = uniqueApplicant('de-status');
  await applyInGermany(page, who);

  // The link, from the e-mail as sent.
  let link = '';
  await expect
    .poll(async () => {
      const mail = (await storedMail()).find((m) => m.to === who.email && /Wir haben Ihre Bewerbung erhalten/.test(m.subject));
      link = /https?:\/\/[^\s]+\/de\/my-application\/[A-Za-z0-9_-]{32}/.exec(mail?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  const reference = /PC-[2-9A-HJKMNP-Z]{6}/.exec((await storedMail()).find((m) => m.to === who.email)!.subject)![0];

  await page.setViewportSize(PHONE);
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Ihre Bewerbung' })).toBeFocused();
  await expect(page.getByText(`Referenznummer: ${reference}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Eingegangen' })).toBeVisible();
  await expect(page.getByText('Entscheidung voraussichtlich')).toBeVisible();
  await expect(page.getByRole('link', { name: /@/ })).toBeVisible(); // the support address
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);

  // Approved: the page says so and links the listing.
  const [stored] = (await storedApplications()).filter((a) => a.email === who.email);
  await decideApplication(stored!.id, 'approved');
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Angenommen' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ihren Eintrag in der Apothekensuche ansehen' })).toHaveAttribute('href', /^\/de\/finder\/[0-9a-f-]{36}$/);
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
  // And on a desktop.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('heading', { level: 2, name: 'Angenommen' })).toBeVisible();
  await expectNoAxeViolations(page);

  // A link that names nothing.
  await page.goto(`/de/my-application/${'x'.repeat(32)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dieser Link ist nicht mehr gültig' })).toBeVisible();
  await expectNoAxeViolations(page);
});
