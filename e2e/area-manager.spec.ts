// The field force's journey in Italian (issue 12): an area manager signs in, adds a rep, adds a
// pharmacy assigned to that rep (both parts), finds it in the list, views and edits it, exports
// the CSV; the rep signs in, records 'interested but requires another visit', later
// 'joined_unify' with two more pharmacists, and finds it all again; the manager's view shows both
// visits newest first, and the readable CSV of the day's visits is in Italian. Every
// /areamanager page has no axe violations at 1280 and 390 px.
import { readFileSync } from 'node:fs';
import { fieldMonth } from '../src/shared/field-clock.ts';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolationsAtBothWidths, test } from './support/fixtures.ts';
import { openPharmacy, saveVisit } from './support/rep.ts';
import { createStaff, signIn } from './support/staff.ts';
import { choosePlace, solveBotCheckQuickly } from './support/steps.ts';

/** Opens one of the home page's folded parts: the reps and CSV exports, or the search. */
const unfold = (page: Page, summary: string) => page.locator('summary', { hasText: summary }).click();

test('an area manager adds a rep and a pharmacy; the rep records two visits; the manager sees both, newest first', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const stamp = Date.now() % 1_000_000;
  // A place is one field pharmacy's: a retry picks another one.
  const place = [/San Lorenzo/, /Monti/, /Testaccio/][(test.info().retry + test.info().repeatEachIndex) % 3]!;
  const manager = { email: `am.e2e.${stamp}@example.it`, firstName: 'Anna', lastName: 'Rossi', role: 'area_manager' } as const;
  const repEmail = `rep.e2e.${stamp}@example.it`;
  await createStaff(manager);
  await signIn(page, manager.email);
  await expect(page).toHaveURL(/\/it\/areamanager\/home\/[0-9a-f-]{36}$/);
  const home = new URL(page.url()).pathname;
  await expect(page.getByText('Nessuna farmacia trovata')).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);

  // Add a rep.
  await unfold(page, 'Informatori ed esportazioni CSV');
  await page.getByRole('link', { name: 'Aggiungi un informatore' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aggiungi un informatore' })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
  await page.locator('#email').fill(repEmail);
  await page.locator('#firstName').fill('Luca');
  await page.locator('#lastName').fill('Bianchi');
  await page.getByRole('button', { name: "Aggiungi l'informatore" }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Salvato' })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
  await page.getByRole('link', { name: 'Indietro' }).click();
  await expect(page).toHaveURL(new RegExp(`${home}$`));

  // Add a pharmacy: screen 7, then screen 3.
  await page.getByRole('link', { name: 'Aggiungi una farmacia' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'La farmacia' })).toBeVisible();
  await page.locator('#salesRep').selectOption({ label: 'Luca Bianchi' });
  await choosePlace(page, 'Roma', place);
  await page.locator('#whereYouWork').fill('Farmacia “Più” San Lorenzo');
  await page.locator('#city').fill('Roma');
  await expect(page.locator('#prov')).toHaveValue('RM');
  await expectNoAxeViolationsAtBothWidths(page);
  await page.getByRole('button', { name: 'Avanti' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Il farmacista' })).toBeVisible();
  await expect(page).toHaveURL(/\/areamanager\/form\/[0-9a-f-]{36}\/2$/);
  await page.locator('#email').fill(`titolare.${stamp}@example.it`);
  await page.locator('#firstName').fill('Maria');
  await page.locator('#lastName').fill('Verdi');
  await page.locator('#professionalRegistrationNumber').fill('12345');
  await page.locator('input[name=haveYouCompleted][value=yes]').check();
  for (const name of ['check1', 'check2', 'check3']) await page.locator(`#${name}`).check();
  await page.locator('#recaptchaToken').scrollIntoViewIfNeeded();
  await solveBotCheckQuickly(page);
  await expectNoAxeViolationsAtBothWidths(page);
  await page.getByRole('button', { name: 'Aggiungi la farmacia' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Salvato' })).toBeVisible();

  // The list finds it by city, and the view and edit pages open.
  await page.goto(`/it${home.replace(/^\/it/, '')}`);
  await unfold(page, 'Cerca farmacie');
  await page.getByRole('searchbox', { name: 'Nome della farmacia o città' }).fill('roma');
  await page.getByRole('button', { name: 'Cerca' }).click();
  await expect(page.locator('.staff-list__name', { hasText: 'Farmacia “Più” San Lorenzo' })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
  await page.getByRole('link', { name: /^Vedi Farmacia/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Farmacia “Più” San Lorenzo' })).toBeVisible();
  await expect(page.getByText('Non è ancora stata registrata alcuna visita.')).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Farmacia “Più” San Lorenzo' })).toBeVisible();
  await page.getByRole('link', { name: 'Modifica i dati' }).click();
  await expect(page.locator('#salesRep')).toHaveValue(/[0-9a-f-]{36}/);
  await expectNoAxeViolationsAtBothWidths(page);

  // The CSV export downloads a dated file with the pharmacy in it; the home page with its
  // dashboard loaded passes axe.
  await page.goto(home);
  await expect(page.getByRole('heading', { level: 3, name: 'Adesioni al mese' })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
  const download = page.waitForEvent('download');
  await unfold(page, 'Informatori ed esportazioni CSV');
  await page.getByRole('link', { name: 'Esporta CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^pharmacies-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await file.path())!, 'utf8');
  expect(text).toContain('Farmacia “Più” San Lorenzo');
  expect(text).toContain('Bianchi');

  // The legal pages under /areamanager.
  for (const path of ['/it/areamanager/privacy-policy', '/it/areamanager/terms-and-conditions']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolationsAtBothWidths(page);
  }

  // The rep, on their own phone, signs in and finds the pharmacy the manager assigned to them.
  const repPage = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signIn(repPage, repEmail);
  await expect(repPage).toHaveURL(/\/it\/rep\/home\/[0-9a-f-]{36}$/);
  await recordVisits(repPage, 'Farmacia “Più” San Lorenzo');

  // The manager's view shows both visits, the newest first.
  await page.goto(home);
  await page.getByRole('link', { name: /^Vedi Farmacia “Più”/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Farmacia “Più” San Lorenzo' })).toBeVisible();
  const entries = page.locator('.staff-history__entry');
  await expect(entries).toHaveCount(2);
  // The outcomes in the page's language, as the rep's pages say them (issue 24 item 5).
  await expect(entries.nth(0)).toContainText('Ha aderito a Unify');
  await expect(entries.nth(0)).not.toContainText('Joined Unify');
  await expect(entries.nth(0)).toContainText('maggio');
  await expect(entries.nth(1)).toContainText("Interessata, ma serve un'altra visita");
  await expect(entries.nth(1)).toContainText('Titolare da richiamare');
  await expect(entries.nth(1)).toContainText('Luca Bianchi');

  // The readable CSV: the visits of a range of days in Italian. A range that ends before it
  // starts stays on the page with its error; today's range downloads both visits in words.
  await page.goto(home);
  await unfold(page, 'Informatori ed esportazioni CSV');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
  const readable = page.getByRole('group', { name: 'Scarica le visite in un CSV leggibile' });
  await readable.getByLabel('Dal giorno').fill(today);
  await readable.getByLabel('Al giorno (compreso)').fill('2020-01-01');
  await readable.getByRole('button', { name: 'Scarica le visite' }).click();
  await expect(page.getByRole('alert').getByRole('link', { name: 'La data finale non può precedere quella iniziale' })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
  await readable.getByLabel('Al giorno (compreso)').fill(today);
  const visits = page.waitForEvent('download');
  await readable.getByRole('button', { name: 'Scarica le visite' }).click();
  const visitsFile = await visits;
  expect(visitsFile.suggestedFilename()).toBe(`visite-${today}-${today}.csv`);
  const [firstLine, ...visitLines] = readFileSync((await visitsFile.path())!, 'utf8').split('\r\n');
  expect(firstLine).toMatch(
    /^\uFEFFData della visita;Ora della visita;Visita registrata da;Esito della visita;Mese della visita;Nota sulla visita;Prossima visita;Farmacia;Indirizzo;Città;Provincia;Regione;/,
  );
  const visitText = visitLines.join('\n');
  expect(visitText).toContain("Interessata, ma serve un'altra visita;marzo;Titolare da richiamare");
  expect(visitText).toContain('Ha aderito a Unify;maggio');
  expect(visitText).toContain(';Lazio;');
  expect(visitText).not.toMatch(/joined_unify|\blazio\b/);
  await expect(page).toHaveURL(new RegExp(`${home}$`));
});

/** The rep records 'interested' (month 3), later 'joined_unify' (month 5) with two more pharmacists. */
async function recordVisits(page: Page, name: string) {
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('Nessuna visita registrata');

  await openPharmacy(page, name);
  await page.getByRole('radio', { name: "Interessata, ma serve un'altra visita" }).check();
  await page.getByRole('combobox', { name: 'Mese della visita' }).selectOption('3');
  await page.getByRole('textbox', { name: /nota sulla visita/i }).fill('Titolare da richiamare');
  await saveVisit(page);
  await page.getByRole('link', { name: 'Torna alle Sue farmacie' }).click();
  await expect(row).toContainText("Esito finora: Interessata, ma serve un'altra visita");

  await openPharmacy(page, name);
  await expect(page.getByRole('radio', { name: "Interessata, ma serve un'altra visita" })).toBeChecked();
  await page.getByRole('radio', { name: 'Ha aderito a Unify' }).check();
  await page.getByRole('combobox', { name: 'Mese della visita' }).selectOption('5');
  // What the manager entered at sign-up comes with the pharmacy.
  await expect(page.locator('#email')).toHaveValue(/^titolare\.\d+@example\.it$/);
  // Without VAT number, e-mail and confirmations the browser refuses first.
  await page.locator('#email').fill('');
  await expect(page.getByRole('button', { name: 'Salva la visita' })).toBeDisabled();
  const confirmations = page.getByRole('group', { name: 'Le Sue dichiarazioni' }).getByRole('checkbox');
  for (const box of await confirmations.all()) await box.check();
  await page.getByRole('button', { name: 'Salva la visita' }).click();
  const summary = page.getByRole('alert');
  await expect(summary.getByRole('link', { name: /^Partita IVA:/ })).toBeVisible();
  await expect(summary.getByRole('link', { name: /^Indirizzo email:/ })).toBeVisible();

  await page.locator('#piva').fill('01234567890');
  await page.locator('#email').fill('titolare@farmacia-prova.it');
  await page.locator('#firstName').fill('Chiara');
  await page.locator('#lastName').fill('Lombardi');
  await page.locator('#professionalRegistrationNumber').fill('12345');
  await page.locator('input[name=haveYouCompleted][value=yes]').check();
  await page.getByRole('button', { name: 'Salva la visita' }).click();
  await expect(summary.getByRole('link', { name: /^Partita IVA: .*ultima cifra/ })).toBeVisible();
  await page.locator('#piva').fill('01234567897');
  for (const [n, first, last, number] of [
    [2, 'Marco', 'Ferri', '2222'],
    [3, 'Elena', 'Sarti', '3333'],
  ] as const) {
    await page.getByRole('button', { name: 'Aggiungi un altro farmacista' }).click();
    await page.locator(`#firstName${n}`).fill(first);
    await page.locator(`#lastName${n}`).fill(last);
    // Each is sent a link of their own to confirm (issue 39 item 7).
    await page.locator(`#email${n}`).fill(`${first.toLowerCase()}.${last.toLowerCase()}@farmacia-prova.it`);
    await page.locator(`#professionalRegistrationNumber${n}`).fill(number);
  }
  await saveVisit(page);

  // Opened again, the saved answers come back, the extra pharmacists included.
  await page.getByRole('link', { name: 'Torna alle Sue farmacie' }).click();
  await openPharmacy(page, name);
  await expect(page.getByRole('radio', { name: 'Ha aderito a Unify' })).toBeChecked();
  // A new visit is this month's: the month saved before is not offered again.
  await expect(page.getByRole('combobox', { name: 'Mese della visita' })).toHaveValue(String(fieldMonth()));
  await expect(page.locator('#piva')).toHaveValue('01234567897');
  await expect(page.locator('#email')).toHaveValue('titolare@farmacia-prova.it');
  await expect(page.getByRole('group', { name: 'Farmacista 2' }).getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue('Marco');
  await expect(page.getByRole('group', { name: 'Farmacista 3' }).getByRole('textbox', { name: 'Cognome', exact: true })).toHaveValue('Sarti');
  await expect(page.locator('#email2')).toHaveValue('marco.ferri@farmacia-prova.it');
}
