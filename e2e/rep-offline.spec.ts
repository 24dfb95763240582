// The rep's app without a connection (issue 24 item 2, decision 0026), in Italian on a 390 px
// phone: with no signal from the start of the visit, the rep opens the list and a pharmacy never
// opened before, records a visit, reloads and still sees it waiting, and once the connection
// returns it is sent once. Signing out clears the rep's data from the phone.
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, jpegWithGps, test } from './support/fixtures.ts';
import { callEntriesOf, openPharmacy, repWithPharmacies, saveVisit, signInRep } from './support/rep.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** Whether the service worker controls the page and has kept the rep's offline pack. */
const readyOffline = (page: Page) =>
  page.evaluate(async () => {
    if (!navigator.serviceWorker.controller) return false;
    const kept = await (await caches.open('pc-data')).keys();
    return kept.some((request) => request.url.includes('/api/rep-offline-pharmacies')) && (await caches.has('pc-pages'));
  });

test('offline from the start of the visit: the list, a pharmacy never opened, a visit kept across a reload and sent once', async ({ page, context }) => {
  const { rep, ids } = await repWithPharmacies(['Farmacia Già in Elenco', 'Farmacia Mai Aperta']);
  const neverOpened = ids.get('Farmacia Mai Aperta')!;
  await signInRep(page, rep);
  // The app installs itself for offline use while the rep has a connection.
  await expect.poll(() => readyOffline(page), { timeout: 30_000 }).toBe(true);
  expect(await page.evaluate(() => document.querySelector('link[rel=manifest]')?.getAttribute('href'))).toBe('/it/manifest.webmanifest');

  // No signal from here on: the list opens again, from the phone.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Le Sue farmacie' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Modifica Farmacia Già in Elenco' })).toBeVisible();

  await openPharmacy(page, 'Farmacia Mai Aperta');
  await page.getByRole('radio', { name: 'Appuntamento fissato' }).check();
  await page.getByRole('combobox', { name: 'Mese della visita' }).selectOption('6');
  await page.getByRole('textbox', { name: /Nota/ }).fill('Titolare disponibile martedì');
  await saveVisit(page, 'Visita salvata su questo dispositivo');
  await page.getByRole('link', { name: 'Torna alle Sue farmacie' }).click();
  await expect(page.getByText(/1 aggiornamento fatto senza connessione è in attesa di invio/)).toBeVisible();

  // Still offline, a reload keeps it waiting.
  await page.reload();
  await expect(page.getByText(/1 aggiornamento fatto senza connessione è in attesa di invio/)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Farmacia Mai Aperta' })).toContainText('In attesa di invio');
  await expectNoAxeViolations(page);
  expect(await callEntriesOf(neverOpened)).toEqual([]);

  // The connection returns: sent once.
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(async () => (await callEntriesOf(neverOpened)).length, { timeout: 30_000 }).toBe(1);
  await expect(page.getByText(/in attesa di invio/)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Le Sue farmacie' })).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  expect(await callEntriesOf(neverOpened)).toEqual([
    expect.objectContaining({ callFlag: 'appointment_scheduled', month: 6, note: 'Titolare disponibile martedì' }),
  ]);

  // Signing out leaves nothing of the rep's on the phone.
  await page.getByRole('button', { name: 'Esci' }).click();
  await expect(page).toHaveURL(/\/it\/signin/);
  expect(await page.evaluate(async () => [await caches.has('pc-data'), await caches.has('pc-pages')])).toEqual([false, false]);
});

test('a joined visit recorded offline keeps its photo on the phone and uploads it when sent', async ({ page, context }) => {
  const { rep, ids } = await repWithPharmacies(['Farmacia Con Foto']);
  const id = ids.get('Farmacia Con Foto')!;
  await signInRep(page, rep);
  await expect.poll(() => readyOffline(page), { timeout: 30_000 }).toBe(true);

  await context.setOffline(true);
  await openPharmacy(page, 'Farmacia Con Foto');
  await page.getByRole('radio', { name: 'Ha aderito a Unify' }).check();
  await page.getByRole('combobox', { name: 'Mese della visita' }).selectOption('7');
  await page.locator('#photo').setInputFiles(await jpegWithGps());
  await expect(
    page.getByText('La foto è conservata su questo dispositivo e verrà caricata con la visita quando tornerà la connessione.').first(),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /foto/i })).toBeVisible();
  await page.locator('#piva').fill('01234567897');
  await page.locator('#email').fill('titolare@farmacia-con-foto.it');
  await page.locator('#firstName').fill('Chiara');
  await page.locator('#lastName').fill('Lombardi');
  await page.locator('#professionalRegistrationNumber').fill('12345');
  await page.locator('input[name=haveYouCompleted][value=yes]').check();
  for (const box of await page.getByRole('group', { name: 'Le Sue dichiarazioni' }).getByRole('checkbox').all()) await box.check();
  await saveVisit(page, 'Visita salvata su questo dispositivo');
  await page.getByRole('link', { name: 'Torna alle Sue farmacie' }).click();
  await expect(page.getByText(/1 aggiornamento fatto senza connessione è in attesa di invio/)).toBeVisible();

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(async () => (await callEntriesOf(id)).length, { timeout: 60_000 }).toBe(1);
  const saved = await page.evaluate(
    async (pharmacyId) => (await (await fetch(`/api/rep-get-pharmacy?id=${pharmacyId}`)).json()).data as { photo?: string; photoId?: string },
    id,
  );
  expect(saved.photo).toMatch(/^[A-Za-z0-9_-]{10,80}\.jpg$/);
  expect(saved.photo).not.toMatch(/^offline-/);
  expect(await page.evaluate(async (name) => (await fetch(`/files/photos/${name}`)).status, saved.photo!)).toBe(200);
  // The kept copy is gone from the phone.
  await expect.poll(() => page.evaluate(async () => (await (await caches.open('pc-offline-photos')).keys()).length)).toBe(0);
});
