// No axe violations (WCAG 2.2 A/AA) on the Italian public pages and the staff sign-in pages,
// at desktop and phone widths.
import { acceptEssentialCookies, expectNoAxeViolations, expect, test } from './support/fixtures.ts';

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const path of [
      '/it/',
      '/it/thank-you',
      '/it/privacy-policy',
      '/it/terms-and-conditions',
      '/it/no-such-page',
      '/it/signin',
      '/it/signin/verify?token=abc',
      '/it/signin/verify',
    ]) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page);
        await acceptEssentialCookies(page);
        await expectNoAxeViolations(page);
      });
    }

    test('/it/form has no axe violations, empty and with errors shown', async ({ page }) => {
      await page.goto('/it/form');
      await expect(page.locator('#email')).toBeVisible();
      await expectNoAxeViolations(page);
      await acceptEssentialCookies(page);
      await page.locator('#agreementCheck1').check();
      await page.locator('#email').fill('non è una email');
      await page.locator('main form').evaluate((form: HTMLFormElement) => form.requestSubmit());
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('/it/signin has no axe violations with errors, and after asking for a link', async ({ page }) => {
      await page.goto('/it/signin');
      await acceptEssentialCookies(page);
      await page.getByRole('button', { name: 'Invia il link di accesso' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('textbox', { name: 'Indirizzo email' }).fill('nessuno@example.it');
      await page.getByRole('button', { name: 'Invia il link di accesso' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Controlli la Sua email' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
