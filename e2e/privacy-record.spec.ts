// The record of processing (issue 42 item 4): the main admin reads it at /admin/privacy in the page's
// language, and the privacy policy states the retention periods the server's settings give (also in
// the HTML the server renders). axe at desktop width and 390 px.
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolationsAtBothWidths, test } from './support/fixtures.ts';
import { createStaff, signInWithTotp } from './support/staff.ts';

const shots = process.env.SHOTS_DIR;
async function shoot(page: Page, name: string, at: Locator) {
  const dir = shots ?? test.info().outputPath();
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
  await at.evaluate((element) => element.scrollIntoView());
  await page.screenshot({ path: `${dir}/${name}-1280-at.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await at.evaluate((element) => element.scrollIntoView());
  await page.screenshot({ path: `${dir}/${name}-390-at.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the main admin reads the record of processing in Italian', async ({ page }) => {
  test.setTimeout(120_000);
  const admin = { email: `privacy.${Date.now() % 1_000_000}@example.it`, firstName: 'Paola', lastName: 'Registro', role: 'main_admin' as const };
  await createStaff(admin);
  await signInWithTotp(page, admin.email);

  await page.goto('/it/admin/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Registro dei trattamenti' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'applications.first_name' });
  await expect(row).toContainText('Finché la candidatura è aperta o pubblicata; 12 mesi dopo un rifiuto (RETENTION_REJECTED_MONTHS)');
  await expect(row).toContainText('Contratto o misure precontrattuali (art. 6, par. 1, lett. b)');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Registro dei trattamenti' })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
  await shoot(page, 'admin-privacy', page.getByRole('table').locator('caption'));
});

test('the privacy policy states the rejected applications period of the settings', async ({ page, baseURL }) => {
  const html = await (await fetch(`${baseURL}/uk/privacy-policy`, { headers: { accept: 'text/html' } })).text();
  expect(html).toContain('we keep your information for 12 months');
  await page.goto('/uk/privacy-policy#how-long-we-keep-your-information');
  await expect(page.getByText('we keep your information for 12 months', { exact: false })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
  await shoot(page, 'privacy-policy', page.getByText('we keep your information for 12 months', { exact: false }));
});
