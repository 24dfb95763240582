// Issue 39 item 1: after a failed attempt, someone correcting a field keeps every keystroke, even as
// the form turns valid and then invalid again while they type: the error summary lists the last
// attempt's errors and takes focus only on a new attempt, the field's own error follows the typing.
import type { Page } from '@playwright/test';
import { acceptEssentialCookies, expect, test, uniqueApplicant } from './support/fixtures.ts';
import { fillStep1, solveBotCheckQuickly } from './support/steps.ts';

const FIELD = '#professionalRegistrationNumber';

/** Types into the registration number key by key: valid at three digits, too short after a Backspace, then more. */
async function correctRegistrationNumber(page: Page, tooShort: RegExp) {
  const field = page.locator(FIELD);
  const error = page.locator(`${FIELD}-error`);
  await field.click();
  await page.keyboard.type('123', { delay: 50 });
  await expect(error).toHaveCount(0); // nothing left to correct anywhere: the form is valid
  await page.keyboard.press('Backspace');
  await expect(error).toContainText(tooShort); // invalid again
  await page.keyboard.type('4567', { delay: 50 });
  await expect(field).toHaveValue('124567');
  await expect(field).toBeFocused();
  await expect(error).toHaveCount(0);
}

test('the UK single page keeps every keystroke after a failed submit', async ({ page }) => {
  const who = uniqueApplicant('keys-uk');
  await page.goto('/uk/form');
  await acceptEssentialCookies(page);
  await page.locator('#email').fill(who.email);
  await page.locator('#firstName').fill('Sam');
  await page.locator('#lastName').fill('Jones');
  await page.locator('#areYouLocum').check();
  await page.locator('#whereDidYouFindOutAboutUs-colleague').check();
  await page.locator('#placeId').fill('Lark Lane');
  await page.getByRole('option').first().click();
  await page.locator('#whereYouWork').fill('Lark Lane Chemist');
  await page.locator('#isChecked').check();
  await page.locator('#haveYouCompleted-yes2').check();
  for (const n of [1, 2, 3, 4, 5]) await page.locator(`#agreementCheck${n}`).check();
  await solveBotCheckQuickly(page);

  await page.getByRole('button', { name: 'Submit application' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText(['GPhC registration number: Required']);

  await correctRegistrationNumber(page, /3 to 7 digits/);
  // The summary still says what the submit found, until the next one.
  await expect(summary).toBeVisible();
});

test('the German step form keeps every keystroke after a refused Next', async ({ page }) => {
  const who = uniqueApplicant('keys-de');
  await page.goto('/de/form/1');
  await acceptEssentialCookies(page);
  await fillStep1(page, who);
  await page.locator(FIELD).fill('');

  await page.getByRole('button', { name: 'Weiter' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Es gibt ein Problem' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText(['Registrierungsnummer: Pflichtfeld']);

  await correctRegistrationNumber(page, /3 bis 7 Ziffern/);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).toHaveURL(/\/de\/form\/2$/);
});
