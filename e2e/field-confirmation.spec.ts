// A field-signed pharmacist confirms for themselves (issue 23): an area manager adds a pharmacy with
// a pharmacist's e-mail; the pharmacist gets the e-mail, opens the link, corrects their last name
// and confirms. Before the confirmation the application is neither in the review queue nor in the
// finder; after it, the queue lists it (corrected name, "Registrato sul campo da {rep}"), a
// reviewer approves it and the finder lists the pharmacy. Screenshots of the link page at 1280 px
// and 390 px go to tmp/ (not committed).
import type { Page } from '@playwright/test';
import { acceptEssentialCookies, expect, storedApplications, test } from './support/fixtures.ts';
import { createStaff, mailTo, signIn, signInWithTotp } from './support/staff.ts';
import { choosePlace, solveBotCheckQuickly } from './support/steps.ts';

// A fixture place no other journey picks (an approved listing fills the form of anyone who picks
// its place); a retry takes another one, since a place is one field pharmacy's.
const PLACES = [
  { name: /Farmacia Porta Pia/, query: 'Porta Pia', lat: 41.900419, lng: 12.494622 },
  { name: /Farmacia Garbatella/, query: 'Garbatella', lat: 41.872157, lng: 12.448808 },
  { name: /Farmacia Celio/, query: 'Celio', lat: 41.934517, lng: 12.517354 },
];

/** The ids and names of the Italian pharmacies the public finder API lists within 5 km of the point. */
async function finderListing(page: Page, at: { lat: number; lng: number }) {
  const answer = await page.request.get(`/api/v1/finder/pharmacies?market=it&lat=${at.lat}&lng=${at.lng}&radiusKm=5`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: { id: string; pharmacyName: string; firstName: string }[] }).data;
}

