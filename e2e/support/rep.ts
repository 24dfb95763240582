// The sales rep's steps shared by the field-force specs.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { acceptEssentialCookies, expect } from './fixtures.ts';

/** From the rep's list, opens the visit form of the named pharmacy. */
export async function openPharmacy(page: Page, name: string) {
  await page.getByRole('link', { name: `Modifica ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Registra una visita' })).toBeVisible();
}

/** Saves the visit and waits for the page that follows (sent, or kept on the device offline). */
export async function saveVisit(page: Page, heading = 'Visita registrata') {
  await page.getByRole('button', { name: 'Salva la visita' }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

const inspectionUrl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;

/** The test server's inspection API (e2e/support/server.ts). */
export async function inspect<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(
    `${inspectionUrl}${path}`,
    body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  expect(res.ok, `${path}: ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

let counter = 0;
type Place = { placeId: string; lat: number; lng: number };
/** An area manager and their rep, with the pharmacies assigned to the rep (a name, or a name and its place); their ids by name. */
export async function repWithPharmacies(pharmacies: (string | { name: string; place: Place })[]): Promise<{ rep: string; ids: Map<string, string> }> {
  counter += 1;
  const tag = `${Date.now() % 1_000_000}.${counter}`;
  const manager = `am.${tag}@example.it`;
  const rep = `rep.${tag}@example.it`;
  await inspect('/staff', { email: manager, firstName: 'Anna', lastName: 'Rossi', role: 'area_manager' });
  await inspect('/staff', { email: rep, firstName: 'Luca', lastName: 'Bianchi', role: 'sales_rep', areaManagerEmail: manager });
  const ids = new Map<string, string>();
  for (const [i, pharmacy] of pharmacies.entries()) {
    const name = typeof pharmacy === 'string' ? pharmacy : pharmacy.name;
    // Without a place of its own: a manually entered address (placeId 'manual:' and 32 hex digits), unique per run.
    const place = typeof pharmacy === 'string' ? { placeId: `manual:${randomBytes(16).toString('hex')}`, lat: 41.89 + i / 100, lng: 12.49 } : pharmacy.place;
    const { id } = await inspect<{ id: string }>('/field-pharmacies', {
      areaManagerEmail: manager,
      repEmail: rep,
      name,
      fullAddress: `Via del Corso ${10 + i}, 00186 Roma RM`,
      place,
    });
    ids.set(name, id);
  }
  return { rep, ids };
}

/** Signs the rep in with a one-time link from the test server; lands on their list, whose path it answers. */
export async function signInRep(page: Page, email: string): Promise<string> {
  const { link } = await inspect<{ link: string }>('/staff-link', { email });
  const url = new URL(link);
  await page.goto(url.pathname + url.search);
  await acceptEssentialCookies(page);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).toHaveURL(/\/it\/rep\/home\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Le Sue farmacie' })).toBeVisible();
  return new URL(page.url()).pathname;
}

/** The visits recorded for a pharmacy, oldest first. */
export const callEntriesOf = (pharmacyId: string) =>
  inspect<{ callFlag: string; month: number; note: string | null }[]>(`/call-entries?pharmacyId=${pharmacyId}`);
