// Who saw whom (issue 42 item 5) in a real browser: the main admin opens a field pharmacy; the
// activity log then shows the view, naming them and the pharmacy.
import { mkdirSync } from 'node:fs';
import { expect, expectNoAxeViolationsAtBothWidths, test } from './support/fixtures.ts';
import { repWithPharmacies } from './support/rep.ts';
import { createStaff, signInWithTotp } from './support/staff.ts';

const SHOTS = '/tmp/shots-access-log';

test("the main admin's view of a field pharmacy is in the activity log", async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const { ids } = await repWithPharmacies(['Farmacia Vista']);
  const admin = { email: `accesslog.${Date.now() % 1_000_000}@example.it`, firstName: 'Marta', lastName: 'Vigile', role: 'main_admin' as const };
  await createStaff(admin);
  await signInWithTotp(page, admin.email);

  await page.goto(`/it/areamanager/view?id=${ids.get('Farmacia Vista')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Farmacia Vista' })).toBeVisible();
  await expect(page.getByText('Via del Corso 10, 00186 Roma RM')).toBeVisible();

  await page.goto('/uk/admin/activity');
  const log = page.getByRole('table', { name: /newest first/ });
  const view = log.getByRole('row').filter({ hasText: 'Field pharmacy opened' }).filter({ hasText: 'Farmacia Vista' });
  await expect(view).toBeVisible();
  await expect(view).toContainText('Marta Vigile');
  await expectNoAxeViolationsAtBothWidths(page);
  await page.screenshot({ path: `${SHOTS}/activity-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/activity-390.png`, fullPage: true });
});
