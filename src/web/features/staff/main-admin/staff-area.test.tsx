import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { renderInSite } from '../../../test/render.tsx';
import { StaffArea } from '../session/staff-area.tsx';
import { MainAdminPage } from './main-admin-page.tsx';
import { AddAreaManagerPage } from './add-area-manager-page.tsx';
import { AreaManagerHomePage } from '../area-manager/area-manager-home-page.tsx';
import { ADMIN, MANAGER, json, stubStaffApi, type Handler } from '../../../test/staff-api-stub.tsx';
import { axeViolations } from '../../../test/axe.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

async function renderAt(route: string) {
  const user = userEvent.setup();
  await renderInSite(
    <Routes>
      <Route element={<StaffArea />}>
        <Route path="/areamanager/mainadmin" element={<MainAdminPage />} />
        <Route path="/areamanager/mainadmin/add" element={<AddAreaManagerPage />} />
        <Route path="/areamanager/home/:areaManagerId" element={<AreaManagerHomePage />} />
      </Route>
      <Route path="*" element={<Where />} />
    </Routes>,
    { country: 'it', route },
  );
  return user;
}

const MANAGERS = [
  { id: 'am-1', email: 'marco@example.it', firstName: 'Marco', lastName: 'Rossi' },
  { id: 'am-2', email: 'lucia@example.it', firstName: 'Lucia', lastName: 'Esposito' },
];
const me =
  (user: unknown): Handler =>
  () =>
    json({ status: 'ok', data: user });

const violations = () => axeViolations({ partOfPage: true });

