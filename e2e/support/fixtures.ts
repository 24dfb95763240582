// Playwright fixtures: the stored data as the server holds it, keyboard helpers, and files.
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { CONSENT_COOKIES } from '../../src/shared/limits.ts';

const inspectionUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

export interface StoredApplication {
  id: string;
  /** SHA-256 of the edit link's token; the token itself is only in the e-mails (docs/decisions/0042). */
  editTokenHash: string;
  email: string;
  firstName: string;
  lastName: string;
  registrationNumber: string;
  placeId: string;
  /** Its finder listing's public id (never the application's id). */
  listingId: string;
  photo: string | null;
  answers: Record<string, unknown>;
}

/** Applications as stored, newest first. */
export async function storedApplications(): Promise<StoredApplication[]> {
  const res = await fetch(`${inspectionUrl}/applications`);
  return (await res.json()) as StoredApplication[];
}

/** Sets an application's status as a reviewer's decision would (the review desk is another branch's). */
export async function decideApplication(id: string, status: 'approved' | 'rejected' | 'deactivated') {
  const res = await fetch(`${inspectionUrl}/applications/status`, { method: 'POST', body: JSON.stringify({ id, status }) });
  if (!res.ok) throw new Error(`status change failed: ${res.status}`);
}

/** Presses Tab until one of the elements `target` names has focus; fails if none is ever reached. */
export async function tabTo(page: Page, target: string | Locator, { max = 120, backwards = false } = {}) {
  const locator = typeof target === 'string' ? page.locator(target) : target;
  const focused = () =>
    locator.evaluateAll((elements) => elements.some((el) => el === document.activeElement || el.shadowRoot?.activeElement === document.activeElement));
  for (let i = 0; i < max; i++) {
    if (await focused()) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Could not reach ${String(target)} with the keyboard`);
}

/** Unique enough values for one test run. */
export function uniqueApplicant(tag: string) {
  const n = Date.now() % 10_000_000;
  return {
    email: `${tag}.${n}@example.org`,
    registrationNumber: String(1_000_000 + ((n * 7 + tag.length * 131) % 8_999_999)).slice(0, 7),
  };
}

const tmp = mkdtempSync(join(tmpdir(), 'champions-e2e-files-'));

/** A small JPEG that carries GPS EXIF, as phones write them. */
export async function jpegWithGps(): Promise<string> {
  const file = join(tmp, 'portrait.jpg');
  const jpeg = await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 120, g: 60, b: 140 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Phone 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '53/1 24/1 30/1', GPSLongitudeRef: 'W', GPSLongitude: '2/1 59/1 0/1' },
    })
    .toBuffer();
  writeFileSync(file, jpeg);
  return file;
}

export function fileWith(name: string, content: Buffer | string): string {
  const file = join(tmp, name);
  writeFileSync(file, content);
  return file;
}

/** Closes the cookie notice with "essential only", waiting for it unless the visitor already answered it. */
export async function acceptEssentialCookies(page: Page) {
  const answered = (await page.context().cookies()).some((cookie) => cookie.name === CONSENT_COOKIES.noticeClosed);
  if (answered) return;
  // The notice's single acknowledgement, or declining the one optional category (the German map).
  await page.getByRole('button', { name: /^(got it|ho capito|verstanden|decline|rifiuta|ablehnen)$/i }).click();
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Axe at 1280 px and at 390 px on the page as it is now, and nothing wider than the phone's screen; back to 1280 px after. */
export async function expectNoAxeViolationsAtBothWidths(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Until React has taken over a server-rendered page (decision 0039), a press is held back and
 * replayed, and text typed is carried over; a test that means to act before that says so
 * (`waitUntil: 'commit'` or 'domcontentloaded'). Every other visit waits until React holds the page
 * and a form on it has started, so that no test races the hydration.
 */
async function scriptsTookOver(page: Page) {
  const tookOver = () => {
    const root = document.getElementById('root');
    if (!root) return true; // not a page of the app (a file, an API answer)
    // A form is live once its runner has started (form-page.tsx data-live).
    return Object.keys(root).some((key) => key.startsWith('__reactContainer')) && !root.querySelector('.pc-registration > form:not([data-live])');
  };
  await expect.poll(() => page.evaluate(tookOver).catch(() => false)).toBe(true);
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (!javaScriptEnabled) return use(page);
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const waits = (options?: { waitUntil?: string }) => !options?.waitUntil || options.waitUntil === 'load' || options.waitUntil === 'networkidle';
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (waits(options)) await scriptsTookOver(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      if (waits(options)) await scriptsTookOver(page);
      return response;
    };
    await use(page);
  },
});
export { expect };

/**
 * Opens a file input's chooser from the keyboard (Tab to it, Space) and picks `file`. Under a
 * loaded machine a lazily loaded part of the page can take focus just before the key press,
 * so the key press is tried again (at most three times) after tabbing back to the input.
 */
export async function chooseFileByKeyboard(page: Page, selector: string, file: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await tabTo(page, selector);
    const chooser = page.waitForEvent('filechooser', { timeout: 5_000 }).catch(() => null);
    await page.keyboard.press('Space');
    const opened = await chooser;
    if (opened) return opened.setFiles(file);
  }
  throw new Error(`No file chooser opened from ${selector} by keyboard`);
}

/** Tabs to a text field and types into it. */
export async function typeInto(page: Page, selector: string, text: string) {
  await tabTo(page, selector);
  await page.keyboard.type(text);
}

/** Tabs to a checkbox or radio and ticks it with Space. */
export async function tick(page: Page, selector: string) {
  await tabTo(page, selector);
  await page.keyboard.press('Space');
  await expect(page.locator(selector)).toBeChecked();
}
