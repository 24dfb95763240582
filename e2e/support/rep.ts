// The sales rep's steps shared by the field-force specs.
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

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
