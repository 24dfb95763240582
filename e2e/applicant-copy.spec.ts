// Issue 41 item 5: the applicant's status page offers the copy of their answers; the download is
// the PDF named by the reference, in the applicant's language (German here), on a desktop and a phone.
import { readFileSync } from 'node:fs';
import { expect, expectNoAxeViolations, test, uniqueApplicant } from './support/fixtures.ts';
import { applyInGermany, storedMail } from './support/steps.ts';

const PHONE = { width: 390, height: 844 };
/** Set to a folder to keep the page's screenshots and the PDF there. */
const SHOTS = process.env.SHOTS_DIR;

test("the status page offers the applicant's copy of their answers as a PDF", async ({ page }) => {
  const who = uniqueApplicant('de-copy');
  await applyInGermany(page, who);
  let link = '';
  await expect
    .poll(async () => {
      const mail = (await storedMail()).find((m) => m.to === who.email && /Wir haben Ihre Bewerbung erhalten/.test(m.subject));
      link = /https?:\/\/[^\s]+\/de\/my-application\/[A-Za-z0-9_-]{32}/.exec(mail?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  const reference = /PC-[2-9A-HJKMNP-Z]{6}/.exec((await storedMail()).find((m) => m.to === who.email)!.subject)![0];

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(new URL(link).pathname);
  const copy = page.getByRole('link', { name: 'Kopie Ihrer Angaben herunterladen (PDF)' });
  await expect(copy).toBeVisible();
  await expectNoAxeViolations(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/status-desktop.png`, fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), copy.click()]);
  expect(download.suggestedFilename()).toBe(`Bewerbung-${reference}.pdf`);
  const pdf = readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  if (SHOTS) await download.saveAs(`${SHOTS}/copy.pdf`);

  await page.setViewportSize(PHONE);
  await expect(copy).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/status-phone.png`, fullPage: true });
});
