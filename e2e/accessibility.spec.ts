// No axe violations (WCAG 2.2 A/AA) on the UK public pages, at desktop and phone widths.
import { acceptEssentialCookies, expectNoAxeViolations, expect, test } from './support/fixtures.ts';

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const path of ['/uk/', '/uk/thank-you', '/uk/privacy-policy', '/uk/terms-and-conditions', '/uk/no-such-page']) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page);
        await acceptEssentialCookies(page);
        await expectNoAxeViolations(page);
      });
    }

    test('/uk/form has no axe violations, empty and with errors shown', async ({ page }) => {
      await page.goto('/uk/form');
      await expect(page.locator('#email')).toBeVisible();
      await expectNoAxeViolations(page);
      await acceptEssentialCookies(page);
      await page.locator('#agreementCheck1').check();
      await page.locator('#email').fill('not an e-mail');
      await page
        .locator('main form')
        .first()
        .evaluate((form: HTMLFormElement) => form.requestSubmit());
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
