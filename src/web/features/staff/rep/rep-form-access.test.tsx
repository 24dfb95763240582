// A rep opening a pharmacy that is not theirs (the API answers 403) is told they have no access,
// not that the service is down (issue 24 item 5).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { renderInSite } from '../../../test/render.tsx';
import { json, stubStaffApi } from '../../../test/staff-api-stub.tsx';
import type { StaffUser } from '../session/staff-user.ts';
import { StaffArea } from '../session/staff-area.tsx';
import { RepFormPage } from './rep-form-page.tsx';

vi.mock('../../../components/altcha-widget.tsx', async () => (await import('../../../test/fakes.tsx')).fakeAltchaModule);
vi.mock('../../../components/leaflet-map.tsx', async () => (await import('../../../test/fakes.tsx')).fakeLeafletModule);

const PHARMACY = '0b5c9a52-6f2d-4d8e-9a37-6d1f3c2b7e10';
const REP: StaffUser = {
  id: '7d1f0c2e-5b3a-4c8d-9e6f-0a1b2c3d4e5f',
  email: 'luca@example.it',
  firstName: 'Luca',
  lastName: 'Bianchi',
  role: 'sales_rep',
  areaManagerId: 'am-1',
  mfaPassed: true,
};

async function openForm(answer: () => Response) {
  stubStaffApi({ 'GET /api/auth/me': () => json({ status: 'ok', data: REP }), 'GET /api/rep-get-pharmacy': answer });
  await renderInSite(
    <Routes>
      <Route element={<StaffArea />}>
        <Route path="/rep/form" element={<RepFormPage />} />
      </Route>
    </Routes>,
    { country: 'it', language: 'it', mode: 'rep', route: '/rep/form?pharmacyId=0b5c9a52-6f2d-4d8e-9a37-6d1f3c2b7e10' },
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/rep/form for a pharmacy not assigned to the rep', () => {
  it('says the rep has no access (403), with the way back to their list', async () => {
    await openForm(() => json({ status: 'failed', message: 'forbidden' }, 403));
    expect(await screen.findByRole('heading', { level: 1, name: 'Non ha accesso a questa pagina' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Torna alla Sua pagina iniziale' })).toHaveAttribute('href', `/rep/home/${REP.id}`);
    expect(screen.queryByText(/servizio/i)).toBeNull();
  });

  it('still says the service failed when it did (500)', async () => {
    await openForm(() => json({ status: 'failed', message: 'error' }, 500));
    expect(await screen.findByRole('heading', { level: 1, name: /servizio non è momentaneamente disponibile/ })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Non ha accesso a questa pagina' })).toBeNull();
  });
});

describe('/rep/form in Italian', () => {
  it('names the registration number as the Italian form does in the error summary, never GPhC', async () => {
    const user = userEvent.setup();
    await openForm(() =>
      json({
        status: 'ok',
        data: {
          id: PHARMACY,
          pharmacyName: 'Farmacia del Corso',
          whereYouWork: 'Farmacia del Corso',
          address: 'Via del Corso 10, 00186 Roma RM',
          callFlag: null,
          month: null,
        },
      }),
    );
    await user.click(await screen.findByRole('radio', { name: 'Ha aderito a Unify' }));
    await user.type(screen.getByRole('textbox', { name: /Numero di iscrizione/ }), 'x');
    // Submit stays disabled until the statements are ticked; a submit (Enter in a field) still shows the summary.
    act(() => document.querySelector('form')!.requestSubmit());
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent("Numero di iscrizione all'Albo");
    expect(document.body).not.toHaveTextContent('GPhC');
  });
});
