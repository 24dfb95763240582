// On a 390 px phone, the place search's message box ("No results found", or the search failing)
// never covers "Can't find your pharmacy? Enter its address" (issue 25 item 8): the box sits in
// the page's flow above the button, however many lines its message takes, and a click on the
// button while the box shows opens the address entry.
import type { Page } from '@playwright/test';
import { acceptEssentialCookies, expect, test, typeInto } from './support/fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });

async function expectButtonFreeUnder(page: Page, message: RegExp, button: string, addressField: string) {
  const box = page.locator('.pc-combobox__status').filter({ hasText: message });
  await expect(box).toBeVisible();
  const toggle = page.getByRole('button', { name: button });
  await toggle.scrollIntoViewIfNeeded();
  const [shown, under] = [(await box.boundingBox())!, (await toggle.boundingBox())!];
  // The box ends above the button: they do not overlap.
  expect(shown.y + shown.height).toBeLessThanOrEqual(under.y);
  // What is at the button's centre is the button itself, not the box.
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null, {
    x: under.x + under.width / 2,
    y: under.y + under.height / 2,
  });
  expect(hit).toBe(button);
  // A click (not forced: Playwright waits while something else would receive it) opens the address entry.
  await expect(box).toBeVisible();
  await toggle.click({ timeout: 5_000 });
  await expect(page.getByRole('textbox', { name: addressField })).toBeVisible();
}

test('at 390 px "No results found" leaves the manual-address button free to click', async ({ page }) => {
  await page.goto('/uk/form');
  await acceptEssentialCookies(page);
  // The offline provider does not know this pharmacy.
  await typeInto(page, '#placeId', 'Briggate Pharmacy');
  await expectButtonFreeUnder(page, /^No results found$/, "Can't find your pharmacy? Enter its address", 'Pharmacy address');
});

test('at 390 px a failed search, whose message takes two lines, leaves the button free too (Italian)', async ({ page }) => {
  await page.route('**/api/places/search**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"status":"failed"}' }));
  await page.goto('/it/form');
  await acceptEssentialCookies(page);
  await typeInto(page, '#placeId', 'Farmacia Centrale');
  await expectButtonFreeUnder(
    page,
    /La ricerca non è momentaneamente disponibile/,
    "Non trova la Sua farmacia? Inserisca l'indirizzo",
    'Indirizzo della farmacia',
  );
});
