// The public finder (issue #13): an application approved after it was submitted through the API
// shows on /uk/finder near the visitor, and disappears once deactivated; every finder page is
// free of axe violations at desktop and phone widths, with results shown. Issue 25 item 9: on a
// phone, a result opens its listing's own page (by its listing id) with Directions to the maps app,
// Back returns to the results, and a deactivated listing's page is not found.
import { solvedTokensFrom } from '../src/server/test/bot-check.ts';
import { multipartBody, pdfBytes } from '../src/server/test/multipart.ts';
import { validApplication } from '../src/server/test/payloads.ts';
import { acceptEssentialCookies, decideApplication, expect, expectNoAxeViolations, storedApplications, test, uniqueApplicant } from './support/fixtures.ts';
import { fillStep1, next } from './support/steps.ts';

const baseUrl = `http://localhost:${Number(process.env.E2E_PORT ?? 3100)}`;

/** Submits an application as the form would, and approves it; answers the pharmacy's name. */
async function approvedApplication(country: 'uk' | 'it' | 'de', name: string): Promise<{ id: string; name: string }> {
  const [recaptchaToken] = await solvedTokensFrom(baseUrl, 1);
  // A place of its own: an approved listing fills the form of anyone who picks its place, so the
  // other journeys' places (the fixtures) must not get one.
  const payload = validApplication({ country }, { whereYouWork: name, placeId: `finder-e2e:${country}:${Date.now()}`, recaptchaToken });
  // The German three-step form is multipart, with its training certificate.
  const german = multipartBody(payload, [{ filename: 'zertifikat.pdf', contentType: 'application/pdf', content: pdfBytes() }]);
  const saved = await fetch(
    `${baseUrl}/api/save-pharmacist`,
    country === 'de'
      ? { method: 'POST', headers: german.headers, body: new Uint8Array(german.payload) }
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) },
  );
  expect(saved.status, await saved.clone().text()).toBe(200);
  const stored = (await storedApplications()).find((a) => a.email === payload.email)!;
  await decideApplication(stored.id, 'approved');
  return { id: stored.id, name };
}

// Liverpool, Rome and Berlin: where the test payloads put each market's pharmacy.
const HERE = { uk: { latitude: 53.401, longitude: -2.99 }, it: { latitude: 41.871, longitude: 12.52 }, de: { latitude: 52.521, longitude: 13.405 } } as const;

