// Every pharmacist a rep records is a person with rights (issue 39 item 7): the rep's visit form asks
// "Farmacista 2" for an e-mail address of their own (not one another pharmacist has); each pharmacist
// is mailed their own link, and the second's page shows their own record, not the first one's, for
// them to confirm themselves. The form and the page pass axe at 1280 and 390 px; screenshots of both
// go to /tmp/shots-extra-pharmacists/.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { acceptEssentialCookies, expect, expectNoAxeViolationsAtBothWidths, test } from './support/fixtures.ts';
import { openPharmacy, repWithPharmacies, saveVisit, signInRep } from './support/rep.ts';
import { mailTo } from './support/staff.ts';
import { solveBotCheckQuickly } from './support/steps.ts';

const SHOTS = '/tmp/shots-extra-pharmacists';

async function screenshots(page: Page, name: string, scrollTo: ReturnType<Page['locator']>) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await scrollTo.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const confirmationLink = (text: string) => /https?:\/\/\S+\/it\/confirm-details\?token=[A-Za-z0-9_-]{32}(?=\s)/.exec(text)?.[0];

test('a rep records two pharmacists: each is mailed a link of their own, and the second confirms their own record', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now() % 1_000_000;
  const name = `Farmacia Due Farmacisti ${stamp}`;
  const firstEmail = `titolare.${stamp}@example.it`;
  const secondEmail = `marco.ferri.${stamp}@example.it`;
  const { rep } = await repWithPharmacies([name]);
  await signInRep(page, rep);
  await openPharmacy(page, name);

  await page.getByRole('radio', { name: 'Ha aderito a Unify' }).check();
  await page.locator('#piva').fill('01234567897');
  await page.locator('#email').fill(firstEmail);
  await page.locator('#firstName').fill('Chiara');
  await page.locator('#lastName').fill('Lombardi');
  await page.locator('#professionalRegistrationNumber').fill(String(20_000 + (stamp % 70_000)));
  await page.locator('input[name=haveYouCompleted][value=yes]').check();
  await page.getByRole('button', { name: 'Aggiungi un altro farmacista' }).click();
  const second = page.getByRole('group', { name: 'Farmacista 2' });
  await second.getByRole('textbox', { name: 'Nome', exact: true }).fill('Marco');
  await second.getByRole('textbox', { name: 'Cognome', exact: true }).fill('Ferri');
  await second.locator('#professionalRegistrationNumber2').fill(String(30_000 + (stamp % 60_000)));
  for (const box of await page.getByRole('group', { name: 'Le Sue dichiarazioni' }).getByRole('checkbox').all()) await box.check();

  // The first pharmacist's address is not the second's.
  const email = second.getByRole('textbox', { name: 'Indirizzo email' });
  await email.fill(firstEmail.toUpperCase());
  await page.getByRole('button', { name: 'Salva la visita' }).click();
  await expect(page.getByRole('alert').getByRole('link', { name: /^Indirizzo email \(farmacista 2\): .*un proprio indirizzo e-mail/ })).toBeVisible();
  await expect(second.getByText(/ogni farmacista deve avere un proprio indirizzo e-mail/)).toBeVisible();
  await screenshots(page, 'extra-pharmacist-form-error', email);
  await email.fill(secondEmail);
  await expect(second.getByText(/L'indirizzo personale del farmacista/)).toBeVisible();
  await screenshots(page, 'extra-pharmacist-form', second);
  await expectNoAxeViolationsAtBothWidths(page);
  await saveVisit(page);

  // Each is mailed a personal link, to their own address.
  const firstLink = confirmationLink((await mailTo(firstEmail, /Verifichi i dati che abbiamo registrato su di Lei/)).text);
  const secondLink = confirmationLink((await mailTo(secondEmail, /Verifichi i dati che abbiamo registrato su di Lei/)).text);
  expect(firstLink).toBeTruthy();
  expect(secondLink).toBeTruthy();
  expect(secondLink).not.toBe(firstLink);

  // The second, on their own device, finds their own record, not the first pharmacist's.
  const pharmacist = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const url = new URL(secondLink!);
  await pharmacist.goto(url.pathname + url.search);
  await acceptEssentialCookies(pharmacist);
  await expect(pharmacist.getByRole('heading', { level: 1, name: 'Verifichi i dati registrati su di Lei' })).toBeVisible();
  await expect(pharmacist.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue('Marco');
  await expect(pharmacist.getByRole('textbox', { name: 'Cognome', exact: true })).toHaveValue('Ferri');
  await expect(pharmacist.getByText(name).first()).toBeVisible();
  await expect(pharmacist.locator('body')).not.toContainText('Lombardi');
  await pharmacist.locator('input[name=haveYouCompleted][value=yes]').check();
  const submit = pharmacist.getByRole('button', { name: 'Confermo i miei dati' });
  await submit.scrollIntoViewIfNeeded();
  await expect(pharmacist.locator('altcha-widget input[type=checkbox]')).toBeVisible();
  await screenshots(pharmacist, 'extra-pharmacist-confirmation', pharmacist.getByRole('textbox', { name: 'Nome', exact: true }));
  await expectNoAxeViolationsAtBothWidths(pharmacist);
  for (const box of await pharmacist.getByRole('group', { name: 'Confermi ciascuna delle seguenti dichiarazioni' }).getByRole('checkbox').all())
    await box.check();
  await solveBotCheckQuickly(pharmacist);
  await submit.click();
  await expect(pharmacist).toHaveURL(/\/it\/thank-you$/);
});
