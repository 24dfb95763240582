// "Today, for the rep" (issue 24 item 3), in Italian: the list's due count and due words, the
// order by distance once the rep gives their position (and without it), the map's legend, and the
// visit form's last visits. The clock stands at 00:30 in Rome on 21 November 2026 (still the 20th
// in UTC).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { RepPharmacyItem } from '#shared/schemas/staff-rep-list.ts';
import { renderInSite } from '../../../test/render.tsx';
import { json, stubStaffApi, type Handler } from '../../../test/staff-api-stub.tsx';
import type { StaffUser } from '../session/staff-user.ts';
import { StaffArea } from '../session/staff-area.tsx';
import { RepHomePage } from './rep-home-page.tsx';
import { RepFormPage } from './rep-form-page.tsx';
import { axeViolations } from '../../../test/axe.ts';

vi.mock('../../../components/altcha-widget.tsx', async () => (await import('../../../test/fakes.tsx')).fakeAltchaModule);
vi.mock('../../../components/leaflet-map.tsx', async () => (await import('../../../test/fakes.tsx')).fakeLeafletModule);
vi.mock('../../../components/points-map.tsx', async () => (await import('../../../test/fakes.tsx')).fakePointsMapModule);

const NOW = new Date('2026-11-20T23:30:00Z');
const REP: StaffUser = {
  id: '7d1f0c2e-5b3a-4c8d-9e6f-0a1b2c3d4e5f',
  email: 'luca@example.it',
  firstName: 'Luca',
  lastName: 'Bianchi',
  role: 'sales_rep',
  areaManagerId: 'am-1',
  mfaPassed: true,
};
const ROME = { lat: 41.8899, lng: 12.4707 };
const MILAN = { lat: 45.4642, lng: 9.19 };

let counter = 0;
function row(
  name: string,
  nextVisit: string | null,
  place: { lat: number; lng: number } | null,
  currentCallFlag: string | null = 'appointment_scheduled',
): RepPharmacyItem {
  counter += 1;
  return {
    id: `0b5c9a52-6f2d-4d8e-9a37-${String(counter).padStart(12, '0')}`,
    pharmacyName: name,
    fullAddress: `${name}, Roma`,
    callHistory: [],
    currentCallFlag,
    pharmacist: null,
    nextVisit,
    lat: place?.lat ?? null,
    lng: place?.lng ?? null,
    distanceKm: null,
  };
}

const CORSO = row('Farmacia del Corso', '2026-11-03', ROME, 'interested_but_requires_another_visit');
const AURORA = row('Farmacia Aurora', '2026-11-08', ROME);
const NAVIGLI = row('Farmacia Navigli', '2026-11-21', MILAN, 'joined_unify');
const TRASTEVERE = row('Farmacia Trastevere', '2026-11-21', ROME);
const CENTRALE = row('Farmacia Centrale', '2026-12-02', ROME);
const SAN_MARCO = row('Farmacia San Marco', null, null, null);
/** In the server's order without a position. */
const LIST = [CORSO, AURORA, NAVIGLI, TRASTEVERE, CENTRALE, SAN_MARCO];

function api(extra: Record<string, Handler> = {}) {
  return stubStaffApi({
    'GET /api/auth/me': () => json({ status: 'ok', data: REP }),
    'GET /api/v1/register/rep/pharmacies': () => json(LIST),
    ...extra,
  });
}

async function renderAt(route: string) {
  const user = userEvent.setup();
  await renderInSite(
    <Routes>
      <Route element={<StaffArea />}>
        <Route path="/rep/home/:repId" element={<RepHomePage />} />
        <Route path="/rep/form" element={<RepFormPage />} />
      </Route>
    </Routes>,
    { country: 'it', language: 'it', mode: 'rep', route },
  );
  return user;
}

const violations = () => axeViolations();

