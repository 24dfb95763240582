// Visits made offline while the session ended (issue 24 item 2): the server answers 401, the
// visits stay on the phone, and the rep is asked to sign in again to send them.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { Route, Routes } from 'react-router';
import { renderInSite } from '../../../test/render.tsx';
import { json, stubStaffApi } from '../../../test/staff-api-stub.tsx';
import type { StaffUser } from '../session/staff-user.ts';
import { StaffArea } from '../session/staff-area.tsx';

const REP: StaffUser = {
  id: '7d1f0c2e-5b3a-4c8d-9e6f-0a1b2c3d4e5f',
  email: 'luca@example.it',
  firstName: 'Luca',
  lastName: 'Bianchi',
  role: 'sales_rep',
  areaManagerId: 'am-1',
  mfaPassed: true,
};
const WAITING = {
  pending: [
    {
      key: 'k-0000000001',
      formId: 'rep-visit',
      recordId: 'p-1',
      label: 'Farmacia del Corso',
      path: '/api/rep-update-pharmacy',
      method: 'PUT',
      payload: { pharmacyId: 'p-1', callFlag: 'not_interested', month: 3 },
      queuedAt: 1,
    },
    {
      key: 'k-0000000002',
      formId: 'rep-visit',
      recordId: 'p-2',
      label: 'Farmacia Navigli',
      path: '/api/rep-update-pharmacy',
      method: 'PUT',
      payload: { pharmacyId: 'p-2', callFlag: 'not_interested', month: 3 },
      queuedAt: 2,
    },
  ],
  refused: [],
};

async function render(user: StaffUser) {
  await renderInSite(
    <Routes>
      <Route element={<StaffArea />}>
        <Route path="/rep/home/:repId" element={<h1>Le Sue farmacie</h1>} />
      </Route>
    </Routes>,
    { country: 'it', language: 'it', mode: 'rep', route: `/rep/home/${user.id}` },
  );
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('pc.outbox', JSON.stringify(WAITING));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('visits waiting when the session has ended', () => {
  it('keeps them and asks the rep to sign in again, coming back to this page', async () => {
    const api = stubStaffApi({
      'GET /api/auth/me': () => json({ status: 'ok', data: REP }),
      'PUT /api/rep-update-pharmacy': () => json({ status: 'failed', message: 'unauthorized' }, 401),
    });
    await render(REP);
    const prompt = await screen.findByRole('alert');
    expect(prompt).toHaveTextContent('La Sua sessione è scaduta. 2 visite registrate senza connessione sono conservate su questo telefono');
    expect(within(prompt).getByRole('link', { name: 'Acceda di nuovo per inviarle' })).toHaveAttribute(
      'href',
      `/signin?returnTo=${encodeURIComponent(`/rep/home/${REP.id}`)}`,
    );
    // The first was tried once; nothing is dropped or refused.
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    const stored = JSON.parse(localStorage.getItem('pc.outbox')!) as { pending: unknown[]; refused: unknown[] };
    expect(stored.pending).toHaveLength(2);
    expect(stored.refused).toHaveLength(0);
    const result = await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });

  it('says nothing once they are sent', async () => {
    stubStaffApi({
      'GET /api/auth/me': () => json({ status: 'ok', data: REP }),
      'PUT /api/rep-update-pharmacy': () => json({ status: 'ok', data: { pharmacyId: 'p', callEntryId: 'e' } }),
    });
    await render(REP);
    await vi.waitFor(() => expect(JSON.parse(localStorage.getItem('pc.outbox')!).pending).toHaveLength(0));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