test('a pharmacist the area manager recorded confirms through the e-mailed link; only then is the application reviewed and, approved, in the finder', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now() % 1_000_000;
  const place = PLACES[(test.info().retry + test.info().repeatEachIndex) % PLACES.length]!;
  const pharmacyName = `Farmacia Conferma ${stamp}`;
  const pharmacistEmail = `farmacista.conferma.${stamp}@example.it`;
  const registrationNumber = String(10_000 + (stamp % 89_999));
  const manager = { email: `am.conferma.${stamp}@example.it`, firstName: 'Anna', lastName: 'Rossi', role: 'area_manager' } as const;
  const rep = {
    email: `rep.conferma.${stamp}@example.it`,
    firstName: 'Luca',
    lastName: 'Bianchi',
    role: 'sales_rep',
    areaManagerEmail: manager.email,
  } as const;
  await createStaff(manager);
  await createStaff(rep);

  // The area manager adds the pharmacy with the pharmacist's e-mail, giving their own three statements.
  await signIn(page, manager.email);
  await expect(page).toHaveURL(/\/it\/areamanager\/home\/[0-9a-f-]{36}$/);
  await page.getByRole('link', { name: 'Aggiungi una farmacia' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'La farmacia' })).toBeVisible();
  await page.locator('#salesRep').selectOption({ label: 'Luca Bianchi' });
  await choosePlace(page, place.query, place.name);
  await page.locator('#whereYouWork').fill(pharmacyName);
  await page.locator('#city').fill('Roma');
  await expect(page.locator('#prov')).toHaveValue('RM');
  await page.getByRole('button', { name: 'Avanti' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Il farmacista' })).toBeVisible();
  await page.locator('#email').fill(pharmacistEmail);
  await page.locator('#firstName').fill('Maria');
  await page.locator('#lastName').fill('Verdi');
  await page.locator('#professionalRegistrationNumber').fill(registrationNumber);
  await page.locator('input[name=haveYouCompleted][value=yes]').check();
  const statements = page.getByRole('group', { name: 'Le Sue dichiarazioni' }).getByRole('checkbox');
  await expect(statements).toHaveCount(3);
  for (const box of await statements.all()) await box.check();
  await page.locator('#recaptchaToken').scrollIntoViewIfNeeded();
  await solveBotCheckQuickly(page);
  await page.getByRole('button', { name: 'Aggiungi la farmacia' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Salvato' })).toBeVisible();

  // The pharmacist's e-mail carries their personal link.
  const mail = await mailTo(pharmacistEmail, /Verifichi i dati che abbiamo registrato su di Lei/);
  expect(mail.subject).toMatch(/^.+: Verifichi i dati che abbiamo registrato su di Lei$/);
  expect(mail.text).toContain(pharmacyName);
  const link = /https?:\/\/\S+\/it\/confirm-details\?token=[A-Za-z0-9_-]{32}(?=\s)/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();

  // Before the confirmation: no application in the review queue, nothing in the finder.
  const reviewer = { email: `rev.conferma.${stamp}@example.it`, firstName: 'Renata', lastName: 'Revisora', role: 'reviewer' } as const;
  await createStaff(reviewer);
  const desk = await (await browser.newContext()).newPage();
  await signInWithTotp(desk, reviewer.email);
  await desk.goto(`/it/admin/review?market=it&q=${encodeURIComponent(pharmacistEmail)}`);
  await expect(desk.getByRole('heading', { level: 1, name: 'Candidature da esaminare' })).toBeVisible();
  await expect(desk.getByText('Nessuna candidatura corrisponde a questi filtri.')).toBeVisible();
  expect((await storedApplications()).filter((a) => a.email === pharmacistEmail)).toEqual([]);
  expect((await finderListing(desk, place)).map((item) => item.pharmacyName)).not.toContain(pharmacyName);

  // The pharmacist, on their own phone, opens the link: what was recorded is there to correct.
  const pharmacist = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const url = new URL(link!);
  await pharmacist.goto(url.pathname + url.search);
  await acceptEssentialCookies(pharmacist);
  await expect(pharmacist.getByRole('heading', { level: 1, name: 'Verifichi i dati registrati su di Lei' })).toBeVisible();
  await expect(pharmacist.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue('Maria');
  await expect(pharmacist.getByRole('textbox', { name: 'Cognome', exact: true })).toHaveValue('Verdi');
  await expect(pharmacist.locator('#professionalRegistrationNumber')).toHaveValue(registrationNumber);
  await expect(pharmacist.locator('input[name=haveYouCompleted][value=yes]')).toBeChecked();
  // The address the link went to is not asked again.
  await expect(pharmacist.locator('#email')).toHaveCount(0);
  // The lazily loaded parts (photo, bot check) are in place before the screenshots.
  await pharmacist.getByRole('button', { name: 'Confermo i miei dati' }).scrollIntoViewIfNeeded();
  await expect(pharmacist.locator('altcha-widget input[type=checkbox]')).toBeVisible();
  await expect(pharmacist.getByText(/^Caricamento/)).toHaveCount(0);
  await pharmacist.screenshot({ path: 'tmp/field-confirmation-1280.png', fullPage: true });
  await pharmacist.setViewportSize({ width: 390, height: 844 });
  await expect(pharmacist.locator('altcha-widget input[type=checkbox]')).toBeVisible();
  expect(await pharmacist.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await pharmacist.screenshot({ path: 'tmp/field-confirmation-390.png', fullPage: true });

  await pharmacist.getByRole('textbox', { name: 'Cognome', exact: true }).fill('Verdi Corretti');
  const declarations = pharmacist.getByRole('group', { name: 'Confermi ciascuna delle seguenti dichiarazioni' }).getByRole('checkbox');
  await expect(declarations).toHaveCount(3);
  for (const box of await declarations.all()) await box.check();
  await solveBotCheckQuickly(pharmacist);
  await pharmacist.getByRole('button', { name: 'Confermo i miei dati' }).click();
  await expect(pharmacist).toHaveURL(/\/it\/thank-you$/);

  // Now the queue lists the application with the corrected name, marked as signed in the field by
  // whoever recorded the pharmacist: the area manager, not the rep the pharmacy is assigned to.
  await desk.reload();
  const row = desk.getByRole('row').filter({ hasText: pharmacistEmail });
  await expect(row.getByRole('link', { name: 'Maria Verdi Corretti' })).toBeVisible();
  await expect(row).toContainText('Registrato sul campo da Anna Rossi');
  await expect(row).toContainText(pharmacyName);
  // Still not in the finder until approved.
  expect((await finderListing(desk, place)).map((item) => item.pharmacyName)).not.toContain(pharmacyName);

  await row.getByRole('link', { name: 'Maria Verdi Corretti' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Maria Verdi Corretti' })).toBeVisible();
  await desk.getByRole('radio', { name: 'Approva' }).check();
  await desk.getByRole('button', { name: 'Continua' }).click();
  await desk.getByRole('button', { name: 'Sì, approva' }).click();
  await expect(desk.getByRole('status').filter({ hasText: 'è stata approvata' })).toBeVisible();

  // Approved, the pharmacy is in the finder, with the pharmacist's first name.
  const [application] = (await storedApplications()).filter((a) => a.email === pharmacistEmail);
  expect(application?.lastName).toBe('Verdi Corretti');
  await expect.poll(async () => (await finderListing(desk, place)).find((item) => item.id === application!.listingId)?.firstName).toBe('Maria');
  // A patient standing at the pharmacy finds it on /it/finder.
  const patient = await (await browser.newContext({ geolocation: { latitude: place.lat, longitude: place.lng }, permissions: ['geolocation'] })).newPage();
  await patient.goto('/it/finder');
  await acceptEssentialCookies(patient);
  await patient.getByRole('button', { name: 'Usa la mia posizione' }).click();
  const listing = patient.getByRole('list', { name: 'Farmacie nelle vicinanze' }).getByRole('listitem').filter({ hasText: pharmacyName });
  await expect(listing).toContainText('Farmacista di riferimento: Maria');
});
