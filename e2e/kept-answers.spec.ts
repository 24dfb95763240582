// Issue 11: the single pages keep every answer, the photo and the place across a reload, a visit to
// the terms and a failed save; a language switch lands on the matching form with the answers.
import type { Page } from '@playwright/test';
import { acceptEssentialCookies, expect, jpegWithGps, test, typeInto } from './support/fixtures.ts';
import { choosePlace } from './support/steps.ts';

async function expectAnswers(page: Page, email: string) {
  await expect(page.locator('#email')).toHaveValue(email);
  await expect(page.locator('#firstName')).toHaveValue('Anna');
  await expect(page.locator('input[name=placeId]')).not.toHaveValue('');
  await expect(page.locator('input[name=photo]')).not.toHaveValue('');
  await expect(page.getByRole('img', { name: /uploaded photo|foto caricata/i })).toBeVisible();
}

test('UK answers, photo and place survive a reload, the terms and a failed save; a language switch keeps them', async ({ page }) => {
  await page.goto('/uk/form');
  await acceptEssentialCookies(page);
  await typeInto(page, '#email', 'kept.answers@example.com');
  await typeInto(page, '#firstName', 'Anna');
  await page.locator('input[type=file]#photo').setInputFiles(await jpegWithGps());
  await expect(page.locator('input[name=photo]')).not.toHaveValue('', { timeout: 15_000 });
  await choosePlace(page, 'Bold Street', /Bold Street Chemist/);
  await typeInto(page, '#whereYouWork', 'Bold Street Chemist');

  await page.reload();
  await expectAnswers(page, 'kept.answers@example.com');
  await expect(page.locator('#whereYouWork')).toHaveValue('Bold Street Chemist');

  await page.goto('/uk/terms-and-conditions');
  await page.goBack();
  await expectAnswers(page, 'kept.answers@example.com');

  // A failed save shows the error view; the answers are still there when the applicant comes back.
  await page.route('**/api/save-pharmacist', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":"failed","message":"boom"}' }),
  );
  await page.evaluate(() => document.querySelector('form')?.requestSubmit());
  await page.reload();
  await expectAnswers(page, 'kept.answers@example.com');

  await page.getByRole('link', { name: 'Italiano' }).click();
  await expect(page).toHaveURL(/\/uk\/form\/1\?lang=it$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/non trovata|not found/i);
  await expect(page.locator('#email')).toHaveValue('kept.answers@example.com');
  await expect(page.locator('#firstName')).toHaveValue('Anna');

  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/uk\/form\?lang=en$/);
  await expect(page).toHaveTitle('Pharmacy Champions Registration');
  await expectAnswers(page, 'kept.answers@example.com');
});

test('Italian answers and the place survive a reload', async ({ page }) => {
  await page.goto('/it/form');
  await acceptEssentialCookies(page);
  await typeInto(page, '#email', 'risposte@example.com');
  await typeInto(page, '#firstName', 'Anna');
  await page.locator('input[type=file]#photo').setInputFiles(await jpegWithGps());
  await expect(page.locator('input[name=photo]')).not.toHaveValue('', { timeout: 15_000 });
  await choosePlace(page, 'Roma', /Farmacia San Lorenzo/);
  await page.reload();
  await expectAnswers(page, 'risposte@example.com');
});
