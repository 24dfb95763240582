// The main admin's activity log page against a stubbed API: one row per entry (when, who, what,
// details), a deleted user named as such, the page asked for in the address, the empty state,
// and the no-access page for anyone else.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { ActivityEntry } from '#shared/schemas/activity-log.ts';
import { loadFeatureMessages } from '../../../lib/i18n.ts';
import { renderInSite } from '../../../test/render.tsx';
import { ADMIN, MANAGER, json, stubStaffApi } from '../../../test/staff-api-stub.tsx';
import { StaffArea } from '../session/staff-area.tsx';
import { ActivityLogPage } from './activity-log-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ENTRIES: ActivityEntry[] = [
  {
    kind: 'csvExport',
    id: 'e1',
    at: '2026-03-02T12:00:00.000Z',
    by: { name: 'Marco Rossi', role: 'area_manager' },
    rows: 120,
    areaManager: { name: 'Marco Rossi', role: 'area_manager' },
  },
  {
    kind: 'decision',
    id: 'd1',
    at: '2026-03-02T11:00:00.000Z',
    by: { name: 'Rita Neri', role: 'reviewer' },
    decision: 'request_changes',
    applicationId: 'a1',
    reference: 'PC-7K3M9Q',
    fromStatus: 'submitted',
    toStatus: 'changes_requested',
  },
  { kind: 'csvExport', id: 'e0', at: '2026-03-01T09:00:00.000Z', by: null, rows: 1, areaManager: null },
];

const page =
  (items: ActivityEntry[], total = items.length) =>
  () =>
    json({ status: 'ok', data: { items, total, page: 1, pageSize: 50 } });

async function renderAt(route: string) {
  await renderInSite(
    <Routes>
      <Route element={<StaffArea />}>
        <Route path="/admin/activity" element={<ActivityLogPage />} />
      </Route>
    </Routes>,
    { country: 'uk', route },
  );
  await loadFeatureMessages(['review', 'staff']);
}

describe('the activity log page', () => {
  it('lists each entry with when, who, what and details, newest first', async () => {
    const api = stubStaffApi({ 'GET /api/auth/me': () => json({ status: 'ok', data: ADMIN }), 'GET /api/admin/activity': page(ENTRIES, 53) });
    await renderAt('/admin/activity');
    const table = await screen.findByRole('table', { name: '53 entries, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['When', 'Who', 'What', 'Details']);
    const [, exported, decided, orphan] = within(table).getAllByRole('row');
    expect(
      within(exported!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual([expect.stringContaining('2026'), 'Marco RossiArea manager', 'CSV export of pharmacies', '120 rowsPharmacies of Marco Rossi']);
    expect(within(exported!).getByText(/2026/).closest('time')).toHaveAttribute('datetime', '2026-03-02T12:00:00.000Z');
    expect(within(decided!).getByText('Changes requested')).toBeInTheDocument();
    expect(within(decided!).getByRole('link', { name: 'Application PC-7K3M9Q' })).toHaveAttribute('href', '/admin/review/a1');
    expect(within(decided!).getByText('From “Submitted” to “Changes requested”')).toBeInTheDocument();
    expect(
      within(orphan!)
        .getAllByRole('cell')
        .slice(1)
        .map((td) => td.textContent),
    ).toEqual(['Deleted user', 'CSV export of pharmacies', '1 rowPharmacies of Deleted user']);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 1 of 2');
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/admin/activity?page=2');
    expect(api.calls.find((call) => call.path === '/api/admin/activity')).toBeDefined();
  });

  it("words each change to a staff account: who did it, whose account, and where a rep's pharmacies went", async () => {
    const manager = { name: 'Marco Rossi', role: 'area_manager' } as const;
    const sara = { name: 'Sara Bianchi', role: 'sales_rep' } as const;
    const changes: ActivityEntry[] = [
      {
        kind: 'staffChange',
        id: 's3',
        at: '2026-03-03T12:00:00.000Z',
        by: manager,
        action: 'moved',
        staff: sara,
        to: { name: 'Alessandro Verdi', role: 'sales_rep' },
        pharmacies: 3,
      },
      { kind: 'staffChange', id: 's2', at: '2026-03-03T11:00:00.000Z', by: manager, action: 'disabled', staff: sara },
      { kind: 'staffChange', id: 's1', at: '2026-03-03T10:00:00.000Z', by: manager, action: 'added', staff: sara },
    ];
    stubStaffApi({ 'GET /api/auth/me': () => json({ status: 'ok', data: ADMIN }), 'GET /api/admin/activity': page(changes) });
    await renderAt('/admin/activity');
    const table = await screen.findByRole('table', { name: '3 entries, newest first' });
    const [, moved, disabled, added] = within(table).getAllByRole('row');
    expect(
      within(moved!)
        .getAllByRole('cell')
        .slice(1)
        .map((td) => td.textContent),
    ).toEqual(['Marco RossiArea manager', 'Pharmacies moved to another rep', '3 pharmaciesFrom: Sara BianchiTo: Alessandro Verdi']);
    expect(
      within(disabled!)
        .getAllByRole('cell')
        .slice(2)
        .map((td) => td.textContent),
    ).toEqual(['Staff account disabled', 'Sara Bianchi (Sales rep)']);
    expect(
      within(added!)
        .getAllByRole('cell')
        .slice(2)
        .map((td) => td.textContent),
    ).toEqual(['Staff account added', 'Sara Bianchi (Sales rep)']);
  });

  it('asks for the page in the address', async () => {
    const asked: string[] = [];
    stubStaffApi({
      'GET /api/auth/me': () => json({ status: 'ok', data: ADMIN }),
      'GET /api/admin/activity': (url) => {
        asked.push(url.search);
        return page(ENTRIES, 53)();
      },
    });
    await renderAt('/admin/activity?page=2');
    await screen.findByRole('table');
    expect(asked).toEqual(['?page=2']);
    expect(screen.getByRole('link', { name: 'Previous page' })).toBeInTheDocument();
  });

  it('says when nothing has been recorded yet', async () => {
    stubStaffApi({ 'GET /api/auth/me': () => json({ status: 'ok', data: ADMIN }), 'GET /api/admin/activity': page([]) });
    await renderAt('/admin/activity');
    expect(await screen.findByText('Nothing recorded yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows an error when the log cannot be loaded', async () => {
    stubStaffApi({
      'GET /api/auth/me': () => json({ status: 'ok', data: ADMIN }),
      'GET /api/admin/activity': () => json({ status: 'failed', message: 'unavailable' }, 503),
    });
    await renderAt('/admin/activity');
    expect(await screen.findByText('The data could not be loaded. Check your connection and try again.')).toBeInTheDocument();
  });

  it('shows the no-access page to anyone but the main admin', async () => {
    stubStaffApi({
      'GET /api/auth/me': () => json({ status: 'ok', data: MANAGER }),
      'GET /api/admin/activity': () => json({ status: 'failed', message: 'forbidden' }, 403),
    });
    await renderAt('/admin/activity');
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeInTheDocument();
  });
});
