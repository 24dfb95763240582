// Issue 14: cookie consent can be changed once the notice is closed. The default setup has no
// tile server, so every market's notice only informs; the footer reopens it on every page.
import { CONSENT_COOKIES } from '../src/shared/limits.ts';
import { expect, tabTo, test } from './support/fixtures.ts';

for (const [path, acknowledge, settings, heading] of [
  ['/uk/', 'Got it', 'Cookie settings', 'Cookies on Pharmacy Champions'],
  ['/it/privacy-policy', 'Ho capito', 'Impostazioni cookie', 'Cookie su Pharmacy Champions'],
  ['/de/impressum?lang=en', 'Got it', 'Cookie settings', 'Cookies on Pharmacy Champions'],
  ['/de/form/1', 'Verstanden', 'Cookie-Einstellungen', 'Cookies auf Pharmacy Champions'],
] as const) {
  test(`${path}: the footer's cookie settings reopen the closed notice, by keyboard`, async ({ page }) => {
    await page.goto(path);
    await page.getByRole('button', { name: acknowledge }).click();
    await expect(page.getByRole('region', { name: heading })).toHaveCount(0);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === CONSENT_COOKIES.categories)?.value).toBe('essential');

    await page.reload();
    await expect(page.getByRole('region', { name: heading })).toHaveCount(0);
    if (path.includes('/form/')) {
      // Without a tile server the German form's offline map loads as soon as it is near the screen
      // (issue 14): let it load first, so that it does not swap in while the keys are pressed.
      await page.locator('#placeId').scrollIntoViewIfNeeded();
      await expect(page.locator('.leaflet-container')).toBeVisible();
    }
    const reopen = page.getByRole('contentinfo').getByRole('button', { name: settings });
    await tabTo(page, reopen, { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: heading }).getByText(heading)).toBeFocused();
    await expect(page.getByRole('region', { name: heading })).not.toContainText(/signed in|angemeldet|sessione/);
    await page.getByRole('button', { name: acknowledge }).click();
    await expect(reopen).toBeFocused();
  });
}
