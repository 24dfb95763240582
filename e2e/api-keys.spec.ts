// API keys of client apps (issue 38 item 5): the main admin issues a key through the form, sees it
// once, the public API takes it (limited by its quota, RateLimit-Policy "key"), then the admin
// revokes it and the API refuses it at once with problem details. axe at desktop width and 390 px.
import { expect, expectNoAxeViolationsAtBothWidths, test } from './support/fixtures.ts';
import { createStaff, signInWithTotp } from './support/staff.ts';

test('the main admin issues an API key, the public API takes it, and refuses it once revoked', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const admin = { email: `keys.${Date.now() % 1_000_000}@example.it`, firstName: 'Carla', lastName: 'Chiavi', role: 'main_admin' as const };
  await createStaff(admin);
  await signInWithTotp(page, admin.email);

  await page.goto('/uk/admin/api-keys');
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  await page.getByRole('link', { name: 'Issue an API key' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Issue an API key' })).toBeVisible();
  const appName = `Patient app iOS ${Date.now() % 10_000}`;
  await page.getByRole('textbox', { name: /Name of the app/ }).fill(appName);
  await page.getByRole('textbox', { name: /Quota/ }).fill('120');
  await page.locator('button[type=submit]').click();

  await expect(page.getByRole('heading', { level: 2, name: `The key for ${appName}` })).toBeVisible();
  const key = (await page.getByTestId('issued-api-key').innerText()).trim();
  expect(key).toMatch(/^pc_[A-Za-z0-9_-]{43}$/);
  await page.screenshot({ path: test.info().outputPath('api-keys-issued-1280.png'), fullPage: true });
  await expectNoAxeViolationsAtBothWidths(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('api-keys-issued-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  const search = `${baseURL}/api/v1/finder/search?market=uk&lat=53.4&lng=-2.99`;
  const withKey = await fetch(search, { headers: { 'x-api-key': key } });
  expect(withKey.status).toBe(200);
  expect(withKey.headers.get('ratelimit-policy')).toMatch(/^"key";q=120;w=60$/);

  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByTestId('issued-api-key')).toHaveCount(0);
  await page.getByRole('button', { name: `Revoke ${appName}` }).click();
  await page.getByRole('button', { name: 'Revoke the key' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${appName}` })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('api-keys-list-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('api-keys-list-390.png'), fullPage: true });

  const revoked = await fetch(search, { headers: { 'x-api-key': key } });
  expect(revoked.status).toBe(401);
  expect(revoked.headers.get('content-type')).toMatch(/^application\/problem\+json/);
});
