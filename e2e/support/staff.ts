// Staff in the end-to-end specs: people created through the inspection server, and sign-in as a
// person does it (ask at /it/signin, follow the e-mailed link, press Accedi; enrol TOTP where the
// role needs it).
import type { Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { acceptEssentialCookies, expect } from './fixtures.ts';
import { storedMail } from './steps.ts';

const inspectionUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

export interface StaffInput {
  email: string;
  firstName: string;
  lastName: string;
  role: 'main_admin' | 'reviewer' | 'area_manager' | 'sales_rep';
  areaManagerEmail?: string;
}

/** Creates a staff user directly in the database (inspection server, test support only). */
export async function createStaff(input: StaffInput): Promise<void> {
  const res = await fetch(`${inspectionUrl}/staff`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) });
  expect(res.ok, `POST /staff: ${res.status} ${await res.text().catch(() => '')}`).toBe(true);
}

/** The sign-in link of the newest e-mail to this address sent at or after `after` (ms). */
export async function signInLinkFor(email: string, after = 0): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const rows = (await (await fetch(`${inspectionUrl}/mail`)).json()) as { to: string; text: string; createdAt: string }[];
        const mail = rows.find((row) => row.to.includes(email) && new Date(row.createdAt).getTime() >= after && /signin\/verify/.test(row.text));
        link = /https?:\/\/\S+\/signin\/verify\?token=[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0] ?? '';
        return link;
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return link;
}

/** Asks for a link at /it/signin in this page and returns it from the outbox. */
export async function requestLink(page: Page, email: string, path = '/it/signin'): Promise<string> {
  const since = Date.now() - 1000;
  await page.goto(path);
  await acceptEssentialCookies(page);
  await page.getByRole('textbox', { name: 'Indirizzo email' }).fill(email);
  await page.getByRole('button', { name: 'Invia il link di accesso' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Controlli la Sua email' })).toBeVisible();
  return signInLinkFor(email, since);
}

/** Opens the link (on this server) and presses Accedi. */
export async function useLink(page: Page, link: string) {
  const url = new URL(link);
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('heading', { level: 1, name: "Conferma l'accesso" })).toBeVisible();
  await page.getByRole('button', { name: 'Accedi' }).click();
}

/** An area manager or rep signs in with an e-mailed link. */
export async function signIn(page: Page, email: string) {
  await useLink(page, await requestLink(page, email));
}

/** A reviewer or main admin signs in with the e-mailed link and enrols their authenticator. */
export async function signInWithTotp(page: Page, email: string) {
  await signIn(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Configuri la verifica in due passaggi' })).toBeVisible();
  const totp = OTPAuth.URI.parse((await page.locator('#totp-link').getAttribute('href'))!) as OTPAuth.TOTP;
  await page.getByRole('textbox', { name: 'Codice di verifica' }).fill(totp.generate());
  await page.getByRole('button', { name: 'Attiva e accedi' }).click();
  await expect(page.getByRole('button', { name: 'Esci' })).toBeVisible();
}

/** The newest e-mail to an address whose subject matches, polled from the outbox. */
export async function mailTo(email: string, subject: RegExp) {
  let found: Awaited<ReturnType<typeof storedMail>>[number] | undefined;
  await expect
    .poll(async () => (found = (await storedMail()).find((m) => m.to.includes(email) && subject.test(m.subject))) !== undefined, { timeout: 10_000 })
    .toBe(true);
  return found!;
}
