// The sales rep in Italian (issue 12 items 5, 6, 8): signs in, opens an assigned pharmacy, records
// 'interested but requires another visit', later 'joined_unify' with two more pharmacists, and
// finds it all again; an update made offline is sent once when the connection returns, even
// across a reload; every /rep page passes axe at desktop width and at 390 px.
import type { Page } from '@playwright/test';
import { acceptEssentialCookies, expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { choosePlace } from './support/steps.ts';

const inspectionUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

async function inspect<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${inspectionUrl}${path}`, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.ok, `${path}: ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

let counter = 0;
/** An area manager and their rep, with one pharmacy assigned to the rep. */
async function repWithPharmacy(name: string, place?: { placeId: string; lat: number; lng: number }) {
  counter += 1;
  const tag = `${Date.now() % 1_000_000}.${counter}`;
  const manager = `am.${tag}@example.it`;
  const rep = `rep.${tag}@example.it`;
  await inspect('/staff', { email: manager, firstName: 'Anna', lastName: 'Rossi', role: 'area_manager' });
  await inspect('/staff', { email: rep, firstName: 'Luca', lastName: 'Bianchi', role: 'sales_rep', areaManagerEmail: manager });
  const { id } = await inspect<{ id: string }>('/field-pharmacies', { areaManagerEmail: manager, repEmail: rep, name, fullAddress: 'Via del Corso 10, 00186 Roma RM', place });
  return { rep, pharmacyId: id };
}

/** Signs the rep in with a one-time link; lands on their list, whose path it answers. */
async function signIn(page: Page, email: string): Promise<string> {
  const { link } = await inspect<{ link: string }>('/staff-link', { email });
  const url = new URL(link);
  await page.goto(url.pathname + url.search);
  await acceptEssentialCookies(page);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(/\/it\/rep\/home\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Le Sue farmacie' })).toBeVisible();
  return new URL(page.url()).pathname;
}

const entriesOf = (pharmacyId: string) => inspect<{ callFlag: string; month: number; note: string | null }[]>(`/call-entries?pharmacyId=${pharmacyId}`);

async function openPharmacy(page: Page, name: string) {
  await page.getByRole('link', { name: `Modifica ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Registra una visita' })).toBeVisible();
}

async function save(page: Page, heading = 'Visita registrata') {
  await page.getByRole('button', { name: 'Salva la visita' }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('a rep records a visit, later the joining with two more pharmacists, and finds it all again', async ({ page }) => {
  const { rep, pharmacyId } = await repWithPharmacy('Farmacia Prova Adesione');
  await signIn(page, rep);
  const row = page.getByRole('listitem').filter({ hasText: 'Farmacia Prova Adesione' });
  await expect(row).toContainText('Nessuna visita registrata');

  await openPharmacy(page, 'Farmacia Prova Adesione');
  await page.getByRole('radio', { name: "Interessata, ma serve un'altra visita" }).check();
  await page.getByRole('combobox', { name: 'Mese della visita' }).selectOption('3');
  await page.getByRole('textbox', { name: /nota sulla visita/i }).fill('Titolare da richiamare');
  await choosePlace(page, 'Roma', /Farmacia del Pantheon/);
  await save(page);
  await page.getByRole('link', { name: 'Torna alle Sue farmacie' }).click();
  await expect(row).toContainText("Esito finora: Interessata, ma serve un'altra visita");

  await openPharmacy(page, 'Farmacia Prova Adesione');
  await expect(page.getByRole('radio', { name: "Interessata, ma serve un'altra visita" })).toBeChecked();
  await page.getByRole('radio', { name: 'Ha aderito a Unify' }).check();
  await page.getByRole('combobox', { name: 'Mese della visita' }).selectOption('5');
  // Without VAT number, e-mail and confirmations the browser refuses first.
  await expect(page.getByRole('button', { name: 'Salva la visita' })).toBeDisabled();
  const confirmations = page.getByRole('group', { name: /confermi/i }).getByRole('checkbox');
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
  for (const [n, first, last, number] of [[2, 'Marco', 'Ferri', '2222'], [3, 'Elena', 'Sarti', '3333']] as const) {
    await page.getByRole('button', { name: 'Aggiungi un altro farmacista' }).click();
    await page.locator(`#firstName${n}`).fill(first);
    await page.locator(`#lastName${n}`).fill(last);
    await page.locator(`#professionalRegistrationNumber${n}`).fill(number);
  }
  await save(page);

  await expect.poll(async () => (await entriesOf(pharmacyId)).map((e) => [e.callFlag, e.month])).toEqual([
    ['interested_but_requires_another_visit', 3],
    ['joined_unify', 5],
  ]);

  // Opened again, the saved answers come back, the extra pharmacists included.
  await page.goto(`/it/rep/form?pharmacyId=${pharmacyId}`);
  await expect(page.getByRole('radio', { name: 'Ha aderito a Unify' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Mese della visita' })).toHaveValue('5');
  await expect(page.locator('#piva')).toHaveValue('01234567897');
  await expect(page.locator('#email')).toHaveValue('titolare@farmacia-prova.it');
  await expect(page.getByRole('group', { name: 'Farmacista 2' }).getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue('Marco');
  await expect(page.getByRole('group', { name: 'Farmacista 3' }).getByRole('textbox', { name: 'Cognome', exact: true })).toHaveValue('Sarti');
  await expect(page.locator('input[name=placeId]')).toHaveValue('fixture:it:002');
});

test('an update made offline is kept, shown as waiting, and sent once when the connection returns, even after a reload', async ({ page, context }) => {
  const { rep, pharmacyId } = await repWithPharmacy('Farmacia Senza Campo', { placeId: 'fixture:it:003', lat: 41.895166, lng: 12.537256 });
  const home = await signIn(page, rep);
  await openPharmacy(page, 'Farmacia Senza Campo');
  await page.getByRole('radio', { name: 'Appuntamento fissato' }).check();
  await page.getByRole('combobox', { name: 'Mese della visita' }).selectOption('6');

  await context.setOffline(true);
  await save(page, 'Visita salvata su questo dispositivo');
  await page.getByRole('link', { name: 'Torna alle Sue farmacie' }).click();
  await expect(page.getByText(/1 aggiornamento fatto senza connessione è in attesa di invio/)).toBeVisible();
  expect(await entriesOf(pharmacyId)).toEqual([]);

  // The page cannot even load again while offline; the update stays in the browser.
  await page.reload().catch(() => undefined);
  await context.setOffline(false);
  await page.goto(home);

  await expect.poll(async () => (await entriesOf(pharmacyId)).length, { timeout: 20_000 }).toBe(1);
  const row = page.getByRole('listitem').filter({ hasText: 'Farmacia Senza Campo' });
  await expect(row).toContainText('Esito finora: Appuntamento fissato');
  await expect(page.getByText(/in attesa di invio/)).toHaveCount(0);
  // Nothing is sent a second time, whatever happens next.
  await page.reload();
  await expect(row).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.waitForTimeout(500);
  expect(await entriesOf(pharmacyId)).toEqual([expect.objectContaining({ callFlag: 'appointment_scheduled', month: 6 })]);
});

for (const width of [1280, 390]) {
  test(`every /rep page has no axe violations at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const { rep, pharmacyId } = await repWithPharmacy(`Farmacia Accessibile ${width}`, { placeId: `fixture:it:00${width === 1280 ? 4 : 5}`, lat: 41.87, lng: 12.49 });
    await signIn(page, rep);
    await expectNoAxeViolations(page);
    await openPharmacy(page, `Farmacia Accessibile ${width}`);
    await page.getByRole('radio', { name: 'Ha aderito a Unify' }).check();
    await page.getByRole('button', { name: 'Aggiungi un altro farmacista' }).click();
    await expectNoAxeViolations(page);
    await page.goto(`/it/rep/form?pharmacyId=${pharmacyId}`);
    await page.getByRole('radio', { name: 'Non interessata' }).check();
    await page.getByRole('combobox', { name: 'Mese della visita' }).selectOption('1');
    await save(page);
    await expectNoAxeViolations(page);
    for (const [path, heading] of [['/it/rep/privacy-policy', /privacy/i], ['/it/rep/terms-and-conditions', /termini/i]] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
}
