// Spec §2's redirectors of the staff variants (issue 24 item 5), through the app's own route table.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { routerPath } from '#shared/routes.ts';
import { renderInSite } from '../../../test/render.tsx';
import { json, MANAGER, stubStaffApi } from '../../../test/staff-api-stub.tsx';
import type { StaffUser } from './staff-user.ts';
import { StaffArea } from './staff-area.tsx';
import { AreaManagerEditRedirect, AreaManagerFormByRecord, RepEditRedirect } from './staff-edit-redirects.tsx';

const REP: StaffUser = {
  id: 'rep-1',
  email: 'luca@example.it',
  firstName: 'Luca',
  lastName: 'Bianchi',
  role: 'sales_rep',
  areaManagerId: 'am-1',
  mfaPassed: true,
};
const ID = '0b5c9a52-6f2d-4d8e-9a37-6d1f3c2b7e10';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

async function open(route: string, user: StaffUser) {
  stubStaffApi({ 'GET /api/auth/me': () => json({ status: 'ok', data: user }) });
  await renderInSite(
    <Routes>
      <Route element={<StaffArea />}>
        <Route path={routerPath('areaManagerEditRedirect')} element={<AreaManagerEditRedirect />} />
        <Route path={routerPath('areaManagerFormByRecord')} element={<AreaManagerFormByRecord />} />
        <Route path={routerPath('repEditRedirect')} element={<RepEditRedirect />} />
        <Route path="*" element={<Where />} />
      </Route>
    </Routes>,
    { country: 'it', language: 'it', route },
  );
  return (await screen.findByTestId('where')).textContent;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the staff variants’ redirectors (spec §2)', () => {
  it('/areamanager/pharmacist/edit/{id} forwards to /areamanager/form?pharmacistId={id}, which opens the pharmacy’s edit page', async () => {
    // The two hops end at the edit page; the first is the spec's own target.
    expect(await open(`/areamanager/form?pharmacistId=${ID}`, MANAGER)).toBe(`/areamanager/pharmacy/edit/${ID}`);
    cleanup();
    expect(await open(`/areamanager/pharmacist/edit/${ID}`, MANAGER)).toBe(`/areamanager/pharmacy/edit/${ID}`);
  });

  it('/areamanager/form without an id is the manager’s own add-a-pharmacy form', async () => {
    expect(await open('/areamanager/form', MANAGER)).toBe(`/areamanager/form/${MANAGER.id}`);
  });

  it('/rep/pharmacist/edit/{id} forwards to /rep/form?pharmacyId={id}', async () => {
    expect(await open(`/rep/pharmacist/edit/${ID}`, REP)).toBe(`/rep/form?pharmacyId=${ID}`);
  });
});