describe('StaffArea guard', () => {
  it('sends a signed-out visitor to sign-in with returnTo', async () => {
    stubStaffApi({ 'GET /api/auth/me': () => json({ status: 'failed', message: 'unauthorized' }, 401) });
    await renderAt('/areamanager/home/am-1?tab=x');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/signin?returnTo=%2Fareamanager%2Fhome%2Fam-1%3Ftab%3Dx'));
  });

  it('treats a session still owing its TOTP code as signed out', async () => {
    stubStaffApi({ 'GET /api/auth/me': me({ ...ADMIN, mfaPassed: false }) });
    await renderAt('/areamanager/mainadmin');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/signin?returnTo=%2Fareamanager%2Fmainadmin'));
  });

  it('shows who is signed in, and signs out', async () => {
    const api = stubStaffApi({
      'GET /api/auth/me': me(ADMIN),
      'GET /api/mainadmin-get-areamanagers': () => json({ status: 'ok', data: MANAGERS }),
      'POST /api/auth/sign-out': () => json({ status: 'ok' }),
    });
    const user = await renderAt('/areamanager/mainadmin');
    expect(await screen.findByText(/accesso effettuato come/i)).toHaveTextContent(
      'Accesso effettuato come Anna Verdi (admin@example.it) · Amministratore principale',
    );
    await user.click(screen.getByRole('button', { name: 'Esci' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/signin?signedOut=1'));
    expect(api.calls.find((c) => c.path === '/api/auth/sign-out')).toMatchObject({ method: 'POST', body: {} });
  });
});

describe('MainAdminPage', () => {
  it('lists area managers with a View link each, and has no axe violations', async () => {
    stubStaffApi({ 'GET /api/auth/me': me(ADMIN), 'GET /api/mainadmin-get-areamanagers': () => json({ status: 'ok', data: MANAGERS }) });
    await renderAt('/areamanager/mainadmin');
    const table = await screen.findByRole('table', { name: '2 area manager' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Marco', 'Rossi', 'marco@example.it', 'am-1', 'Visualizza le farmacie di Marco Rossi']);
    const view = within(rows[2]!).getByRole('link');
    expect(view).toHaveAccessibleName('Visualizza le farmacie di Lucia Esposito');
    expect(view).toHaveAttribute('href', '/areamanager/home/am-2');
    expect(document.title).toBe('Area manager – Pharmacy Champions');
    expect(await violations()).toEqual([]);
  });

  it('says when there are no area managers', async () => {
    stubStaffApi({ 'GET /api/auth/me': me(ADMIN), 'GET /api/mainadmin-get-areamanagers': () => json({ status: 'ok', data: [] }) });
    await renderAt('/areamanager/mainadmin');
    expect(await screen.findByText('Nessun area manager')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows no data to someone without access (403)', async () => {
    stubStaffApi({ 'GET /api/auth/me': me(MANAGER), 'GET /api/mainadmin-get-areamanagers': () => json({ status: 'failed', message: 'forbidden' }, 403) });
    await renderAt('/areamanager/mainadmin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Non ha accesso a questa pagina' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /torna alla sua pagina iniziale/i })).toHaveAttribute('href', '/areamanager/home/am-1');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Aggiungi un area manager' })).not.toBeInTheDocument();
  });

  it('shows the error view when the list cannot be loaded', async () => {
    stubStaffApi({ 'GET /api/auth/me': me(ADMIN), 'GET /api/mainadmin-get-areamanagers': () => new Response('', { status: 502 }) });
    await renderAt('/areamanager/mainadmin');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Impossibile caricare i dati');
  });

  it('adds an area manager, with errors inline and in a summary, and lists the new one', async () => {
    const list = [...MANAGERS];
    let duplicate = true;
    const api = stubStaffApi({
      'GET /api/auth/me': me(ADMIN),
      'GET /api/mainadmin-get-areamanagers': () => json({ status: 'ok', data: list }),
      'POST /api/mainadmin-add-areamanager': (_url, init) => {
        if (duplicate) {
          duplicate = false;
          return json({ status: 'failed', message: 'errorEmailRegistered' }, 409);
        }
        const body = JSON.parse(String(init?.body)) as { email: string; firstName: string; lastName: string };
        list.push({ id: 'am-3', ...body });
        return json({ status: 'ok', data: { id: 'am-3' } });
      },
    });
    const user = await renderAt('/areamanager/mainadmin');
    await screen.findByRole('table');
    await user.click(screen.getByRole('link', { name: 'Aggiungi un area manager' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Aggiungi un area manager' })).toBeInTheDocument();
    // Staff wording: the address is where they sign in, not where a decision is sent.
    expect(screen.getByText('La persona accederà con questo indirizzo.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aggiungi area manager' }));
    let summary = await screen.findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Indirizzo email: Obbligatorio', 'Nome: Obbligatorio', 'Cognome: Obbligatorio']);
    expect(api.calls.some((c) => c.path === '/api/mainadmin-add-areamanager')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: 'Indirizzo email' }), 'marco@example.it');
    await user.type(screen.getByRole('textbox', { name: 'Nome' }), 'Giò');
    await user.type(screen.getByRole('textbox', { name: 'Cognome' }), 'De Luca');
    await user.click(screen.getByRole('button', { name: 'Aggiungi area manager' }));
    // Staff wording: the address is another account's; no applicant's offer of an update link.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Questo indirizzo e-mail appartiene già a un account del personale.'));
    summary = screen.getByRole('alert');
    expect(summary).not.toHaveTextContent('Spiacente, questa email è già registrata.');
    expect(within(summary).getByRole('link')).toHaveAttribute('href', '#email');
    expect(screen.queryByRole('button', { name: /link/i })).toBeNull();

    await user.clear(screen.getByRole('textbox', { name: 'Indirizzo email' }));
    await user.type(screen.getByRole('textbox', { name: 'Indirizzo email' }), 'gio@example.it');
    await user.click(screen.getByRole('button', { name: 'Aggiungi area manager' }));
    // Back on the list, which now shows the new one.
    expect(await screen.findByRole('table', { name: '3 area manager' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /gio@example\.it/ })).toHaveTextContent('Giò');
    expect(api.bodyOf('/api/mainadmin-add-areamanager')).toEqual(expect.objectContaining({ email: 'gio@example.it', firstName: 'Giò', lastName: 'De Luca' }));
  });
});

describe('AreaManagerHomePage', () => {
  it("lists the manager's pharmacies with name and address, and no dead buttons", async () => {
    const api = stubStaffApi({
      'GET /api/auth/me': me(MANAGER),
      'GET /api/areamanager-get-pharmacies': () =>
        json({
          status: 'ok',
          data: [
            {
              id: 'p1',
              pharmacyName: 'Farmacia Centrale',
              fullAddress: 'Via Roma 1, 00100 Roma RM',
              city: 'Roma',
              currentCallFlag: 'joined_unify',
              repName: null,
              nextVisit: null,
            },
          ],
          total: 1,
        }),
      'GET /api/areamanager-dashboard': () => json({ status: 'ok', data: { pipeline: [], joins: { months: [], reps: [] }, points: [] } }),
    });
    await renderAt('/areamanager/home/am-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Le Sue farmacie' })).toBeInTheDocument();
    // The staff bar's way home, from any staff page.
    expect(screen.getByRole('link', { name: 'La mia pagina iniziale' })).toHaveAttribute('href', `/areamanager/home/${MANAGER.id}`);
    const list = await screen.findByRole('list', { name: 'Farmacie' });
    expect(within(list).getByText('Farmacia Centrale', { selector: 'p' })).toBeInTheDocument();
    expect(within(list).getByText('Via Roma 1, 00100 Roma RM')).toBeInTheDocument();
    expect(await screen.findByText('Nessuna farmacia ha aderito negli ultimi dodici mesi.')).toBeInTheDocument();
    expect(
      screen
        .queryAllByRole('button')
        .map((b) => b.textContent)
        .sort(),
    ).toEqual(['Cerca', 'Esci', 'Scarica le visite']);
    expect(api.calls.find((c) => c.path === '/api/areamanager-get-pharmacies')!).toBeDefined();
    expect(await violations()).toEqual([]);
  });

  it('says when no pharmacies are found, and shows 403 as no access', async () => {
    stubStaffApi({
      'GET /api/auth/me': me(MANAGER),
      'GET /api/areamanager-get-pharmacies': (url) =>
        url.searchParams.get('id') === 'am-1' ? json({ status: 'ok', data: [] }) : json({ status: 'failed', message: 'forbidden' }, 403),
    });
    await renderAt('/areamanager/home/am-1');
    expect(await screen.findByText('Nessuna farmacia trovata')).toBeInTheDocument();
    cleanup();
    await renderAt('/areamanager/home/am-2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Non ha accesso a questa pagina' })).toBeInTheDocument();
  });

  it('a 401 from the list sends the visitor to sign-in and back', async () => {
    stubStaffApi({ 'GET /api/auth/me': me(MANAGER), 'GET /api/areamanager-get-pharmacies': () => json({ status: 'failed', message: 'unauthorized' }, 401) });
    await renderAt('/areamanager/home/am-1');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/signin?returnTo=%2Fareamanager%2Fhome%2Fam-1'));
  });
});
