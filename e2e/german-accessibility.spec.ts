// Every German page: no axe violations (WCAG 2.2 A/AA) at desktop and phone widths, and no
// English text left on them (issue 3 acceptance).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { acceptEssentialCookies, expect, expectNoAxeViolations, test } from './support/fixtures.ts';

const i18nRoot = join(import.meta.dirname, '..', 'src', 'shared', 'i18n', 'messages');

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value };
  return Object.entries(value as Record<string, unknown>).reduce<Record<string, string>>(
    (all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {},
  );
}

function messages(language: string): Record<string, string> {
  return readdirSync(join(i18nRoot, language))
    .filter((file) => file.endsWith('.json'))
    .reduce<Record<string, string>>((all, file) => ({ ...all, ...flatten(JSON.parse(readFileSync(join(i18nRoot, language, file), 'utf8'))) }), {});
}

/**
 * English phrases that must not show on a German page: the literal parts (between placeholders
 * and tags) of every English value that differs from its German one, longer than three words.
 */
const englishPhrases = (() => {
  const en = messages('en');
  const de = messages('de');
  const phrases = new Set<string>();
  for (const [key, value] of Object.entries(en)) {
    if (de[key] === value) continue;
    for (const part of value.split(/{{[^}]*}}|<[^>]*>/)) {
      const phrase = part.replace(/\s+/g, ' ').trim();
      if (phrase.split(' ').length > 3) phrases.add(phrase);
    }
  }
  return [...phrases];
})();

async function expectNoEnglish(page: Page) {
  const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
  expect(englishPhrases.filter((phrase) => text.includes(phrase))).toEqual([]);
}

const STEP_ANSWERS = {
  haveYouCompleted: 'yes',
  placeId: 'fixture:de:004',
  lat: 52.486617,
  lng: 13.454608,
  address: 'Friedrichstraße 153, 10117 Berlin, Deutschland',
  whereYouWork: 'Linden-Apotheke',
  services: 'Medikationsanalyse',
  email: 'anna@example.de',
  firstName: 'Anna',
  lastName: 'Müller',
  bodyOfRegistration: 'Apothekerkammer Berlin',
  professionalRegistrationNumber: '12345',
  isChecked: true,
};

/** Stores steps 1 and 2 as if the applicant had answered them. */
async function storeAnswers(page: Page) {
  await page.evaluate(
    (answers) =>
      sessionStorage.setItem(
        'pc.apply.de',
        JSON.stringify({ answers, meta: { certificate: { name: 'zertifikat.pdf', size: 1234, type: 'application/pdf' } } }),
      ),
    STEP_ANSWERS,
  );
}

test('the English phrases list is not empty (the check below means something)', () => {
  expect(englishPhrases.length).toBeGreaterThan(100);
  expect(englishPhrases).toContain('Before you can submit your application, you need to:');
});

for (const width of [1280, 390]) {
  test.describe(`German pages at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const path of ['/de/', '/de/thank-you', '/de/datenschutz', '/de/nutzungsbedingungen', '/de/impressum', '/de/no-such-page']) {
      test(`${path} has no axe violations and no English`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page);
        await expectNoEnglish(page);
        await acceptEssentialCookies(page);
        await expectNoAxeViolations(page);
        await expectNoEnglish(page);
      });
    }

    test('/de/form/1 has no axe violations and no English: empty, with the map, and with errors', async ({ page }) => {
      await page.goto('/de/form/1');
      await expect(page.locator('#email')).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoEnglish(page);
      await acceptEssentialCookies(page);
      // Offline map (no tile server): no consent to ask; it loads once near the viewport.
      await page.locator('#placeId').scrollIntoViewIfNeeded();
      await expect(page.locator('.leaflet-container')).toBeVisible();
      await page.getByText('Link zum späteren Fortfahren per E-Mail erhalten').click();
      await expectNoAxeViolations(page);
      await page.locator('#email').fill('keine e-mail');
      await page.getByRole('button', { name: 'Weiter' }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoEnglish(page);
    });

    test('/de/form/2 and /de/form/3 with answers have no axe violations and no English', async ({ page }) => {
      await page.goto('/de/form/1');
      await acceptEssentialCookies(page);
      await storeAnswers(page);
      await page.goto('/de/form/2');
      await expect(page.getByText('Schritt 2 von 3')).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoEnglish(page);

      await page.goto('/de/form/3');
      await expect(page.getByText('Schritt 3 von 3')).toBeVisible();
      // The bot check loads when the visitor gets near it.
      await page.locator('#recaptchaToken').scrollIntoViewIfNeeded();
      await expect(page.locator('altcha-widget')).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoEnglish(page);
      await page
        .locator('main form')
        .first()
        .evaluate((form: HTMLFormElement) => form.requestSubmit());
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoEnglish(page);
    });
  });
}
