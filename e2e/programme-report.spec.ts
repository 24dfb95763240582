// The programme report and the audit export (issue 41 items 3 and 4) in a real browser: the main
// admin reaches the report from the review desk's navigation, reads it in Italian (a chart over
// each market's table), downloads its CSV; downloads the activity log of today from the log page's
// form; both downloads are then in the log. axe at desktop width and 390 px; screenshots of both.
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, expectNoAxeViolationsAtBothWidths, test } from './support/fixtures.ts';
import { createStaff, signInWithTotp } from './support/staff.ts';

const SHOTS = '/tmp/shots-programme';

test('the main admin reads the programme report, downloads it and the activity log, and both downloads are logged', async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const admin = { email: `programme.${Date.now() % 1_000_000}@example.it`, firstName: 'Paola', lastName: 'Programma', role: 'main_admin' as const };
  await createStaff(admin);
  await signInWithTotp(page, admin.email);

  await page.goto('/it/admin/activity');
  await page.getByRole('navigation', { name: 'Revisione candidature' }).getByRole('link', { name: 'Report del programma' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Report del programma' })).toBeVisible();
  const uk = page.getByRole('table', { name: 'Regno Unito: dati mese per mese' });
  await expect(uk).toBeVisible();
  await expect(uk.getByRole('columnheader', { name: 'Schede attive a fine mese' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Regno Unito: candidature inviate/ })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
  await page.screenshot({ path: `${SHOTS}/programme-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/programme-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  const [programme] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Scarica il CSV' }).click()]);
  const programmeCsv = readFileSync((await programme.path())!, 'utf8');
  expect(programmeCsv.split('\r\n')[0]).toMatch(/^\uFEFFMercato;Mese;Inviate;/);

  await page.goto('/uk/admin/activity');
  const today = new Date().toISOString().slice(0, 10);
  const form = page.getByRole('group', { name: 'Download the log' });
  await form.getByLabel('From (day)').fill(today);
  await form.getByLabel('To (day)').fill(today);
  await expectNoAxeViolationsAtBothWidths(page);
  await page.screenshot({ path: `${SHOTS}/activity-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/activity-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  const [activity] = await Promise.all([page.waitForEvent('download'), form.getByRole('button', { name: 'Download CSV' }).click()]);
  const activityCsv = readFileSync((await activity.path())!, 'utf8');
  expect(activityCsv).toContain('Programme report downloaded');

  await page.reload();
  const log = page.getByRole('table', { name: /entries, newest first/ });
  await expect(log.getByRole('cell', { name: 'Activity log downloaded' })).toBeVisible();
  await expect(log.getByRole('cell', { name: 'Programme report downloaded' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/activity-logged-1280.png`, fullPage: true });
});
