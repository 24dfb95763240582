// The manager's reps in Italian (issue 24 item 4): a rep records a visit; the manager opens the reps
// page from their home, sees each rep's counts, disables the rep (after a confirmation), whose next
// request sends them to sign-in, sees their pharmacies with no rep, moves all of them to another
// rep and enables the first again. The page has no axe violations at 1280 and 390 px.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { acceptEssentialCookies, expect, expectNoAxeViolationsAtBothWidths, test } from './support/fixtures.ts';
import { openPharmacy, saveVisit } from './support/rep.ts';
import { signIn } from './support/staff.ts';

const inspectionUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

async function inspect<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${inspectionUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.ok, `${path}: ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

/** Opens one of the home page's folded parts: the reps and CSV exports, or the search. */
const unfold = (page: Page, summary: string) => page.locator('summary', { hasText: summary }).click();

/** A place of its own for each pharmacy (a place belongs to one field pharmacy), around Rome. */
const placeNear = (n: number) => ({ placeId: `manual:${randomBytes(16).toString('hex')}`, lat: 41.89 + n / 1000, lng: 12.49 + n / 1000 });

/** The rep signs in with a one-time link in their own browser, and lands on their list. */
async function repSignsIn(page: Page, email: string) {
  const { link } = await inspect<{ link: string }>('/staff-link', { email });
  const url = new URL(link);
  await page.goto(url.pathname + url.search);
  await acceptEssentialCookies(page);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Le Sue farmacie' })).toBeVisible();
}

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: new RegExp(`^${name}`) }) });

test('the manager sees their reps with counts, disables one (their session ends), moves their pharmacies to another rep and enables them again', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const tag = `${Date.now() % 1_000_000}`;
  const manager = `am.reps.${tag}@example.it`;
  const luca = `luca.${tag}@example.it`;
  const sara = `sara.${tag}@example.it`;
  await inspect('/staff', { email: manager, firstName: 'Anna', lastName: 'Rossi', role: 'area_manager' });
  await inspect('/staff', { email: luca, firstName: 'Luca', lastName: 'Bianchi', role: 'sales_rep', areaManagerEmail: manager });
  await inspect('/staff', { email: sara, firstName: 'Sara', lastName: 'Conti', role: 'sales_rep', areaManagerEmail: manager });
  const pharmacies = [
    { name: `Farmacia Aurora ${tag}`, repEmail: luca },
    { name: `Farmacia Borgo ${tag}`, repEmail: luca },
    { name: `Farmacia Colle ${tag}`, repEmail: sara },
  ];
  for (const [n, pharmacy] of pharmacies.entries()) {
    await inspect('/field-pharmacies', {
      areaManagerEmail: manager,
      repEmail: pharmacy.repEmail,
      name: pharmacy.name,
      fullAddress: `Via del Corso ${n + 1}, 00186 Roma RM`,
      place: placeNear(n),
    });
  }

  await signIn(page, manager);
  await expect(page).toHaveURL(/\/it\/areamanager\/home\/[0-9a-f-]{36}$/);

  // Luca records a visit on his phone.
  const repContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const repPage = await repContext.newPage();
  await repSignsIn(repPage, luca);
  await openPharmacy(repPage, `Farmacia Aurora ${tag}`);
  await repPage.getByRole('radio', { name: 'Appuntamento fissato' }).check();
  await repPage.getByRole('combobox', { name: 'Mese della visita' }).selectOption('6');
  await saveVisit(repPage);

  // The manager opens the reps page from their home.
  await page.reload();
  await unfold(page, 'Informatori ed esportazioni CSV');
  await page.getByRole('link', { name: 'Informatori', exact: true }).click();
  await expect(page).toHaveURL(/\/it\/areamanager\/reps\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'I Suoi informatori' })).toBeVisible();
  const table = page.getByRole('table', { name: '2 informatori' });
  await expect(table).toBeVisible();
  const today = new Intl.DateTimeFormat('it', { dateStyle: 'medium' }).format(new Date());
  // Name and e-mail, pharmacies, visits this week, this month, joins this month, last visit.
  await expect(rowOf(page, 'Luca Bianchi').getByRole('cell')).toHaveText([`Luca Bianchi, E-mail: ${luca}`, '2', '1', '1', '0', today, /Disattiva/]);
  await expect(rowOf(page, 'Sara Conti').getByRole('cell')).toHaveText([`Sara Conti, E-mail: ${sara}`, '1', '0', '0', '0', 'Nessuna', /Disattiva/]);
  await expect(page.getByRole('checkbox', { name: 'Riepilogo giornaliero delle adesioni via e-mail' })).toBeChecked();
  await expectNoAxeViolationsAtBothWidths(page);

  // Disable Luca: a confirmation first; then his session ends.
  await rowOf(page, 'Luca Bianchi').getByRole('button', { name: 'Disattiva Luca Bianchi' }).click();
  const confirm = page.getByRole('group', { name: 'Disattivare l’account di Luca Bianchi?' });
  await expect(confirm).toContainText('Le 2 farmacie assegnate resteranno senza informatore');
  await expectNoAxeViolationsAtBothWidths(page);
  await confirm.getByRole('button', { name: 'Sì, disattiva' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'L’account di Luca Bianchi è disattivato' })).toBeVisible();
  await expect(rowOf(page, 'Luca Bianchi').getByRole('cell').first()).toHaveText(/^Luca Bianchi \(account disattivato\)/);
  await repPage.reload();
  await expect(repPage).toHaveURL(/\/it\/signin/);
  await repContext.close();

  // His pharmacies show no rep on the manager's list.
  await page.getByRole('link', { name: 'Torna alle farmacie' }).click();
  await unfold(page, 'Cerca farmacie');
  await page.getByRole('searchbox', { name: 'Nome della farmacia o città' }).fill(`Aurora ${tag}`);
  await page.getByRole('button', { name: 'Cerca' }).click();
  const aurora = page
    .getByRole('list', { name: 'Farmacie' })
    .getByRole('listitem')
    .filter({ hasText: `Farmacia Aurora ${tag}` });
  await expect(aurora).toContainText('Informatore: Nessun informatore');

  // Move all of Luca's pharmacies to Sara.
  await page.goBack();
  await unfold(page, 'Informatori ed esportazioni CSV');
  await page.getByRole('link', { name: 'Informatori', exact: true }).click();
  await rowOf(page, 'Luca Bianchi').getByRole('button', { name: 'Sposta le farmacie di Luca Bianchi' }).click();
  const move = page.getByRole('form', { name: 'Sposta le 2 farmacie di Luca Bianchi' });
  const choice = move.getByRole('combobox', { name: 'Assegna le 2 farmacie di Luca Bianchi a' });
  await expect(choice.getByRole('option')).toHaveText(['Scelga un informatore', 'Sara Conti']);
  await choice.selectOption({ label: 'Sara Conti' });
  await expectNoAxeViolationsAtBothWidths(page);
  await move.getByRole('button', { name: 'Sposta' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 farmacie spostate da Luca Bianchi. Nuovo informatore: Sara Conti.' })).toBeVisible();
  await expect(rowOf(page, 'Sara Conti').getByRole('cell').nth(1)).toHaveText('3');
  await expect(rowOf(page, 'Luca Bianchi').getByRole('cell').nth(1)).toHaveText('0');

  // Enable Luca again.
  await rowOf(page, 'Luca Bianchi').getByRole('button', { name: 'Riattiva Luca Bianchi' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'L’account di Luca Bianchi è di nuovo attivo' })).toBeVisible();
  await expect(rowOf(page, 'Luca Bianchi').getByRole('cell').first()).toHaveText(`Luca Bianchi, E-mail: ${luca}`);
  await expectNoAxeViolationsAtBothWidths(page);
});
