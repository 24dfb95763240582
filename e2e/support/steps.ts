// Helpers for the three-step form (/form/1..3): keyboard steps, quick fills, files, and the
// inspection server's stored applications, files and mail.
import type { Page } from '@playwright/test';
import { solvedTokensFrom } from '../../src/server/test/bot-check.ts';
import { acceptEssentialCookies, expect, fileWith, tabTo } from './fixtures.ts';

const inspectionUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

export interface StoredFile {
  id: string;
  kind: 'photo' | 'certificate';
  storageName: string;
  mime: string;
  bytes: number;
  applicationId: string | null;
}

export interface StoredMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

export async function storedFiles(): Promise<StoredFile[]> {
  return (await (await fetch(`${inspectionUrl}/files`)).json()) as StoredFile[];
}

/** The outbox, newest first. */
export async function storedMail(): Promise<StoredMail[]> {
  return (await (await fetch(`${inspectionUrl}/mail`)).json()) as StoredMail[];
}

/**
 * The applicant's edit token as they get it (the database keeps only its hash): "e-mail me a link"
 * (POST /api/update-link), then the link in the e-mail. Each request mints a fresh token.
 */
export async function editTokenByMail(email: string, basePath: string): Promise<string> {
  const baseUrl = `http://localhost:${Number(process.env.E2E_PORT ?? 3100)}`;
  const before = new Set((await storedMail()).filter((m) => m.to === email).map((m) => m.id));
  const [recaptchaToken] = await solvedTokensFrom(baseUrl, 1);
  const asked = await fetch(`${baseUrl}/api/update-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, basePath, recaptchaToken }),
  });
  expect(asked.status).toBe(200);
  let token: string | undefined;
  await expect
    .poll(
      async () =>
        (token = (await storedMail())
          .filter((m) => m.to === email && !before.has(m.id))
          .map((m) => /\/pharmacist\/edit\/([A-Za-z0-9_-]+)/.exec(m.text)?.[1])
          .find(Boolean)),
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return token!;
}

/** A small but real PDF: one empty A4 page (the server parses it and refuses one without pages). */
export function certificatePdf(name = 'zertifikat.pdf'): string {
  return fileWith(
    name,
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );
}

export async function typeInto(page: Page, selector: string, text: string) {
  await tabTo(page, selector);
  await page.keyboard.type(text);
}

export async function tick(page: Page, selector: string) {
  await tabTo(page, selector);
  await page.keyboard.press('Space');
  await expect(page.locator(selector)).toBeChecked();
}

export async function solveBotCheck(page: Page) {
  await tabTo(page, 'altcha-widget input[type=checkbox]');
  await page.keyboard.press('Space');
  await expect(page.locator('input[name=recaptchaToken]')).not.toHaveValue('', { timeout: 20_000 });
}

export async function solveBotCheckQuickly(page: Page) {
  await page.locator('altcha-widget input[type=checkbox]').press('Space');
  await expect(page.locator('input[name=recaptchaToken]')).not.toHaveValue('', { timeout: 20_000 });
}

/** Picks a place from the search by keyboard. */
export async function choosePlace(page: Page, query: string, name: RegExp) {
  await typeInto(page, '#placeId', query);
  await expect(page.locator('#placeId-listbox [role=option]', { hasText: name }).first()).toBeVisible();
  const options = await page.locator('#placeId-listbox [role=option]').allTextContents();
  const index = options.findIndex((text) => name.test(text));
  for (let i = 0; i <= index; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.locator('input[name=placeId]')).not.toHaveValue('');
}

export interface Applicant {
  email: string;
  registrationNumber: string;
}

/** Fills step 1 of the German form with the mouse-free quick API (not the keyboard journey). */
export async function fillStep1(page: Page, who: Applicant, { certificate = certificatePdf(), chamber = 'Apothekerkammer Berlin' } = {}) {
  await page.locator('#haveYouCompleted').check();
  await page.locator('input[type=file]#file').setInputFiles(certificate);
  await page.locator('#placeId').fill('Friedrichstraße');
  await page.locator('#placeId-listbox [role=option]', { hasText: 'Linden-Apotheke' }).click();
  await expect(page.locator('input[name=placeId]')).toHaveValue('fixture:de:004');
  await page.locator('#whereYouWork').fill('Linden-Apotheke');
  await page.locator('#services').fill('Medikationsanalyse');
  await page.locator('#email').fill(who.email);
  await page.locator('#firstName').fill('Anna Lena');
  await page.locator('#lastName').fill('Müller');
  await page.locator('#bodyOfRegistration').selectOption(chamber);
  await page.locator('#professionalRegistrationNumber').fill(who.registrationNumber);
}

export async function next(page: Page, step: number) {
  await page.locator('.pc-steps-page__nav button[type=submit]').click();
  await expect(page).toHaveURL(new RegExp(`/form/${step}(\\?|$)`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Ticks what step 3 needs and solves the bot check (not by keyboard). */
export async function completeStep3(page: Page, source = '#howDidYouFindAboutTheProgram') {
  await page.locator(source).check();
  for (const n of [1, 2, 3, 4, 5]) await page.locator(`#agreementCheck${n}`).check();
  await solveBotCheckQuickly(page);
}

/** A German applicant applies through the three steps (cookies accepted first), up to the thank-you page. */
export async function applyInGermany(page: Page, who: Applicant) {
  await page.goto('/de/form/1');
  await acceptEssentialCookies(page);
  await fillStep1(page, who);
  await next(page, 2);
  await page.locator('#isChecked').check();
  await next(page, 3);
  await completeStep3(page);
  await page.getByRole('button', { name: 'Bewerbung absenden' }).click();
  await expect(page).toHaveURL(/\/de\/thank-you$/);
}
