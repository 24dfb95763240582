// The audit export on the activity log page (issue 41 item 4): two labelled date inputs and a
// button; a valid range goes to the download as a GET in the page's language; a reversed or missing
// range stays on the page with its errors, summarised and at each field.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { ActivityEntry } from '#shared/schemas/activity-log.ts';
import { loadFeatureMessages } from '../../../lib/i18n.ts';
import { renderInSite } from '../../../test/render.tsx';
import { ADMIN, json, stubStaffApi } from '../../../test/staff-api-stub.tsx';
import { StaffArea } from '../session/staff-area.tsx';
import { ActivityLogPage } from './activity-log-page.tsx';

/** What the browser would send: each submit that reaches the window, and whether the page stopped it. */
let sent: { prevented: boolean; action: string; method: string; query: Record<string, string> }[] = [];
const record = (event: Event) => {
  const form = event.target as HTMLFormElement;
  sent.push({
    prevented: event.defaultPrevented,
    action: form.getAttribute('action')!,
    method: form.method,
    query: Object.fromEntries(new FormData(form) as unknown as Iterable<[string, string]>),
  });
  // jsdom cannot download: the test stops here what the browser would send.
  event.preventDefault();
};
beforeEach(() => {
  sent = [];
  window.addEventListener('submit', record);
});
afterEach(() => {
  window.removeEventListener('submit', record);
  cleanup();
  vi.unstubAllGlobals();
});

async function renderLog(country: 'uk' | 'de', items: ActivityEntry[] = []) {
  stubStaffApi({
    'GET /api/auth/me': () => json({ status: 'ok', data: ADMIN }),
    'GET /api/admin/activity': () => json({ status: 'ok', data: { items, total: items.length, page: 1, pageSize: 50 } }),
  });
  const user = userEvent.setup();
  await renderInSite(
    <Routes>
      <Route element={<StaffArea />}>
        <Route path="/admin/activity" element={<ActivityLogPage />} />
      </Route>
    </Routes>,
    { country, route: '/admin/activity' },
  );
  await loadFeatureMessages(['review', 'staff']);
  return user;
}

describe('the activity log’s download', () => {
  it('sends a valid range to the download as a GET, in the page’s language', async () => {
    const user = await renderLog('de');
    const group = await screen.findByRole('group', { name: 'Protokoll herunterladen' });
    await user.type(within(group).getByLabelText('Von (Tag)'), '2026-03-01');
    await user.type(within(group).getByLabelText('Bis (Tag)'), '2026-03-31');
    await user.click(within(group).getByRole('button', { name: 'CSV herunterladen' }));
    expect(sent).toEqual([{ prevented: false, action: '/api/admin/activity/csv', method: 'get', query: { lang: 'de', from: '2026-03-01', to: '2026-03-31' } }]);
  });

  it('keeps a reversed or missing range on the page, with its errors', async () => {
    const user = await renderLog('uk');
    const group = await screen.findByRole('group', { name: 'Download the log' });
    await user.type(within(group).getByLabelText('From (day)'), '2026-03-31');
    await user.type(within(group).getByLabelText('To (day)'), '2026-03-01');
    await user.click(within(group).getByRole('button', { name: 'Download CSV' }));
    expect(sent).toEqual([expect.objectContaining({ prevented: true })]);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(within(group).getByLabelText('To (day)')).toHaveAttribute('aria-invalid', 'true');

    sent = [];
    await user.clear(within(group).getByLabelText('From (day)'));
    await user.click(within(group).getByRole('button', { name: 'Download CSV' }));
    expect(sent).toEqual([expect.objectContaining({ prevented: true })]);
    expect(within(group).getByLabelText('From (day)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('lists a download in the log: which, by whom, its days and rows', async () => {
    await renderLog('uk', [
      {
        kind: 'reportDownload',
        id: 'r1',
        at: '2026-03-20T09:30:00.000Z',
        by: { name: 'Anna Verdi', role: 'main_admin' },
        report: 'activity',
        from: '2026-03-10',
        to: '2026-03-12',
        rows: 2,
      },
    ]);
    const table = await screen.findByRole('table', { name: '1 entry, newest first' });
    const [, download] = within(table).getAllByRole('row');
    expect(
      within(download!)
        .getAllByRole('cell')
        .slice(1)
        .map((td) => td.textContent),
    ).toEqual(['Anna VerdiMain admin', 'Activity log downloaded', '10 Mar 2026 to 12 Mar 20262 rows']);
  });
});
