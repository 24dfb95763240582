// The sales rep in Italian (issue 12 items 5, 6, 8; the visits themselves are in the field force's
// journey, area-manager.spec.ts): an update made offline is sent once when the connection
// returns, even across a reload; every /rep page passes axe at desktop width and at 390 px.
import type { Page } from '@playwright/test';
import { acceptEssentialCookies, expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import { openPharmacy, saveVisit } from './support/rep.ts';

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

test('an update made offline is kept, shown as waiting, and sent once when the connection returns, even after a reload', async ({ page, context }) => {
  const { rep, pharmacyId } = await repWithPharmacy('Farmacia Senza Campo', { placeId: 'fixture:it:003', lat: 41.895166, lng: 12.537256 });
  const home = await signIn(page, rep);
  await openPharmacy(page, 'Farmacia Senza Campo');
  await page.getByRole('radio', { name: 'Appuntamento fissato' }).check();
  await page.getByRole('combobox', { name: 'Mese della visita' }).selectOption('6');

  await context.setOffline(true);
  await saveVisit(page, 'Visita salvata su questo dispositivo');
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
    await saveVisit(page);
    await expectNoAxeViolations(page);
    for (const [path, heading] of [['/it/rep/privacy-policy', /privacy/i], ['/it/rep/terms-and-conditions', /termini/i]] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
}
