// The area manager's pages (issue 12): the home list (search, filters, paging, actions), the
// view with its call history, add a pharmacy (two steps, one payload), add a rep, edit, thank-you.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { renderInSite } from '../../../test/render.tsx';
import { MANAGER, json, stubStaffApi, type Handler } from '../../../test/staff-api-stub.tsx';
import { PLACES } from '../../../test/api-stub.tsx';
import { StaffArea } from '../session/staff-area.tsx';
import { AreaManagerHomePage } from './area-manager-home-page.tsx';
import { AreaManagerViewPage } from './area-manager-view-page.tsx';
import { AddRepPage, AreaManagerFormPage, PharmacyEditPage } from './area-manager-form-pages.tsx';
import { AreaManagerThankYouPage } from './area-manager-thank-you-page.tsx';

vi.mock('../../../components/altcha-widget.tsx', async () => (await import('../../../test/fakes.tsx')).fakeAltchaModule);
vi.mock('../../../components/leaflet-map.tsx', async () => (await import('../../../test/fakes.tsx')).fakeLeafletModule);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REP_ID = '99999999-8888-7777-6666-555555555555';
const AM_ID = '11111111-2222-3333-4444-555555555555';
const PHARMACY_ID = '0b5c9a52-6f2d-4d8e-9a37-6d1f3c2b7e10';
const me: Handler = () => json({ status: 'ok', data: MANAGER });
const item = (n: number) => ({
  id: `p${n}`,
  pharmacyName: `Farmacia ${n}`,
  fullAddress: `Via Roma ${n}, Roma`,
  city: 'Roma',
  currentCallFlag: 'interested_but_requires_another_visit',
  repName: 'Luca Neri',
  nextVisit: null,
});
const DETAIL = {
  ...item(1),
  id: PHARMACY_ID,
  whereYouWork: 'Farmacia 1',
  address: 'Via Roma 1, Roma',
  placeId: 'place-boots',
  lat: 41.9,
  lng: 12.5,
  region: 'lazio',
  prov: 'RM',
  oncStatus: 'registered',
  salesRep: REP_ID,
  areaManagerId: MANAGER.id,
  month: 2,
  callHistory: [
    { id: 'e2', at: '2026-03-02T10:00:00Z', callFlag: 'joined_unify', month: 3, note: 'Ha aderito', byName: 'Luca Neri', nextVisit: null },
    {
      id: 'e1',
      at: '2026-01-10T10:00:00Z',
      callFlag: 'interested_but_requires_another_visit',
      month: 1,
      note: 'Ripassare',
      byName: 'Luca Neri',
      nextVisit: '2026-02-01',
    },
  ],
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

async function renderAt(route: string, language: 'it' | 'en' = 'en') {
  const user = userEvent.setup();
  await renderInSite(
    <Routes>
      <Route element={<StaffArea />}>
        <Route path="/areamanager/home/:areaManagerId" element={<AreaManagerHomePage />} />
        <Route path="/areamanager/view" element={<AreaManagerViewPage />} />
        <Route path="/areamanager/form/:areaManagerId" element={<AreaManagerFormPage />} />
        <Route path="/areamanager/form/:areaManagerId/:step" element={<AreaManagerFormPage />} />
        <Route path="/areamanager/add/rep/:areaManagerId" element={<AddRepPage />} />
        <Route path="/areamanager/pharmacy/edit/:id" element={<PharmacyEditPage />} />
        <Route path="/areamanager/thank-you" element={<AreaManagerThankYouPage />} />
      </Route>
      <Route path="*" element={<Where />} />
    </Routes>,
    { country: 'it', language, route },
  );
  return user;
}

describe('the manager’s home', () => {
  it('searches by name or city, filters by flag and due for a visit, and pages through the list', async () => {
    stubStaffApi({
      'GET /api/auth/me': me,
      'GET /api/areamanager-get-pharmacies': (url) => {
        const page = Number(url.searchParams.get('page'));
        return json({ status: 'ok', data: [item(page * 100 + 1), item(page * 100 + 2)], total: 60 });
      },
    });
    const user = await renderAt('/areamanager/home/am-1');
    const list = await screen.findByRole('list', { name: 'Pharmacies' });
    expect(within(list).getByText('Farmacia 101', { selector: 'p' })).toBeInTheDocument();
    expect(within(list).getAllByText(/Status: Interested but requires another visit/)).toHaveLength(2);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('60 pharmacies')).toHaveAttribute('role', 'status');

    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(await screen.findByText('Farmacia 201', { selector: 'p' })).toBeInTheDocument();

    const search = screen.getByRole('search', { name: 'Search pharmacies' });
    await user.type(within(search).getByRole('searchbox', { name: /pharmacy name or city/i }), 'Roma');
    await user.selectOptions(within(search).getByRole('combobox', { name: 'Call status' }), 'joined_unify');
    await user.click(within(search).getByRole('checkbox', { name: 'Due for a visit only' }));
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    // The filters go to the API and into the address (so a reload keeps them); the page starts again at 1.
    const fetchMock = vi.mocked(fetch);
    await waitFor(() => {
      const url = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
      expect(Object.fromEntries(url.searchParams)).toEqual({ id: 'am-1', page: '1', q: 'Roma', callFlag: 'joined_unify', due: '1' });
    });
  });

  it('offers add pharmacy, add rep and the CSV export, and a View link carrying the row', async () => {
    stubStaffApi({ 'GET /api/auth/me': me, 'GET /api/areamanager-get-pharmacies': () => json({ status: 'ok', data: [item(1)], total: 1 }) });
    await renderAt('/areamanager/home/am-1');
    await screen.findByRole('list', { name: 'Pharmacies' });
    expect(screen.getByRole('link', { name: 'Add a pharmacy' })).toHaveAttribute('href', '/areamanager/form/am-1');
    expect(screen.getByRole('link', { name: 'Add a sales rep' })).toHaveAttribute('href', '/areamanager/add/rep/am-1');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/areamanager-accord-csv?id=am-1');
    expect(screen.getByRole('link', { name: 'View Farmacia 1' })).toHaveAttribute('href', '/areamanager/view?id=p1');
    expect(screen.queryByText('Page 1 of 1')).toBeNull();
  });

  it("gives the next visit in words, and folds the actions and filters under the first pharmacy's way (open while a filter is on)", async () => {
    const next = { ...item(1), nextVisit: '2026-12-07' };
    stubStaffApi({ 'GET /api/auth/me': me, 'GET /api/areamanager-get-pharmacies': () => json({ status: 'ok', data: [next], total: 1 }) });
    const user = await renderAt('/areamanager/home/am-1', 'it');
    const list = await screen.findByRole('list', { name: 'Farmacie' });
    expect(within(list).getByText(/prossima visita 7 dicembre/)).toBeInTheDocument();
    expect(within(list).queryByText(/2026-12-07/)).toBeNull();
    const [actions, filters] = screen.getAllByRole('group').filter((el) => el.tagName === 'DETAILS');
    expect(actions).not.toHaveAttribute('open');
    expect(filters).not.toHaveAttribute('open');
    await user.click(screen.getByText('Informatori ed esportazioni CSV'));
    expect(actions).toHaveAttribute('open');
    expect(within(actions!).getByRole('link', { name: 'Esporta CSV' })).toBeInTheDocument();
    cleanup();
    await renderAt('/areamanager/home/am-1?q=roma', 'it');
    expect(await screen.findByText('Cerca farmacie (filtri attivi)')).toBeInTheDocument();
    expect(screen.getByText('Cerca farmacie (filtri attivi)').closest('details')).toHaveAttribute('open');
    expect(screen.getByRole('searchbox', { name: 'Nome della farmacia o città' })).toHaveValue('roma');
  });

  it('says when a search finds nothing, apart from an empty list', async () => {
    stubStaffApi({ 'GET /api/auth/me': me, 'GET /api/areamanager-get-pharmacies': () => json({ status: 'ok', data: [], total: 0 }) });
    await renderAt('/areamanager/home/am-1?q=zzz');
    expect(await screen.findByText('No pharmacies match your search.')).toBeInTheDocument();
    cleanup();
    await renderAt('/areamanager/home/am-1');
    expect(await screen.findByText('No pharmacies found')).toBeInTheDocument();
  });
});