test.describe('/uk/finder', () => {
  test.use({ geolocation: HERE.uk, permissions: ['geolocation'] });

  test('shows an approved pharmacy near the visitor, and no longer once it is deactivated', async ({ page }) => {
    const listed = await approvedApplication('uk', `Finder Chemist ${Date.now()}`);
    await page.goto('/uk/finder');
    await acceptEssentialCookies(page);
    await page.getByRole('button', { name: 'Use my location' }).click();
    const list = page.getByRole('list', { name: 'Pharmacies near you' });
    const item = list.getByRole('listitem').filter({ hasText: listed.name });
    await expect(item).toBeVisible();
    await expect(item.getByText('Cancer champion: Amelia')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Map of the pharmacies found' })).toBeVisible();

    // By keyboard: the place search finds a fixture pharmacy in Liverpool, and the list follows it.
    await page.getByRole('combobox', { name: 'Search for a place' }).fill('Bold');
    await page.getByRole('combobox', { name: 'Search for a place' }).press('ArrowDown');
    await page.getByRole('combobox', { name: 'Search for a place' }).press('Enter');
    await expect(page.getByText(/pharmac(y|ies) within 25 km of /)).toBeVisible();
    await expect(list.getByRole('listitem').filter({ hasText: listed.name })).toBeVisible();

    await decideApplication(listed.id, 'deactivated');
    await page.goto('/uk/finder');
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(page.getByRole('status').filter({ hasText: /within 25 km of your location/ })).toBeVisible();
    await expect(page.getByText(listed.name)).toHaveCount(0);
  });
});

test.describe('/uk/finder/{listingId} on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, geolocation: HERE.uk, permissions: ['geolocation'] });

  test('opens a listing from the results, with Directions to the pharmacy in the maps app, and Back to the results', async ({ page }) => {
    const listed = await approvedApplication('uk', `Listing Chemist ${Date.now()}`);
    await page.goto('/uk/finder');
    await acceptEssentialCookies(page);
    await page.getByRole('button', { name: 'Use my location' }).click();
    await page.getByRole('searchbox', { name: 'Service' }).fill('blood pressure');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page.getByText('Showing pharmacies offering “blood pressure”.')).toBeVisible();
    const result = page.getByRole('article', { name: listed.name });
    await expect(result.getByRole('list', { name: 'Services' }).getByRole('listitem')).toHaveText(['Flu jabs', 'blood pressure checks']);
    await result.getByRole('link', { name: listed.name }).click();

    await expect(page.getByRole('heading', { level: 1, name: listed.name })).toBeVisible();
    expect(page.url()).toMatch(/\/uk\/finder\/[0-9a-f-]{36}$/);
    expect(page.url()).not.toContain(listed.id);
    await expect(page).toHaveTitle(`${listed.name}: cancer champion pharmacy – Pharmacy Champions`);
    const directions = page.getByRole('link', { name: 'Directions' });
    await expect(directions).toBeVisible();
    await expect(directions).toHaveAttribute('href', 'https://www.google.com/maps/dir/?api=1&destination=53.400000,-2.990000');
    await expect(page.getByText('Cancer champion: Amelia')).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A shared link opens the same page; Back from a result returns to the results as they were.
    const shared = page.url();
    await page.getByRole('link', { name: 'Back to the finder' }).click();
    await expect(page.getByRole('article', { name: listed.name })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Service' })).toHaveValue('blood pressure');

    // Taken down: the page is not found, and the server says so.
    await decideApplication(listed.id, 'deactivated');
    const response = await page.goto(shared);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});

for (const width of [1280, 390]) {
  for (const market of ['uk', 'it', 'de'] as const) {
    test.describe(`/${market}/finder at ${width} px`, () => {
      test.use({ viewport: { width, height: 900 }, geolocation: HERE[market], permissions: ['geolocation'] });

      test('has no axe violations, before and after a search', async ({ page }) => {
        await approvedApplication(market, `Axe Pharmacy ${market} ${width} ${Date.now()}`);
        await page.goto(`/${market}/finder`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page);
        await acceptEssentialCookies(page);
        await page.locator('.finder__locate button').click();
        await expect(page.locator('.finder__list li').first()).toBeVisible();
        await expectNoAxeViolations(page);
        // The listing's own page (issue 25 item 9).
        await page.locator('.finder__list .pc-listing__name a').first().click();
        await expect(page.locator('.finder-listing__directions a')).toBeVisible();
        await expectNoAxeViolations(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      });
    });
  }
}

// Issue 25 item 6: "how patients will see you" above Submit on the single pages and on step 3.
for (const width of [1280, 390]) {
  test.describe(`the listing preview at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('shows the finder card of the answers on /uk/form and /it/form, with no axe violations', async ({ page }) => {
      for (const [market, heading, champion] of [
        ['uk', 'How patients will see you', 'Cancer champion: Priya'],
        ['it', 'Come La vedranno i pazienti', 'Farmacista di riferimento: Priya'],
      ] as const) {
        await page.goto(`/${market}/form`);
        await acceptEssentialCookies(page);
        await page.locator('#firstName').fill('Priya');
        await page.locator('#anythingElseAboutYou').fill('Happy to help.');
        const preview = page.getByRole('region', { name: heading });
        await expect(preview.getByText(champion)).toBeVisible();
        await expect(preview.getByText('Happy to help.')).toBeVisible();
        await expectNoAxeViolations(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
    });

    test('shows it on step 3 of the German form, from the answers of step 1', async ({ page }) => {
      await page.goto('/de/form/1');
      await acceptEssentialCookies(page);
      await fillStep1(page, uniqueApplicant('preview'));
      await next(page, 2);
      await page.locator('#isChecked').check();
      await next(page, 3);
      const preview = page.getByRole('region', { name: 'So sehen Patientinnen und Patienten Sie' });
      await expect(preview.getByRole('heading', { name: 'Linden-Apotheke' })).toBeVisible();
      await expect(preview.getByText('Ansprechperson: Anna Lena')).toBeVisible();
      await expect(preview.getByRole('list', { name: 'Leistungen' }).getByRole('listitem')).toHaveText(['Medikationsanalyse']);
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  });
}
