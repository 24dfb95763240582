// The main admin's API keys (issue 38 item 5), against a stubbed API: issuing through the catalogue
// form shows the new key once on the list; rotate and revoke ask for a confirmation; each page ends
// with axe.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { ApiClientItem } from '#shared/schemas/api-clients.ts';
import { loadFeatureMessages } from '../../../../lib/i18n.ts';
import { axeViolations } from '../../../../test/axe.ts';
import { renderInSite } from '../../../../test/render.tsx';
import { ADMIN, MANAGER, json, stubStaffApi } from '../../../../test/staff-api-stub.tsx';
import { StaffArea } from '../../session/staff-area.tsx';
import { ApiKeysPage } from './api-keys-page.tsx';
import { IssueApiKeyPage } from './issue-api-key-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const KEY = `pc_${'Ab3_'.repeat(10)}xyz`;
const NEW_KEY = `pc_${'Zz9-'.repeat(10)}qrs`;
const usage = (requests: number) => Array.from({ length: 7 }, (_, i) => ({ day: `2026-11-${String(22 + i).padStart(2, '0')}`, requests, limited: 0 }));
const CLIENT: ApiClientItem = {
  id: 'c-1',
  name: 'Patient app iOS',
  keyPrefix: KEY.slice(0, 9),
  quotaPerMinute: 1200,
  createdAt: '2026-11-20T10:00:00Z',
  createdBy: 'Anna Verdi',
  rotatedAt: null,
  revokedAt: null,
  revokedBy: null,
  usage: usage(10),
};

function renderPages(route: string) {
  return renderInSite(
    <Routes>
      <Route element={<StaffArea />}>
        <Route path="/admin/api-keys" element={<ApiKeysPage />} />
        <Route path="/admin/api-keys/issue" element={<IssueApiKeyPage />} />
      </Route>
    </Routes>,
    { country: 'uk', route },
  );
}

describe('API keys', () => {
  it('issues a key with the catalogue form and shows it once on the list', async () => {
    let clients: ApiClientItem[] = [];
    const api = stubStaffApi({
      'GET /api/auth/me': () => json({ status: 'ok', data: ADMIN }),
      'GET /api/admin/api-clients': () => json({ status: 'ok', data: clients }),
      'POST /api/admin/api-clients': () => {
        clients = [CLIENT];
        return json({ status: 'ok', data: { client: CLIENT, key: KEY } });
      },
    });
    const user = userEvent.setup();
    await renderPages('/admin/api-keys/issue');
    await loadFeatureMessages(['review', 'staff', 'form', 'api-keys']);
    const quota = await screen.findByRole('textbox', { name: 'Quota (requests per minute)' });
    expect(quota).toHaveValue('600');
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Issue the key' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['#name']);
    await user.type(screen.getByRole('textbox', { name: 'Name of the app' }), 'Patient app iOS');
    await user.clear(quota);
    await user.type(quota, '1200');
    await user.click(screen.getByRole('button', { name: 'Issue the key' }));

    expect(await screen.findByRole('heading', { name: 'The key for Patient app iOS' })).toBeInTheDocument();
    expect(screen.getByTestId('issued-api-key')).toHaveTextContent(KEY);
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Patient app iOS', quotaPerMinute: 1200 });
    // The key is not left in the history's state for Back or a reload to show again.
    expect(window.history.state?.usr ?? null).toBeNull();
    const table = await screen.findByRole('table');
    expect(within(table).getByText(`${KEY.slice(0, 9)}…`)).toBeInTheDocument();
    expect(within(table).getByText('70 requests')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByTestId('issued-api-key')).toBeNull();
  });

  it('rotates and revokes after a confirmation', async () => {
    let current = CLIENT;
    const api = stubStaffApi({
      'GET /api/auth/me': () => json({ status: 'ok', data: ADMIN }),
      'GET /api/admin/api-clients': () => json({ status: 'ok', data: [current] }),
      'POST /api/admin/api-clients/c-1/rotate': () => json({ status: 'ok', data: { client: CLIENT, key: NEW_KEY } }),
      'POST /api/admin/api-clients/c-1/revoke': () => {
        current = { ...CLIENT, revokedAt: '2026-11-28T10:00:00Z', revokedBy: 'Anna Verdi' };
        return json({ status: 'ok', data: current });
      },
    });
    const user = userEvent.setup();
    await renderPages('/admin/api-keys');
    await loadFeatureMessages(['review', 'staff', 'form', 'api-keys']);
    await user.click(await screen.findByRole('button', { name: 'Rotate Patient app iOS' }));
    expect(api.calls.some((c) => c.path.endsWith('/rotate'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Rotate the key' }));
    expect(await screen.findByTestId('issued-api-key')).toHaveTextContent(NEW_KEY);

    await user.click(screen.getByRole('button', { name: 'Revoke Patient app iOS' }));
    await user.click(screen.getByRole('button', { name: 'Revoke the key' }));
    expect(await screen.findByText(/^Revoked on/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Rotate/ })).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('is no page for anyone but the main admin', async () => {
    stubStaffApi({ 'GET /api/auth/me': () => json({ status: 'ok', data: MANAGER }) });
    await renderPages('/admin/api-keys');
    await loadFeatureMessages(['review', 'staff', 'form', 'api-keys']);
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('API keys');
  });
});
