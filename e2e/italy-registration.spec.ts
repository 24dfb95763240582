// An Italian pharmacist applies on the Italian single-page form (spec §2 screen 2, Italian variant;
// §8 Italian duplicate message), and no English is visible on the Italian public pages.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { acceptEssentialCookies, expect, storedApplications, tabTo, test, tick, typeInto, uniqueApplicant } from './support/fixtures.ts';

test('an Italian pharmacist applies at /it by keyboard alone and reaches the Italian thank-you page', async ({ page }) => {
  const who = uniqueApplicant('tastiera');
  const number = who.registrationNumber.slice(0, 5);
  await page.goto('/it/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it-IT');

  await tabTo(page, page.getByRole('button', { name: 'Ho capito' }));
  await page.keyboard.press('Enter');
  await tabTo(page, 'a.button[href$="/form"]');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/it\/form$/);
  await expect(page).toHaveTitle('Pharmacy Champions Italia');

  await typeInto(page, '#email', who.email);
  await typeInto(page, '#firstName', 'Maria Grazia');
  await typeInto(page, '#lastName', "D'Angelo");
  await tabTo(page, '#bodyOfRegistration');
  await expect(page.locator('#bodyOfRegistration')).toHaveValue('Italia (AIFA)');
  await typeInto(page, '#professionalRegistrationNumber', number);
  await tabTo(page, 'input[name=areYouLocum]');
  await page.keyboard.press('ArrowRight'); // Sì -> No
  await expect(page.locator('#areYouLocum-no')).toBeChecked();
  await tabTo(page, 'input[name=whereDidYouFindOutAboutUs]');
  await page.keyboard.press('Space');
  await expect(page.locator('#whereDidYouFindOutAboutUs')).toBeChecked();

  await typeInto(page, '#placeId', 'Pantheon');
  await expect(page.getByRole('option', { name: /Farmacia del Pantheon/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.locator('input[name=placeId]')).toHaveValue('fixture:it:002');
  await expect(page.locator('#whereYouWork')).toHaveValue('Farmacia del Pantheon'); // the chosen result's name
  await typeInto(page, '#services', 'Misurazione della pressione, <b>autoanalisi</b>');
  await tick(page, '#isChecked');
  await tick(page, '#haveYouCompleted'); // Sì: Oncodemia completed
  await typeInto(page, '#anythingElseAboutYou', 'Parlo italiano e inglese.');
  for (const n of [1, 2, 3, 4, 5]) await tick(page, `#agreementCheck${n}`);
  await tabTo(page, 'altcha-widget input[type=checkbox]');
  await page.keyboard.press('Space');
  await expect(page.locator('input[name=recaptchaToken]')).not.toHaveValue('', { timeout: 20_000 });

  await tabTo(page, 'button[type=submit]');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/it\/thank-you$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grazie');
  await expect(page.getByText('La Sua domanda è stata inviata.')).toBeVisible();

  const [stored] = (await storedApplications()).filter((a) => a.email === who.email);
  expect(stored).toBeDefined();
  expect(stored!.answers).toMatchObject({
    email: who.email,
    firstName: 'Maria Grazia',
    lastName: "D'Angelo",
    bodyOfRegistration: 'Italia (AIFA)',
    professionalRegistrationNumber: number,
    areYouLocum: 'no',
    whereDidYouFindOutAboutUs: 'email',
    placeId: 'fixture:it:002',
    whereYouWork: 'Farmacia del Pantheon',
    services: 'Misurazione della pressione, autoanalisi',
    haveYouCompleted: 'yes',
    anythingElseAboutYou: 'Parlo italiano e inglese.',
    isChecked: true,
    agreementCheck5: true,
    appStoreCountry: 'it',
    formLanguage: 'it',
  });
  expect(stored!.answers).not.toHaveProperty('additionalTrainingNotes');
});

async function fillItalianForm(page: Page, who: { email: string; registrationNumber: string }) {
  await page.locator('#email').fill(who.email);
  await page.locator('#firstName').fill('Luca');
  await page.locator('#lastName').fill('Bianchi');
  await page.locator('#professionalRegistrationNumber').fill(who.registrationNumber.slice(0, 5));
  await page.locator('#areYouLocum').check();
  await page.locator('#whereDidYouFindOutAboutUs-colleague').check();
  await page.locator('#placeId').fill('Trastevere');
  await page.getByRole('option').first().click();
  await page.locator('#whereYouWork').fill('Farmacia Trastevere');
  await page.locator('#isChecked').check();
  await page.locator('#haveYouCompleted-no').check();
  for (const n of [1, 2, 3, 4, 5]) await page.locator(`#agreementCheck${n}`).check();
  await page.locator('altcha-widget input[type=checkbox]').press('Space');
  await expect(page.locator('input[name=recaptchaToken]')).not.toHaveValue('', { timeout: 20_000 });
}

test('the same e-mail again is refused with the Italian message', async ({ page }) => {
  const first = uniqueApplicant('doppio');
  await page.goto('/it/form');
  await acceptEssentialCookies(page);
  await fillItalianForm(page, first);
  await page.getByRole('button', { name: 'Invia la domanda' }).click();
  await expect(page).toHaveURL(/\/it\/thank-you$/);

  await page.goto('/it/form');
  await fillItalianForm(page, { email: first.email, registrationNumber: uniqueApplicant('altro').registrationNumber });
  await page.getByRole('button', { name: 'Invia la domanda' }).click();
  const summary = page.getByRole('alert');
  await expect(summary.getByRole('link', { name: 'Indirizzo email: Spiacente, questa email è già registrata.' })).toBeVisible();
  await expect(page.locator('#email-error')).toContainText('Spiacente, questa email è già registrata.');
  await expect(page).toHaveTitle('Errore: Pharmacy Champions Italia');
});

// ---- No English on Italian pages -----------------------------------------------------------

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
 * English texts that an Italian page must never show: every English message that differs from
 * its Italian one, cut at placeholders and markup, keeping the pieces of more than three words.
 */
function englishTexts(): string[] {
  const en = messages('en');
  const it = messages('it');
  const texts = new Set<string>();
  for (const [key, value] of Object.entries(en)) {
    if (it[key] === value) continue;
    for (const piece of value.split(/{{[^}]*}}|<[^>]*>/)) {
      const text = piece
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^[,.;:–-]\s*/, '');
      if (text.split(' ').filter(Boolean).length > 3) texts.add(text);
    }
  }
  return [...texts];
}

const ENGLISH = englishTexts();

for (const path of ['/it/', '/it/form', '/it/thank-you', '/it/privacy-policy', '/it/terms-and-conditions']) {
  test(`${path} shows no English`, async ({ page }) => {
    expect(ENGLISH.length).toBeGreaterThan(50);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (path === '/it/form') {
      // The map and the bot check load when the visitor gets near them: bring both in.
      await page.locator('#recaptchaToken').scrollIntoViewIfNeeded();
      await expect(page.locator('altcha-widget')).toBeAttached({ timeout: 15_000 });
      await page.locator('.pc-map').first().scrollIntoViewIfNeeded();
      await expect(page.locator('.leaflet-container')).toBeVisible();
    }
    const check = async () => {
      const visible = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
      expect(ENGLISH.filter((text) => visible.includes(text))).toEqual([]);
    };
    await check();
    if (path === '/it/form') {
      // With the error summary and every inline message showing.
      await page.locator('main form').evaluate((form: HTMLFormElement) => form.requestSubmit());
      await expect(page.getByRole('alert').first()).toBeVisible();
      await check();
    }
  });
}
