// The programme report page against a stubbed API (issue 41 item 3): one table per market with the
// API's figures as the page's language writes them (Italian and English here), captions and header
// cells scoped, the months asked for sent on, the CSV link naming the same months and language, a
// reversed range refused before it is asked, and the no-access page for anyone else.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { ProgrammeMonth, ProgrammeReport } from '#shared/schemas/programme-report.ts';
import { loadFeatureMessages } from '../../../lib/i18n.ts';
import { renderInSite } from '../../../test/render.tsx';
import { ADMIN, MANAGER, json, stubStaffApi } from '../../../test/staff-api-stub.tsx';
import { StaffArea } from '../session/staff-area.tsx';
import { ProgrammeReportPage } from './programme-report-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const EMPTY = {
  submitted: 0,
  approved: 0,
  rejected: 0,
  changesRequested: 0,
  erased: 0,
  medianDays: null,
  p90Days: null,
  within28DaysPercent: null,
  fieldConfirmed: 0,
  fieldLapsed: 0,
  listingsLive: 0,
};
const row = (market: ProgrammeMonth['market'], month: string, figures: Partial<ProgrammeMonth> = {}): ProgrammeMonth => ({
  ...EMPTY,
  ...figures,
  market,
  month,
});
const REPORT: ProgrammeReport = {
  months: ['2026-01', '2026-02'],
  asOf: '2026-02-15T12:00:00.000Z',
  rows: [
    row('uk', '2026-01', { submitted: 4, approved: 1, changesRequested: 1, medianDays: 10, p90Days: 10, within28DaysPercent: 100, listingsLive: 1 }),
    row('uk', '2026-02', { submitted: 1, approved: 2, rejected: 1, erased: 1, medianDays: 4, p90Days: 25.2, within28DaysPercent: 67, listingsLive: 1 }),
    row('it', '2026-01'),
    row('it', '2026-02', { submitted: 1, fieldConfirmed: 1, fieldLapsed: 1 }),
    row('de', '2026-01'),
    row('de', '2026-02'),
  ],
};

async function renderAt(route: string, country: 'uk' | 'it' = 'uk') {
  await renderInSite(
    <Routes>
      <Route element={<StaffArea />}>
        <Route path="/admin/programme" element={<ProgrammeReportPage />} />
      </Route>
    </Routes>,
    { country, route },
  );
  await loadFeatureMessages(['review', 'staff']);
}

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('the programme report page', () => {
  it('shows each market’s months as a table in Italian, from the API’s figures', async () => {
    stubStaffApi({ 'GET /api/auth/me': () => json({ status: 'ok', data: ADMIN }), 'GET /api/admin/programme': () => json({ status: 'ok', data: REPORT }) });
    await renderAt('/admin/programme?from=2026-01&to=2026-02', 'it');
    expect(await screen.findByRole('heading', { level: 1, name: 'Report del programma' })).toBeInTheDocument();
    const uk = await screen.findByRole('table', { name: 'Regno Unito: dati mese per mese' });
    expect(cellsOf(uk)).toEqual([
      [
        'Mese',
        'Inviate',
        'Approvate',
        'Respinte',
        'Modifiche richieste',
        'Ritirate o cancellate',
        'Giorni alla decisione (mediana)',
        'Giorni alla decisione (90° percentile)',
        'Decise entro 28 giorni',
        'Adesioni sul campo confermate',
        'Adesioni sul campo scadute',
        'Schede attive a fine mese',
      ],
      ['gennaio 2026', '4', '1', '0', '1', '0', '10', '10', '100%', '0', '0', '1'],
      ['febbraio 2026', '1', '2', '1', '0', '1', '4', '25,2', '67%', '0', '0', '1'],
    ]);
    expect(within(uk).getAllByRole('columnheader')[0]).toHaveAttribute('scope', 'col');
    expect(within(uk).getByRole('rowheader', { name: 'febbraio 2026' })).toHaveAttribute('scope', 'row');
    expect(cellsOf(screen.getByRole('table', { name: 'Italia: dati mese per mese' }))[2]).toEqual([
      'febbraio 2026',
      '1',
      '0',
      '0',
      '0',
      '0',
      '–',
      '–',
      '–',
      '1',
      '1',
      '0',
    ]);
    expect(screen.getByRole('table', { name: 'Germania: dati mese per mese' })).toBeInTheDocument();
    // The chart, loaded after the table, names what it draws; the table holds the same figures.
    expect(await screen.findByRole('img', { name: /^Regno Unito: candidature inviate/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Scarica il CSV' })).toHaveAttribute('href', '/api/admin/programme/csv?from=2026-01&to=2026-02&lang=it');
  });

  it('asks for the months in the address, and refuses a reversed range before asking', async () => {
    const asked: string[] = [];
    stubStaffApi({
      'GET /api/auth/me': () => json({ status: 'ok', data: ADMIN }),
      'GET /api/admin/programme': (url) => {
        asked.push(url.search);
        return json({ status: 'ok', data: REPORT });
      },
    });
    await renderAt('/admin/programme?from=2026-01&to=2026-02');
    const uk = await screen.findByRole('table', { name: 'United Kingdom: figures by month' });
    expect(asked).toEqual(['?from=2026-01&to=2026-02']);
    expect(cellsOf(uk)[2]).toEqual(['February 2026', '1', '2', '1', '0', '1', '4', '25.2', '67%', '0', '0', '1']);

    const user = userEvent.setup();
    const from = screen.getByLabelText('From (month)');
    await user.clear(from);
    await user.type(from, '2026-03');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(asked).toHaveLength(1);
  });

  it('shows the no-access page to an area manager', async () => {
    stubStaffApi({ 'GET /api/auth/me': () => json({ status: 'ok', data: MANAGER }), 'GET /api/admin/programme': () => json({ status: 'failed' }, 403) });
    await renderAt('/admin/programme');
    expect(await screen.findByRole('heading', { level: 1, name: /access/i })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
