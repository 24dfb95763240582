import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { lastTwelveMonths } from '#shared/schemas/dashboard.ts';
import { renderInSite } from '../../../../test/render.tsx';
import { json, MANAGER, stubStaffApi } from '../../../../test/staff-api-stub.tsx';
import { StaffArea } from '../../session/staff-area.tsx';
import { AreaManagerHomePage } from '../area-manager-home-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const months = lastTwelveMonths(new Date('2026-11-15T00:00:00Z'));
const DASHBOARD = {
  pipeline: [
    { callFlag: 'joined_unify', count: 4 },
    { callFlag: null, count: 2 },
    { callFlag: 'not_interested', count: 1 },
  ],
  joins: {
    months,
    reps: [
      { repId: 'r1', name: 'Alessandro Colombo', counts: [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 1] },
      { repId: null, name: '', counts: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
    ],
  },
  points: [{ id: 'p1', name: 'Farmacia Brera', lat: 45.47, lng: 9.19, callFlag: 'joined_unify' }],
};

async function renderHome(dashboard: () => Response) {
  stubStaffApi({
    'GET /api/auth/me': () => json({ status: 'ok', data: MANAGER }),
    'GET /api/areamanager-get-pharmacies': () => json({ status: 'ok', data: [] }),
    'GET /api/areamanager-dashboard': dashboard,
  });
  const user = userEvent.setup();
  await renderInSite(
    <Routes>
      <Route element={<StaffArea />}>
        <Route path="/areamanager/home/:areaManagerId" element={<AreaManagerHomePage />} />
      </Route>
    </Routes>,
    { country: 'it', route: '/areamanager/home/am-1' },
  );
  return user;
}

describe("the area manager's dashboard", () => {
  it('shows the pipeline per call flag in words and numbers, every flag listed', async () => {
    await renderHome(() => json({ status: 'ok', data: DASHBOARD }));
    const pipeline = await screen.findByRole('table', { name: "Le sue farmacie secondo l'esito dell'ultima visita" });
    const row = (name: string) => within(pipeline).getByRole('row', { name: new RegExp(name) });
    expect(row('Ha aderito a Unify')).toHaveTextContent('4');
    expect(row('Non ancora visitata')).toHaveTextContent('2');
    expect(row('Non interessata')).toHaveTextContent('1');
    expect(row('Appuntamento fissato')).toHaveTextContent('0');
  });

  it('charts the joins per rep per month, with the same figures as a table', async () => {
    const user = await renderHome(() => json({ status: 'ok', data: DASHBOARD }));
    expect(await screen.findByRole('img', { name: /Grafico a barre delle farmacie/ })).toBeInTheDocument();
    await user.click(screen.getByText('Mostra i dati in tabella'));
    const table = within(screen.getByRole('region', { name: 'Adesioni al mese' })).getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent(/^Informatore/);
    expect(rows[0]).toHaveTextContent(/nov 26Totale$/);
    expect(within(table).getByRole('row', { name: /Alessandro Colombo/ })).toHaveTextContent(/4$/);
    expect(within(table).getByRole('row', { name: /Ex collaboratore/ })).toHaveTextContent(/1$/);
  });

  it('keys the map by flag, and says when nobody has joined', async () => {
    await renderHome(() => json({ status: 'ok', data: { ...DASHBOARD, joins: { months, reps: [] } } }));
    const legend = await screen.findByRole('list', { name: 'Legenda' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ha aderito a Unify']);
    expect(screen.getByRole('region', { name: "Mappa delle sue farmacie, colorate secondo l'esito dell'ultima visita" })).toBeInTheDocument();
    expect(screen.getByText('Nessuna farmacia ha aderito negli ultimi dodici mesi.')).toBeInTheDocument();
  });

  it('offers to try again when the figures cannot be loaded', async () => {
    let calls = 0;
    const user = await renderHome(() => (++calls === 1 ? json({ status: 'failed' }, 500) : json({ status: 'ok', data: DASHBOARD })));
    expect(await screen.findByText('Non è stato possibile caricare il riepilogo.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByRole('table', { name: "Le sue farmacie secondo l'esito dell'ultima visita" })).toBeInTheDocument();
  });
});
