// Issue 42 item 4: the privacy texts state the retention periods the server's settings set
// (RETENTION_REJECTED_MONTHS, FIELD_CONFIRMATION_DAYS, served in the site config), never by hand.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION_PERIODS } from '#shared/schemas/privacy.ts';
import { renderInSite } from '../../test/render.tsx';
import { DatenschutzPage } from './datenschutz-page.tsx';
import { PrivacyPolicyPage } from './privacy-policy-page.tsx';

afterEach(cleanup);

const retention = { ...DEFAULT_RETENTION_PERIODS, RETENTION_REJECTED_MONTHS: 18, FIELD_CONFIRMATION_DAYS: 45 };

async function shownText() {
  await screen.findByRole('navigation', { name: /Contents|Indice|Inhalt/ });
  return document.querySelector('.legal__text')!.textContent ?? '';
}

describe('the retention periods of the privacy texts', () => {
  it('states the rejected applications period and the field confirmation period the settings give (UK, English)', async () => {
    await renderInSite(<PrivacyPolicyPage />, { route: '/privacy-policy', settle: true, site: { retention } });
    const text = await shownText();
    expect(text).toContain('we keep your information for 18 months');
    expect(text).toContain('If you do not confirm within 45 days');
    expect(text).not.toMatch(/2 years|\{\{/);
  });

  it('states them in Italian on the Italian policy', async () => {
    await renderInSite(<PrivacyPolicyPage />, { country: 'it', route: '/privacy-policy', settle: true, site: { retention } });
    const text = await shownText();
    expect(text).toContain('conserviamo i dati per 18 mesi');
    expect(text).toContain('Se non conferma entro 45 giorni');
  });

  it('states them in German in the Datenschutzerklärung, its table included', async () => {
    await renderInSite(<DatenschutzPage />, { country: 'de', route: '/datenschutz', settle: true, site: { retention } });
    const text = await shownText();
    expect(text).toContain('speichern wir die Daten noch 18 Monate');
    expect(screen.getByRole('cell', { name: /nach Ablehnung oder Ende des Eintrags 18 Monate/ })).toBeInTheDocument();
    expect(text).toContain('nicht innerhalb von 45 Tagen');
  });

  it('leaves no privacy text stating these periods by hand', () => {
    const root = join(import.meta.dirname, '..', '..', 'content');
    for (const market of readdirSync(root)) {
      for (const language of readdirSync(join(root, market))) {
        for (const file of readdirSync(join(root, market, language)).filter((f) => /^(privacy-policy|datenschutz)\.md$/.test(f))) {
          const markdown = readFileSync(join(root, market, language, file), 'utf8');
          expect(markdown, `${market}/${language}/${file}`).toContain('{{rejectedMonths}}');
          expect(markdown, `${market}/${language}/${file}`).toContain('{{fieldConfirmationDays}}');
          expect(markdown, `${market}/${language}/${file}`).not.toMatch(/\b(2|two|due|zwei) (years|anni|Jahre)\b/i);
        }
      }
    }
  });
});
