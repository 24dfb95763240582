// The area manager's pages in Italian (issue 12): sign in, add a rep, add a pharmacy (both
// parts), find it in the list, view and edit it, export the CSV; every /areamanager page has no
// axe violations at desktop width and at 390 px.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { acceptEssentialCookies, expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { choosePlace, solveBotCheckQuickly } from './support/steps.ts';

const inspectionUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;
const stamp = Date.now() % 1_000_000;

async function createStaff(input: { email: string; firstName: string; lastName: string; role: string }) {
  const res = await fetch(`${inspectionUrl}/staff`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) });
  expect(res.ok).toBe(true);
}

async function signInLinkFor(email: string, after: number): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const rows = (await (await fetch(`${inspectionUrl}/mail`)).json()) as { to: string; text: string; createdAt: string }[];
      const mail = rows.find((row) => row.to.includes(email) && new Date(row.createdAt).getTime() >= after && /signin\/verify/.test(row.text));
      link = /https?:\/\/\S+\/signin\/verify\?token=[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

async function signIn(page: Page, email: string) {
  const since = Date.now() - 1000;
  await page.goto('/it/signin');
  await acceptEssentialCookies(page);
  await page.getByRole('textbox', { name: 'Indirizzo email' }).fill(email);
  await page.getByRole('button', { name: 'Invia il link di accesso' }).click();
  const link = new URL(await signInLinkFor(email, since));
  await page.goto(link.pathname + link.search);
  await page.getByRole('button', { name: 'Accedi' }).click();
}

/** Axe at 1280 px and at 390 px on the page as it is now. */
async function checkBothWidths(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an area manager adds a rep and a pharmacy, finds, views and edits it, and exports the CSV; no axe violations', async ({ page }) => {
  test.setTimeout(180_000);
  const manager = { email: `am.e2e.${stamp}@example.it`, firstName: 'Anna', lastName: 'Rossi', role: 'area_manager' };
  await createStaff(manager);
  await signIn(page, manager.email);
  await expect(page).toHaveURL(/\/it\/areamanager\/home\/[0-9a-f-]{36}$/);
  const home = new URL(page.url()).pathname;
  await expect(page.getByText('Nessuna farmacia trovata')).toBeVisible();
  await checkBothWidths(page);

  // Add a rep.
  await page.getByRole('link', { name: 'Aggiungi un informatore' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aggiungi un informatore' })).toBeVisible();
  await checkBothWidths(page);
  await page.locator('#email').fill(`rep.e2e.${stamp}@example.it`);
  await page.locator('#firstName').fill('Luca');
  await page.locator('#lastName').fill('Bianchi');
  await page.getByRole('button', { name: "Aggiungi l'informatore" }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Salvato' })).toBeVisible();
  await checkBothWidths(page);
  await page.getByRole('link', { name: 'Indietro' }).click();
  await expect(page).toHaveURL(new RegExp(`${home}$`));

  // Add a pharmacy: screen 7, then screen 3.
  await page.getByRole('link', { name: 'Aggiungi una farmacia' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'La farmacia' })).toBeVisible();
  await page.locator('#salesRep').selectOption({ label: 'Luca Bianchi' });
  await choosePlace(page, 'Roma', /San Lorenzo/);
  await page.locator('#whereYouWork').fill('Farmacia “Più” San Lorenzo');
  await page.locator('#city').fill('Roma');
  await expect(page.locator('#prov')).toHaveValue('RM');
  await checkBothWidths(page);
  await page.getByRole('button', { name: 'Avanti' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Il farmacista' })).toBeVisible();
  await expect(page).toHaveURL(/\/areamanager\/form\/[0-9a-f-]{36}\/2$/);
  await page.locator('#email').fill(`titolare.${stamp}@example.it`);
  await page.locator('#firstName').fill('Maria');
  await page.locator('#lastName').fill('Verdi');
  await page.locator('#professionalRegistrationNumber').fill('12345');
  await page.locator('input[name=haveYouCompleted][value=yes]').check();
  for (const name of ['agreementCheck1', 'agreementCheck2', 'agreementCheck3']) await page.locator(`#${name}`).check();
  await page.locator('#recaptchaToken').scrollIntoViewIfNeeded();
  await solveBotCheckQuickly(page);
  await checkBothWidths(page);
  await page.getByRole('button', { name: 'Aggiungi la farmacia' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Salvato' })).toBeVisible();

  // The list finds it by city, and the view and edit pages open.
  await page.goto(`/it${home.replace(/^\/it/, '')}`);
  await page.getByRole('searchbox', { name: 'Nome della farmacia o città' }).fill('roma');
  await page.getByRole('button', { name: 'Cerca' }).click();
  await expect(page.locator('.staff-list__name', { hasText: 'Farmacia “Più” San Lorenzo' })).toBeVisible();
  await checkBothWidths(page);
  await page.getByRole('link', { name: /^Vedi Farmacia/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Farmacia “Più” San Lorenzo' })).toBeVisible();
  await expect(page.getByText('Non è ancora stata registrata alcuna visita.')).toBeVisible();
  await checkBothWidths(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Farmacia “Più” San Lorenzo' })).toBeVisible();
  await page.getByRole('link', { name: 'Modifica i dati' }).click();
  await expect(page.locator('#salesRep')).toHaveValue(/[0-9a-f-]{36}/);
  await checkBothWidths(page);

  // The CSV export downloads a dated file with the pharmacy in it.
  await page.goto(home);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Esporta CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^pharmacies-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await file.path())!, 'utf8');
  expect(text).toContain('Farmacia “Più” San Lorenzo');

  // The legal pages under /areamanager.
  for (const path of ['/it/areamanager/privacy-policy', '/it/areamanager/terms-and-conditions']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await checkBothWidths(page);
  }
});
