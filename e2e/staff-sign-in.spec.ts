// Staff sign in with an e-mailed one-time link (issue 4): the link works once and only in the
// browser that asked for it; main admin and reviewer add a TOTP code; sign-out ends the session
// on the server; /areamanager/mainadmin lists area managers for the main admin only.
import type { BrowserContext, Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { expect, expectNoAxeViolationsAtBothWidths, test } from './support/fixtures.ts';
import { createStaff, requestLink, signInLinkFor, type StaffInput, useLink } from './support/staff.ts';

let counter = 0;
function person(tag: string, role: StaffInput['role']): StaffInput {
  counter += 1;
  return { email: `${tag}.${Date.now() % 1_000_000}.${counter}@example.it`, firstName: 'Giulia', lastName: `Test${tag}`, role };
}

async function enrolTotp(page: Page): Promise<OTPAuth.TOTP> {
  await expect(page.getByRole('heading', { level: 1, name: 'Configuri la verifica in due passaggi' })).toBeVisible();
  await expect(page.getByRole('img', { name: /codice qr/i })).toBeVisible();
  const otpauthUrl = await page.locator('#totp-link').getAttribute('href');
  const totp = OTPAuth.URI.parse(otpauthUrl!) as OTPAuth.TOTP;
  const shown = (await page.locator('#totp-secret').innerText()).replace(/\s+/g, '');
  expect(shown).toBe(totp.secret.base32);
  await page.getByRole('textbox', { name: 'Codice di verifica' }).fill('000000' === totp.generate() ? '111111' : '000000');
  await page.getByRole('button', { name: 'Attiva e accedi' }).click();
  await expect(page.getByRole('alert')).toContainText('Il codice non è corretto');
  await page.getByRole('textbox', { name: 'Codice di verifica' }).fill(totp.generate());
  await page.getByRole('button', { name: 'Attiva e accedi' }).click();
  return totp;
}

test('an area manager signs in by e-mailed link; the link fails the second time and in another browser', async ({ page, browser }) => {
  const manager = person('am', 'area_manager');
  await createStaff(manager);

  const link = await requestLink(page, manager.email);
  expect(new URL(link).pathname).toBe('/it/signin/verify');
  // The link is bound to the browser that asked for it.
  const other: BrowserContext = await browser.newContext();
  try {
    const stranger = await other.newPage();
    await useLink(stranger, link);
    await expect(stranger.getByRole('heading', { level: 1, name: 'Impossibile accedere con questo link' })).toBeVisible();
  } finally {
    await other.close();
  }

  // Whether a refusal elsewhere also spends the link is the server's choice: a fresh link tests "once".
  const fresh = await requestLink(page, manager.email);
  await useLink(page, fresh);
  await expect(page).toHaveURL(/\/it\/areamanager\/home\/[0-9a-f-]{36}$/);
  await expect(page.getByText(`Accesso effettuato come ${manager.firstName} ${manager.lastName}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Le Sue farmacie' })).toBeVisible();

  await useLink(page, fresh);
  await expect(page.getByRole('heading', { level: 1, name: 'Impossibile accedere con questo link' })).toBeVisible();

  // The main-admin page shows an area manager no data.
  await page.goto('/it/areamanager/mainadmin');
  await expect(page.getByRole('heading', { level: 1, name: 'Non ha accesso a questa pagina' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  const api = await page.request.get('/api/mainadmin-get-areamanagers');
  expect(api.status()).toBe(403);
  expect(await api.json()).not.toHaveProperty('data');
});

test('a signed-out visitor goes to sign-in and comes back to the page after signing in', async ({ page }) => {
  const manager = person('back', 'area_manager');
  await createStaff(manager);
  await page.goto('/it/areamanager/mainadmin');
  await expect(page).toHaveURL(/\/it\/signin\?returnTo=%2Fareamanager%2Fmainadmin$/);
  await page.getByRole('textbox', { name: 'Indirizzo email' }).fill(manager.email);
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'Invia il link di accesso' }).click();
  await useLink(page, await signInLinkFor(manager.email, since));
  await expect(page).toHaveURL(/\/it\/areamanager\/mainadmin$/);
});

test('the main admin enrols TOTP, lists and adds area managers, and signing out ends the session', async ({ page }) => {
  const admin = person('admin', 'main_admin');
  await createStaff(admin);
  const listed = person('listed', 'area_manager');
  await createStaff(listed);

  await useLink(page, await requestLink(page, admin.email));
  await enrolTotp(page);
  await expect(page).toHaveURL(/\/it\/areamanager\/mainadmin$/);
  await expect(page.getByText(`Accesso effettuato come ${admin.firstName} ${admin.lastName}`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: listed.email });
  await expect(row).toContainText(listed.firstName);
  await expect(row).toContainText(listed.lastName);
  await expect(row.getByRole('link', { name: /Visualizza/ })).toHaveAttribute('href', /\/it\/areamanager\/home\/[0-9a-f-]{36}$/);
  await expectNoAxeViolationsAtBothWidths(page);

  const added = person('added', 'area_manager');
  await page.getByRole('link', { name: 'Aggiungi un area manager' }).click();
  await expect(page).toHaveURL(/\/it\/areamanager\/mainadmin\/add$/);
  await expectNoAxeViolationsAtBothWidths(page);
  await page.getByRole('textbox', { name: 'Indirizzo email' }).fill(added.email);
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Chiara');
  await page.getByRole('textbox', { name: 'Cognome' }).fill('Fontana');
  await page.getByRole('button', { name: 'Aggiungi area manager' }).click();
  await expect(page).toHaveURL(/\/it\/areamanager\/mainadmin$/);
  await expect(page.getByRole('row').filter({ hasText: added.email })).toContainText('Chiara');

  await page.getByRole('link', { name: 'Aggiungi un area manager' }).click();
  await page.getByRole('textbox', { name: 'Indirizzo email' }).fill(added.email);
  await page.getByRole('textbox', { name: 'Nome', exact: true }).fill('Chiara');
  await page.getByRole('textbox', { name: 'Cognome' }).fill('Fontana');
  await page.getByRole('button', { name: 'Aggiungi area manager' }).click();
  // Staff wording: the address is another staff account's; no applicant's offer of an update link.
  await expect(page.locator('#email-error')).toContainText('Questo indirizzo e-mail appartiene già a un account del personale.');
  await expect(page.getByRole('button', { name: 'Inviami un link per aggiornare la mia candidatura' })).toHaveCount(0);

  // The staff bar leads back home from any page.
  await page.getByRole('link', { name: 'La mia pagina iniziale' }).click();
  await page.getByRole('row').filter({ hasText: listed.email }).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: "Farmacie dell'area manager" })).toBeVisible();
  await expect(page.getByText('Nessuna farmacia trovata')).toBeVisible();

  await page.getByRole('button', { name: 'Esci' }).click();
  await expect(page).toHaveURL(/\/it\/signin\?signedOut=1$/);
  await expect(page.getByText("È uscito dall'area riservata.")).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  expect((await page.request.get('/api/mainadmin-get-areamanagers')).status()).toBe(401);
});

test('a reviewer needs the right TOTP code at every sign-in', async ({ page }) => {
  const reviewer = person('rev', 'reviewer');
  await createStaff(reviewer);
  await useLink(page, await requestLink(page, reviewer.email));
  const totp = await enrolTotp(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Candidature da esaminare' })).toBeVisible();
  await page.getByRole('button', { name: 'Esci' }).click();
  await expect(page).toHaveURL(/signedOut=1/);

  await useLink(page, await requestLink(page, reviewer.email));
  await expect(page.getByRole('heading', { level: 1, name: 'Inserisca il codice di verifica' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Codice di verifica' }).fill(String((Number(totp.generate()) + 1) % 1_000_000).padStart(6, '0'));
  await page.getByRole('button', { name: 'Verifica e accedi' }).click();
  await expect(page.getByRole('alert')).toContainText('Il codice non è corretto');
  // Until the code is right the session opens no staff page.
  expect((await page.request.get('/api/mainadmin-get-areamanagers')).status()).toBe(401);
  // A code is accepted once: wait for the next time step if this one was used at enrolment.
  const next = totp.generate({ timestamp: Date.now() + 30_000 });
  await page.waitForTimeout(Math.max(0, 30_000 - (Date.now() % 30_000)) + 500);
  await page.getByRole('textbox', { name: 'Codice di verifica' }).fill(next);
  await page.getByRole('button', { name: 'Verifica e accedi' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Candidature da esaminare' })).toBeVisible();
  await expect(page).toHaveURL(/\/it\/admin\/review$/);
});