describe('the view', () => {
  it('shows the row from the list at once, then the call history newest first', async () => {
    stubStaffApi({
      'GET /api/auth/me': me,
      'GET /api/areamanager-get-pharmacies': () => json({ status: 'ok', data: [{ ...item(1), id: PHARMACY_ID }], total: 1 }),
      'GET /api/areamanager-get-pharmacy': () => json({ status: 'ok', data: DETAIL }),
    });
    const user = await renderAt('/areamanager/home/am-1');
    await user.click(await screen.findByRole('link', { name: 'View Farmacia 1' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Farmacia 1' })).toBeInTheDocument();
    expect(screen.getByText('Current status:').parentElement).toHaveTextContent('Current status: Interested but requires another visit');
    const history = await screen.findByRole('list');
    const entries = within(history).getAllByRole('listitem');
    expect(entries.map((e) => within(e).getAllByRole('definition')[2]!.textContent)).toEqual(['Joined Unify', 'Interested but requires another visit']);
    expect(entries[1]).toHaveTextContent('Ripassare');
    expect(entries[1]).toHaveTextContent('January');
    expect(entries[1]).toHaveTextContent('February 1, 2026');
    expect(entries[0]).toHaveTextContent('Luca Neri');
  });

  it('fetches the pharmacy on a reload (no navigation state)', async () => {
    const api = stubStaffApi({ 'GET /api/auth/me': me, 'GET /api/areamanager-get-pharmacy': () => json({ status: 'ok', data: DETAIL }) });
    await renderAt(`/areamanager/view?id=${PHARMACY_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Farmacia 1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit details' })).toHaveAttribute('href', `/areamanager/pharmacy/edit/${PHARMACY_ID}`);
    expect(api.calls.some((c) => c.path === '/api/areamanager-get-pharmacy')).toBe(true);
  });

  it('shows no data for another manager’s pharmacy (403)', async () => {
    stubStaffApi({ 'GET /api/auth/me': me, 'GET /api/areamanager-get-pharmacy': () => json({ status: 'failed', message: 'forbidden' }, 403) });
    await renderAt(`/areamanager/view?id=${PHARMACY_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeInTheDocument();
  });
});

describe('add a pharmacy (screens 7 then 3, one payload)', () => {
  it('goes to part two at /areamanager/form/{id}/2 and sends both parts with the manager’s id', async () => {
    sessionStorage.clear();
    const api = stubStaffApi({
      'GET /api/auth/me': me,
      'GET /api/areamanager-get-reps': () => json({ status: 'ok', data: [{ nid: REP_ID, firstName: 'Luca', lastName: 'Neri' }] }),
      'GET /api/places/search': () => json({ status: 'ok', data: PLACES }),
      'POST /api/check_pharmacy': () => json({ status: 'ok', message: 'not found' }),
      'POST /api/areamanager-create-pharmacy': () => json({ status: 'ok', message: 'saved', data: { id: 'new' } }),
    });
    const user = await renderAt(`/areamanager/form/${AM_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'The pharmacy' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', `/areamanager/home/${AM_ID}`);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Sales rep' }), REP_ID);
    await user.type(screen.getByRole('combobox', { name: 'Find the pharmacy' }), 'Liverpool');
    await user.click(await screen.findByRole('option', { name: /boots bold street/i }));
    await user.type(screen.getByRole('textbox', { name: /pharmacy name/i }), 'Farmacia Prova');
    await user.type(screen.getByRole('combobox', { name: 'City' }), 'Roma');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Province' })).toHaveValue('RM'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'The pharmacist' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /email address/i }), 'titolare@example.it');
    await user.type(screen.getByRole('textbox', { name: /^first name$/i }), 'Maria');
    await user.type(screen.getByRole('textbox', { name: /^last name$/i }), 'Verdi');
    await user.type(screen.getByRole('textbox', { name: /registration number/i }), '12345');
    await user.click(within(screen.getByRole('group', { name: /oncodemia/i })).getByRole('radio', { name: 'Yes' }));
    for (const box of within(screen.getByRole('group', { name: 'Your statements' })).getAllByRole('checkbox')) await user.click(box);
    await user.click(await screen.findByRole('button', { name: /solve bot check/i }));
    await user.click(screen.getByRole('button', { name: 'Add the pharmacy' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Saved' })).toBeInTheDocument();
    expect(api.bodyOf('/api/areamanager-create-pharmacy')).toMatchObject({
      areaManagerId: AM_ID,
      salesRep: REP_ID,
      whereYouWork: 'Boots Bold StreetFarmacia Prova',
      placeId: 'place-boots',
      city: 'Roma',
      region: 'lazio',
      prov: 'RM',
      email: 'titolare@example.it',
      professionalRegistrationNumber: '12345',
      check1: true,
      check2: true,
      check3: true,
    });
  });

  it('shows every missing answer of screen 7 at once, the city as “Please select city”', async () => {
    sessionStorage.clear();
    stubStaffApi({ 'GET /api/auth/me': me, 'GET /api/areamanager-get-reps': () => json({ status: 'ok', data: [] }) });
    const user = await renderAt('/areamanager/form/am-1');
    await screen.findByRole('heading', { level: 1, name: 'The pharmacy' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'City: Please select city' })).toHaveAttribute('href', '#city');
  });
});

describe('add a rep', () => {
  it('sends the rep with the manager’s id, market and language, then thanks with Back', async () => {
    const api = stubStaffApi({
      'GET /api/auth/me': me,
      'POST /api/areamanager-add-rep': () => json({ status: 'ok', message: 'saved', data: { id: 'r1', areamanager: true } }),
    });
    const user = await renderAt('/areamanager/add/rep/am-1');
    await screen.findByRole('heading', { level: 1, name: 'Add a sales rep' });
    await user.type(screen.getByRole('textbox', { name: /email address/i }), 'luca@example.it');
    await user.type(screen.getByRole('textbox', { name: /first name/i }), 'Luca');
    await user.type(screen.getByRole('textbox', { name: /last name/i }), 'Neri');
    await user.click(screen.getByRole('button', { name: 'Add the sales rep' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Saved' })).toBeInTheDocument();
    expect(api.bodyOf('/api/areamanager-add-rep')).toMatchObject({
      email: 'luca@example.it',
      firstName: 'Luca',
      lastName: 'Neri',
      areaManagerId: 'am-1',
      appStoreCountry: 'it',
      formLanguage: 'en',
    });
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/areamanager/home/am-1');
  });

  it('says an address already in use belongs to a staff account, with no update-link offer', async () => {
    stubStaffApi({ 'GET /api/auth/me': me, 'POST /api/areamanager-add-rep': () => json({ status: 'failed', message: 'errorEmailRegistered' }, 409) });
    const user = await renderAt('/areamanager/add/rep/am-1');
    await screen.findByRole('heading', { level: 1, name: 'Add a sales rep' });
    await user.type(screen.getByRole('textbox', { name: /email address/i }), 'luca@example.it');
    await user.type(screen.getByRole('textbox', { name: /first name/i }), 'Luca');
    await user.type(screen.getByRole('textbox', { name: /last name/i }), 'Neri');
    await user.click(screen.getByRole('button', { name: 'Add the sales rep' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This e-mail address already belongs to a staff account.');
    expect(screen.queryByRole('button', { name: /link/i })).toBeNull();
  });
});

describe('edit a pharmacy', () => {
  it('opens with the stored details and rep, and sends them with the pharmacy’s id', async () => {
    const api = stubStaffApi({
      'GET /api/auth/me': me,
      'GET /api/areamanager-get-pharmacy': () => json({ status: 'ok', data: DETAIL }),
      'GET /api/areamanager-get-reps': () => json({ status: 'ok', data: [{ nid: REP_ID, firstName: 'Luca', lastName: 'Neri' }] }),
      'PUT /api/areamanager-update-pharmacy': () => json({ status: 'ok', message: 'saved', data: { id: PHARMACY_ID } }),
    });
    const user = await renderAt(`/areamanager/pharmacy/edit/${PHARMACY_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit the pharmacy' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Sales rep' })).toHaveValue(REP_ID));
    expect(screen.getByRole('combobox', { name: 'Province' })).toHaveValue('RM');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Region' }), 'lombardia');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Province' }), 'MI');
    await user.click(screen.getByRole('button', { name: 'Save the changes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Saved' })).toBeInTheDocument();
    expect(api.bodyOf('/api/areamanager-update-pharmacy')).toMatchObject({
      pharmacyId: PHARMACY_ID,
      salesRep: REP_ID,
      region: 'lombardia',
      prov: 'MI',
      whereYouWork: 'Farmacia 1',
      placeId: 'place-boots',
    });
  });
});