/** The browser's geolocation: the rep's position, or a refusal. */
function geolocation(answer: { lat: number; lng: number } | 'denied') {
  const getCurrentPosition = vi.fn((found: PositionCallback, failed?: PositionErrorCallback | null) => {
    if (answer === 'denied') failed?.({ code: 1, message: 'denied', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
    else found({ coords: { latitude: answer.lat, longitude: answer.lng }, timestamp: NOW.getTime() } as GeolocationPosition);
  });
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
  return getCurrentPosition;
}

const names = () =>
  within(screen.getByRole('list', { name: 'Farmacie assegnate' }))
    .getAllByRole('listitem')
    .map((li) => within(li).getByText(/^Farmacia /, { selector: '.staff-list__name' }).textContent);
const rowOf = (name: string) =>
  within(screen.getByRole('list', { name: 'Farmacie assegnate' }))
    .getAllByRole('listitem')
    .find((li) => li.querySelector('.staff-list__name')?.textContent === name)!;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('/rep/home/{repId}: the day', () => {
  it('says how many visits are due (today or overdue) and each row its due day in words', async () => {
    api();
    await renderAt(`/rep/home/${REP.id}`);
    expect(await screen.findByText('Visite da fare: 4 (2 in ritardo, 2 oggi)')).toBeVisible();
    expect(names()).toEqual(['Farmacia del Corso', 'Farmacia Aurora', 'Farmacia Navigli', 'Farmacia Trastevere', 'Farmacia Centrale', 'Farmacia San Marco']);
    expect(rowOf('Farmacia del Corso')).toHaveTextContent('In ritardo dal 3 novembre');
    // The article is elided before "otto".
    expect(rowOf('Farmacia Aurora')).toHaveTextContent("In ritardo dall'8 novembre");
    expect(rowOf('Farmacia Navigli')).toHaveTextContent('Da visitare oggi');
    expect(rowOf('Farmacia Centrale')).toHaveTextContent('Prossima visita: 2 dicembre');
    expect(rowOf('Farmacia San Marco')).toHaveTextContent('Nessuna prossima visita in programma');
    expect(await violations()).toEqual([]);
  });

  it('says when nothing is due', async () => {
    api({ 'GET /api/v1/register/rep/pharmacies': () => json([CENTRALE, SAN_MARCO]) });
    await renderAt(`/rep/home/${REP.id}`);
    expect(await screen.findByText('Nessuna visita da fare oggi.')).toBeVisible();
  });

  it('orders a list kept from an earlier day by today in Rome, whatever order it came in', async () => {
    api({ 'GET /api/v1/register/rep/pharmacies': () => json([SAN_MARCO, CENTRALE, NAVIGLI, CORSO]) });
    await renderAt(`/rep/home/${REP.id}`);
    await screen.findByText('Visite da fare: 2 (1 in ritardo, 1 oggi)');
    expect(names()).toEqual(['Farmacia del Corso', 'Farmacia Navigli', 'Farmacia Centrale', 'Farmacia San Marco']);
  });
});

describe('/rep/home/{repId}: sort by distance', () => {
  it('asks for the position only when the rep presses the button, then sends it and puts the nearest first among those due the same day', async () => {
    const calls = api();
    const located = geolocation(ROME);
    const user = await renderAt(`/rep/home/${REP.id}`);
    await screen.findByText('Visite da fare: 4 (2 in ritardo, 2 oggi)');
    expect(located).not.toHaveBeenCalled();
    expect(names().slice(2, 4)).toEqual(['Farmacia Navigli', 'Farmacia Trastevere']);

    await user.click(screen.getByRole('button', { name: 'Ordina per distanza dalla mia posizione' }));
    expect(await screen.findByText("A parità di scadenza, le farmacie più vicine a Lei sono in cima all'elenco.")).toBeVisible();
    expect(located).toHaveBeenCalledTimes(1);
    // Ordered on the phone: the list is not asked for again.
    expect(calls.calls.filter((c) => c.path === '/api/v1/register/rep/pharmacies')).toHaveLength(1);
    await vi.waitFor(() => expect(names().slice(2, 4)).toEqual(['Farmacia Trastevere', 'Farmacia Navigli']));
    // Overdue pharmacies stay first, however far.
    expect(names().slice(0, 2)).toEqual(['Farmacia del Corso', 'Farmacia Aurora']);
    expect(rowOf('Farmacia Trastevere')).toHaveTextContent('A 0 km da Lei');
    expect(rowOf('Farmacia Navigli')).toHaveTextContent(/A 4\d\d(,\d)? km da Lei/);
    expect(rowOf('Farmacia San Marco').textContent).not.toMatch(/ km/);

    await user.click(screen.getByRole('button', { name: 'Non usare la mia posizione' }));
    await vi.waitFor(() => expect(names().slice(2, 4)).toEqual(['Farmacia Navigli', 'Farmacia Trastevere']));
    expect(await violations()).toEqual([]);
  });

  it('never sends the position to the server (issue 42 item 7)', async () => {
    const seen: URL[] = [];
    const calls = api({ 'GET /api/v1/register/rep/pharmacies': (url) => (seen.push(url), json(LIST)) });
    geolocation(ROME);
    const user = await renderAt(`/rep/home/${REP.id}`);
    await user.click(await screen.findByRole('button', { name: 'Ordina per distanza dalla mia posizione' }));
    await vi.waitFor(() => expect(names().slice(2, 4)).toEqual(['Farmacia Trastevere', 'Farmacia Navigli']));
    expect(seen.map((url) => Object.fromEntries(url.searchParams))).toEqual([{ assignedreptoken: REP.id }]);
    expect(JSON.stringify(calls.calls)).not.toMatch(/41\.88|12\.47/);
  });

  it('keeps the list as it is when the rep refuses, and says so', async () => {
    const calls = api();
    geolocation('denied');
    const user = await renderAt(`/rep/home/${REP.id}`);
    await user.click(await screen.findByRole('button', { name: 'Ordina per distanza dalla mia posizione' }));
    expect(await screen.findByText(/Il permesso di usare la posizione non è stato concesso/)).toBeVisible();
    expect(names()).toEqual(['Farmacia del Corso', 'Farmacia Aurora', 'Farmacia Navigli', 'Farmacia Trastevere', 'Farmacia Centrale', 'Farmacia San Marco']);
    expect(calls.calls.filter((c) => c.path === '/api/v1/register/rep/pharmacies')).toHaveLength(1);
  });
});

describe('/rep/home/{repId}: the map', () => {
  it('opens on demand, colours the pharmacies by outcome with a legend in words, and counts those without a position', async () => {
    api();
    const user = await renderAt(`/rep/home/${REP.id}`);
    const summary = await screen.findByText('Mappa delle farmacie');
    expect(screen.queryByRole('region', { name: /Mappa delle farmacie assegnate/ })).toBeNull();
    await user.click(summary);
    const map = await screen.findByRole('region', { name: "Mappa delle farmacie assegnate, colorate secondo l'esito dell'ultima visita" });
    const dots = within(map).getAllByRole('listitem');
    expect(dots.map((d) => d.textContent)).toEqual([
      "Farmacia del Corso · Interessata, ma serve un'altra visita",
      'Farmacia Aurora · Appuntamento fissato',
      'Farmacia Navigli · Ha aderito a Unify',
      'Farmacia Trastevere · Appuntamento fissato',
      'Farmacia Centrale · Appuntamento fissato',
    ]);
    expect(dots[2]).toHaveAttribute('data-colour', '#00703c');
    const legend = screen.getByRole('list', { name: 'Legenda della mappa' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Appuntamento fissato (3)', "Interessata, ma serve un'altra visita (1)", 'Ha aderito a Unify (1)']);
    expect(screen.getByText("1 farmacia senza posizione non è sulla mappa: la trova nell'elenco.")).toBeVisible();
    // The list stays whole, the pharmacy without a position included.
    expect(names()).toContain('Farmacia San Marco');
    expect(await violations()).toEqual([]);
  });
});

describe('/rep/form?pharmacyId=: the last visits', () => {
  const RECORD = {
    ...CORSO,
    whereYouWork: 'Farmacia del Corso',
    address: 'Via del Corso 10, 00186 Roma RM',
    placeId: 'fixture:it:007',
    callFlag: 'interested_but_requires_another_visit',
    month: 11,
  };
  const VISITS = [
    {
      id: 'e-5',
      at: '2026-11-03T09:30:00.000Z',
      callFlag: 'interested_but_requires_another_visit',
      month: 11,
      note: 'Il titolare chiede di ripassare con i materiali.',
      nextVisit: '2026-11-21',
      byName: 'Luca Bianchi',
    },
    { id: 'e-4', at: '2026-10-14T13:05:00.000Z', callFlag: 'appointment_scheduled', month: 10, note: null, nextVisit: null, byName: 'Marta Neri' },
  ];

  it('shows them newest first with rep, outcome, month, note and next visit, above the visit', async () => {
    api({ 'GET /api/rep-get-pharmacy': () => json({ status: 'ok', data: { ...RECORD, callHistory: VISITS } }) });
    await renderAt(`/rep/form?pharmacyId=${CORSO.id}`);
    const heading = await screen.findByRole('heading', { level: 2, name: 'Ultime visite' });
    const entries = within(heading.parentElement!).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    // When it was recorded, on the phone's clock.
    expect(entries[0]).toHaveTextContent(/^3 novembre 2026 alle ore \d\d:30/);
    expect(entries[0]).toHaveTextContent('InformatoreLuca Bianchi');
    expect(entries[0]).toHaveTextContent("EsitoInteressata, ma serve un'altra visita");
    expect(entries[0]).toHaveTextContent('Mese della visitanovembre');
    expect(entries[0]).toHaveTextContent('NotaIl titolare chiede di ripassare con i materiali.');
    expect(entries[0]).toHaveTextContent('Prossima visita21 novembre 2026');
    expect(entries[1]).toHaveTextContent(/^14 ottobre 2026 alle ore \d\d:05/);
    expect(entries[1]).toHaveTextContent('EsitoAppuntamento fissato');
    expect(entries[1]).toHaveTextContent('Nota–');
    // Read only: the visit's own fields follow.
    const visitHeading = screen.getByRole('heading', { level: 2, name: 'La visita' });
    expect(heading.compareDocumentPosition(visitHeading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(heading.parentElement!).queryByRole('textbox')).toBeNull();
    expect(await violations()).toEqual([]);
  });

  it('says when no visit has been recorded', async () => {
    api({ 'GET /api/rep-get-pharmacy': () => json({ status: 'ok', data: { ...RECORD, callHistory: [] } }) });
    await renderAt(`/rep/form?pharmacyId=${CORSO.id}`);
    await screen.findByRole('heading', { level: 2, name: 'Ultime visite' });
    expect(screen.getByText('Nessuna visita registrata')).toBeVisible();
  });
});
