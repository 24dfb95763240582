// The main admin's record of processing (issue 42 item 4), against a stubbed API: the server's
// record in the page's language (Italian and German here), nothing for any other role; axe at the end.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { ProcessingRecord } from '#shared/schemas/privacy.ts';
import { loadFeatureMessages } from '../../../../lib/i18n.ts';
import { axeViolations } from '../../../../test/axe.ts';
import { renderInSite } from '../../../../test/render.tsx';
import { ADMIN, MANAGER, json, stubStaffApi } from '../../../../test/staff-api-stub.tsx';
import { StaffArea } from '../../session/staff-area.tsx';
import { PrivacyRecordPage } from './privacy-record-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const RECORD: ProcessingRecord = {
  controller: { company: 'Esempio Salute S.r.l.', address: 'Via Roma 1, Milano', dpoEmail: 'dpo@esempio.it' },
  processors: [
    { role: 'hosting', name: 'Esempio Salute S.r.l.' },
    { role: 'mail', name: 'smtp.esempio.it' },
    { role: 'map_tiles', name: null },
    { role: 'places', name: null },
  ],
  entries: [
    {
      subject: 'applicant',
      category: 'identity',
      purpose: 'review_application',
      basis: 'art6_1_b',
      retention: { setting: 'RETENTION_REJECTED_MONTHS' },
      retentionValue: 18,
      recipients: ['reviewers', 'the_person'],
      processors: ['hosting', 'mail'],
      exported: true,
      erased: true,
      columns: ['applications.first_name', 'applications.last_name'],
    },
    {
      subject: 'staff',
      category: 'session',
      purpose: 'staff_access',
      basis: 'art6_1_b',
      retention: { fixed: { amount: 24, unit: 'hours' } },
      retentionValue: null,
      recipients: ['main_admin'],
      processors: ['hosting'],
      exported: false,
      erased: false,
      columns: ['sign_in_links.user_id'],
    },
    {
      subject: 'staff',
      category: 'technical',
      purpose: 'security',
      basis: 'art6_1_f',
      retention: { noLimit: true },
      retentionValue: null,
      recipients: ['main_admin'],
      processors: ['hosting'],
      exported: false,
      erased: false,
      columns: ['auth_events.ip'],
    },
  ],
  retentionPeriods: {
    RETENTION_REJECTED_MONTHS: 18,
    FIELD_CONFIRMATION_DAYS: 30,
    FINDER_FEED_DAYS: 90,
    STAFF_ABSOLUTE_HOURS: 12,
    RETENTION_ACCESS_LOG_MONTHS: 24,
  },
};

async function renderPage(country: 'it' | 'de', user = ADMIN) {
  stubStaffApi({
    'GET /api/auth/me': () => json({ status: 'ok', data: user }),
    'GET /api/admin/privacy': () => (user.role === 'main_admin' ? json({ status: 'ok', data: RECORD }) : json({ status: 'failed', message: 'forbidden' }, 403)),
  });
  await renderInSite(
    <Routes>
      <Route element={<StaffArea />}>
        <Route path="/admin/privacy" element={<PrivacyRecordPage />} />
      </Route>
    </Routes>,
    { country, route: '/admin/privacy' },
  );
  await loadFeatureMessages(['review', 'staff', 'privacy']);
}

const rowOf = (table: HTMLElement, column: string) => within(table).getByText(column).closest('tr')!;

describe('/admin/privacy', () => {
  it('shows the record of processing in Italian: each kind of data with its purpose, basis and period from the settings', async () => {
    await renderPage('it');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registro dei trattamenti' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: '3 tipi di dati personali' });
    const applicants = rowOf(table, 'applications.first_name');
    for (const cell of [
      'Candidati',
      'Dati identificativi',
      'Esame manuale delle candidature e pubblicazione dei farmacisti approvati nella ricerca farmacie',
      'Contratto o misure precontrattuali (art. 6, par. 1, lett. b)',
      'Finché la candidatura è aperta o pubblicata; 18 mesi dopo un rifiuto (RETENTION_REJECTED_MONTHS)',
      "Revisori, L'interessato stesso",
      'esportati e cancellati',
    ]) {
      expect(within(applicants).getByText(cell)).toBeInTheDocument();
    }
    expect(within(rowOf(table, 'sign_in_links.user_id')).getByText('24 ore')).toBeInTheDocument();
    expect(within(rowOf(table, 'auth_events.ip')).getByText('Nessun termine di cancellazione impostato')).toBeInTheDocument();
    const processors = screen.getByRole('region', { name: 'Responsabili del trattamento' });
    expect(within(processors).getByText('smtp.esempio.it')).toBeInTheDocument();
    expect(within(processors).getAllByText('nessuno (offline)')).toHaveLength(2);
    expect(screen.getByText(/dpo@esempio\.it/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Registro dei trattamenti' })).toHaveAttribute('href', '/admin/privacy');
    expect(await axeViolations()).toEqual([]);
  });

  it('words it in German on a German page', async () => {
    await renderPage('de');
    const table = await screen.findByRole('table', { name: '3 Arten personenbezogener Daten' });
    expect(
      within(rowOf(table, 'applications.first_name')).getByText(
        'Solange die Bewerbung offen oder eingetragen ist; 18 Monate nach einer Ablehnung (RETENTION_REJECTED_MONTHS)',
      ),
    ).toBeInTheDocument();
    expect(within(rowOf(table, 'auth_events.ip')).getByText('Berechtigte Interessen (Art. 6 Abs. 1 lit. f)')).toBeInTheDocument();
  });

  it('shows nothing of it to an area manager', async () => {
    await renderPage('it', MANAGER);
    expect(await screen.findByRole('heading', { level: 1, name: 'Non ha accesso a questa pagina' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(/dpo@esempio\.it/)).toBeNull();
  });
});
