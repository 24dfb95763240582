// The rep's pages (issue 12 items 5, 6, 8): the assigned list, the visit form prefilled with what
// was saved, the submit with its idempotency key, and an update made offline sent once later.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router';
import { renderInSite } from '../../../test/render.tsx';
import { json, stubStaffApi, type Handler } from '../../../test/staff-api-stub.tsx';
import type { StaffUser } from '../session/staff-user.ts';
import { StaffArea } from '../session/staff-area.tsx';
import { RepHomePage } from './rep-home-page.tsx';
import { RepFormPage } from './rep-form-page.tsx';
import { RepThankYouPage } from './rep-thank-you-page.tsx';
import { axeViolations } from '../../../test/axe.ts';
import { fieldMonth } from '#shared/field-clock.ts';
import { enqueue, flushOutbox, pendingEntries } from '../../../forms/offline-outbox.ts';

vi.mock('../../../components/altcha-widget.tsx', async () => (await import('../../../test/fakes.tsx')).fakeAltchaModule);
vi.mock('../../../components/leaflet-map.tsx', async () => (await import('../../../test/fakes.tsx')).fakeLeafletModule);

const REP: StaffUser = {
  id: '7d1f0c2e-5b3a-4c8d-9e6f-0a1b2c3d4e5f',
  email: 'luca@example.it',
  firstName: 'Luca',
  lastName: 'Bianchi',
  role: 'sales_rep',
  areaManagerId: 'am-1',
  mfaPassed: true,
};
const PHARMACY_ID = '0b5c9a52-6f2d-4d8e-9a37-6d1f3c2b7e10';
const LIST = [
  {
    id: PHARMACY_ID,
    pharmacyName: 'Farmacia del Corso',
    fullAddress: 'Via del Corso 10, 00186 Roma RM',
    callHistory: [],
    currentCallFlag: 'interested_but_requires_another_visit',
  },
  {
    id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    pharmacyName: 'Farmacia Navigli',
    fullAddress: 'Ripa di Porta Ticinese 27, 20143 Milano MI',
    callHistory: [],
    currentCallFlag: null,
  },
];
/** GET /api/rep-get-pharmacy after joining with two extra pharmacists. */
const JOINED = {
  ...LIST[0],
  whereYouWork: 'Farmacia del Corso',
  address: 'Via del Corso 10, 00186 Roma RM',
  placeId: 'fixture:it:007',
  lat: 41.9,
  lng: 12.48,
  callFlag: 'joined_unify',
  month: 4,
  oncStatus: 'registered',
  piva: '01234567897',
  completionMonth: 2,
  haveYouCompleted: 'yes',
  email: 'titolare@farmacia-corso.it',
  firstName: 'Chiara',
  lastName: 'Lombardi',
  bodyOfRegistration: 'Italia (AIFA)',
  professionalRegistrationNumber: '12345',
  firstName2: 'Marco',
  lastName2: 'Ferri',
  email2: 'marco.ferri@farmacia-corso.it',
  bodyOfRegistration2: 'Italia (AIFA)',
  professionalRegistrationNumber2: '2222',
  firstName3: 'Elena',
  lastName3: 'Sarti',
  email3: 'elena.sarti@farmacia-corso.it',
  bodyOfRegistration3: 'Italia (AIFA)',
  professionalRegistrationNumber3: '3333',
  agreementCheck1: true,
};
const INTERESTED = {
  ...LIST[0],
  whereYouWork: 'Farmacia del Corso',
  address: 'Via del Corso 10, 00186 Roma RM',
  placeId: 'fixture:it:007',
  lat: 41.9,
  lng: 12.48,
  callFlag: 'interested_but_requires_another_visit',
  month: 3,
};

let online = true;
/** As a browser without a network: no answer at all. */
const SAVED: Handler = () =>
  online ? json({ status: 'ok', message: 'saved', data: { pharmacyId: PHARMACY_ID, callEntryId: 'e-1' } }) : Promise.reject(new TypeError('Failed to fetch'));

function api(extra: Record<string, Handler> = {}) {
  return stubStaffApi({
    'GET /api/auth/me': () => (online ? json({ status: 'ok', data: REP }) : Promise.reject(new TypeError('Failed to fetch'))),
    'GET /api/v1/register/rep/pharmacies': () => (online ? json(LIST) : Promise.reject(new TypeError('Failed to fetch'))),
    'GET /api/rep-get-pharmacy': () => json({ status: 'ok', data: INTERESTED }),
    'PUT /api/rep-update-pharmacy': SAVED,
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
        <Route
          path="/rep/thank-you"
          element={
            <>
              <RepThankYouPage />
              <Link to={`/rep/home/${REP.id}`}>test: home</Link>
            </>
          }
        />
      </Route>
    </Routes>,
    { country: 'it', language: 'en', mode: 'rep', route },
  );
  return user;
}

const violations = () => axeViolations();

beforeEach(() => {
  localStorage.clear();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/rep/home/{repId}', () => {
  it('lists the assigned pharmacies with address, outcome and Edit to the visit form', async () => {
    const calls = api();
    await renderAt(`/rep/home/${REP.id}`);
    const list = await screen.findByRole('list', { name: 'Assigned pharmacies' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Farmacia del Corso');
    expect(rows[0]).toHaveTextContent('Via del Corso 10, 00186 Roma RM');
    expect(rows[0]).toHaveTextContent('Outcome so far: Interested but requires another visit');
    expect(rows[1]).toHaveTextContent('No visit recorded yet');
    expect(within(rows[0]!).getByRole('link', { name: 'Edit Farmacia del Corso' })).toHaveAttribute('href', `/rep/form?pharmacyId=${PHARMACY_ID}`);
    expect(calls.calls.find((c) => c.path === '/api/v1/register/rep/pharmacies')).toBeDefined();
    expect(await violations()).toEqual([]);
  });

  it('says so when no pharmacy is assigned', async () => {
    api({ 'GET /api/v1/register/rep/pharmacies': () => json([]) });
    await renderAt(`/rep/home/${REP.id}`);
    expect(await screen.findByText('No pharmacies have been assigned to you yet.')).toBeInTheDocument();
  });

  it('shows a loading state until the list arrives', async () => {
    // The spinner can show before the list is asked for (the page's chunk, the session): release the answer only once asked.
    let release: (() => void) | undefined;
    api({ 'GET /api/v1/register/rep/pharmacies': () => new Promise<Response>((resolve) => (release = () => resolve(json(LIST)))) });
    await renderAt(`/rep/home/${REP.id}`);
    expect(await screen.findByText('Loading your pharmacies…')).toBeInTheDocument();
    await vi.waitFor(() => expect(release).toBeDefined());
    release!();
    expect(await screen.findByRole('list', { name: 'Assigned pharmacies' })).toBeInTheDocument();
  });

  it('shows no data of a pharmacy list that is not theirs', async () => {
    api({ 'GET /api/v1/register/rep/pharmacies': () => json({ status: 'failed', message: 'forbidden' }, 403) });
    await renderAt('/rep/home/someone-else');
    expect(await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Assigned pharmacies' })).toBeNull();
  });
});

describe('/rep/form?pharmacyId=', () => {
  it('opens with what was saved, extra pharmacists included', async () => {
    api({ 'GET /api/rep-get-pharmacy': () => json({ status: 'ok', data: JOINED }) });
    await renderAt(`/rep/form?pharmacyId=${PHARMACY_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Record a visit' })).toBeInTheDocument();
    expect(screen.getByText('Farmacia del Corso', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Joined Unify' })).toBeChecked();
    // The visit being recorded is this month's, not the month of the one saved before.
    expect(screen.getByRole('combobox', { name: 'Month of the visit' })).toHaveValue(String(fieldMonth()));
    expect(screen.getByRole('textbox', { name: /VAT number/i })).toHaveValue('01234567897');
    expect(screen.getAllByRole('textbox', { name: /email address/i })[0]).toHaveValue('titolare@farmacia-corso.it');
    expect(within(await screen.findByRole('group', { name: 'Pharmacist 2' })).getByRole('textbox', { name: 'First name' })).toHaveValue('Marco');
    expect(within(screen.getByRole('group', { name: 'Pharmacist 3' })).getByRole('textbox', { name: 'Last name' })).toHaveValue('Sarti');
    // Confirmations are asked again on every submit.
    for (const box of within(screen.getByRole('group', { name: 'Your statements' })).getAllByRole('checkbox')) expect(box).not.toBeChecked();
    expect(await violations()).toEqual([]);
  });

  it('asks each extra pharmacist for an e-mail address of their own, and sends it with the visit (issue 39 item 7)', async () => {
    const calls = api({ 'GET /api/rep-get-pharmacy': () => json({ status: 'ok', data: JOINED }) });
    const user = await renderAt(`/rep/form?pharmacyId=${PHARMACY_ID}`);
    expect(within(await screen.findByRole('group', { name: 'Pharmacist 2' })).getByRole('textbox', { name: /email address/i })).toHaveValue(
      'marco.ferri@farmacia-corso.it',
    );
    await user.click(screen.getByRole('button', { name: 'Add another pharmacist' }));
    const fourth = screen.getByRole('group', { name: 'Pharmacist 4' });
    await user.type(within(fourth).getByRole('textbox', { name: 'First name' }), 'Anna');
    await user.type(within(fourth).getByRole('textbox', { name: 'Last name' }), 'Neri');
    await user.type(within(fourth).getByRole('textbox', { name: /registration number/i }), '4444');
    for (const box of within(screen.getByRole('group', { name: 'Your statements' })).getAllByRole('checkbox')) await user.click(box);

    await user.click(screen.getByRole('button', { name: 'Save the visit' }));
    expect(await within(fourth).findByText(/Required/)).toBeInTheDocument();
    const email = within(fourth).getByRole('textbox', { name: /email address/i });
    await user.type(email, 'Titolare@farmacia-corso.it');
    await user.click(screen.getByRole('button', { name: 'Save the visit' }));
    expect(await within(fourth).findByText(/each pharmacist needs their own email address/)).toBeInTheDocument();
    expect(calls.calls.filter((c) => c.path === '/api/rep-update-pharmacy')).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'anna.neri@farmacia-corso.it');
    await user.click(screen.getByRole('button', { name: 'Save the visit' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Visit recorded' })).toBeInTheDocument();
    const [sent] = calls.calls.filter((c) => c.path === '/api/rep-update-pharmacy');
    expect(sent!.body).toMatchObject({
      email2: 'marco.ferri@farmacia-corso.it',
      email3: 'elena.sarti@farmacia-corso.it',
      firstName4: 'Anna',
      email4: 'anna.neri@farmacia-corso.it',
    });
  });

  it('keeps the numbers of the extra pharmacists as recorded when one of them erased their data', async () => {
    const { firstName2: _f, lastName2: _l, email2: _e, bodyOfRegistration2: _b, professionalRegistrationNumber2: _p, ...withoutSecond } = JOINED;
    api({ 'GET /api/rep-get-pharmacy': () => json({ status: 'ok', data: withoutSecond }) });
    const user = await renderAt(`/rep/form?pharmacyId=${PHARMACY_ID}`);
    expect(within(await screen.findByRole('group', { name: 'Pharmacist 3' })).getByRole('textbox', { name: 'Last name' })).toHaveValue('Sarti');
    expect(screen.queryByRole('group', { name: 'Pharmacist 2' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add another pharmacist' }));
    expect(screen.getByRole('group', { name: 'Pharmacist 4' })).toBeInTheDocument();
  });

  it('saves with an idempotency key, the note and the next visit, then thanks the rep', async () => {
    const calls = api();
    const user = await renderAt(`/rep/form?pharmacyId=${PHARMACY_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Record a visit' });
    await user.click(screen.getByRole('radio', { name: 'Appointment scheduled' }));
    await user.type(screen.getByRole('textbox', { name: /note on this visit/i }), 'Titolare assente');
    await user.type(screen.getByLabelText(/next visit/i), '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Save the visit' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Visit recorded' })).toBeInTheDocument();
    const sent = calls.calls.filter((c) => c.path === '/api/rep-update-pharmacy');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('PUT');
    expect(sent[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]!.body).toMatchObject({
      pharmacyId: PHARMACY_ID,
      callFlag: 'appointment_scheduled',
      month: fieldMonth(),
      note: 'Titolare assente',
      nextVisit: '2026-12-01',
      placeId: 'fixture:it:007',
    });
  });

  it("opens a pharmacy visited in September on the current month in Rome, not the last visit's", async () => {
    // 30 November, 23:30 in London: already 1 December in Rome.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-30T23:30:00Z'));
    const september = {
      ...INTERESTED,
      month: 9,
      callHistory: [
        {
          id: 'e-9',
          at: '2026-09-15T09:00:00.000Z',
          callFlag: 'interested_but_requires_another_visit',
          month: 9,
          note: null,
          nextVisit: null,
          byName: 'Luca Bianchi',
        },
      ],
    };
    try {
      api({ 'GET /api/rep-get-pharmacy': () => json({ status: 'ok', data: september }) });
      await renderAt(`/rep/form?pharmacyId=${PHARMACY_ID}`);
      await screen.findByRole('heading', { level: 1, name: 'Record a visit' });
      expect(screen.getByRole('combobox', { name: 'Month of the visit' })).toHaveValue('12');
    } finally {
      vi.useRealTimers();
    }
  });

  it('reopens an update still waiting to be sent with the month chosen in it', async () => {
    const month = fieldMonth() === 1 ? 2 : 1;
    enqueue({
      key: 'k-0000000001',
      formId: 'rep-visit',
      recordId: PHARMACY_ID,
      label: 'Farmacia del Corso',
      path: '/api/rep-update-pharmacy',
      method: 'PUT',
      payload: { pharmacyId: PHARMACY_ID, callFlag: 'not_interested', month },
    });
    api();
    await renderAt(`/rep/form?pharmacyId=${PHARMACY_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Record a visit' });
    expect(screen.getByRole('combobox', { name: 'Month of the visit' })).toHaveValue(String(month));
    expect(screen.getByRole('radio', { name: 'Not interested' })).toBeChecked();
    // Sent, the update leaves nothing waiting for the tests after this one.
    await flushOutbox();
    expect(pendingEntries()).toEqual([]);
  });

  it('says the rep has no access when the pharmacy is not theirs', async () => {
    api({ 'GET /api/rep-get-pharmacy': () => json({ status: 'failed', message: 'forbidden' }, 403) });
    await renderAt(`/rep/form?pharmacyId=${PHARMACY_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});

describe('offline', () => {
  it('keeps an update made offline, shows it as waiting, and sends it once when the connection returns', async () => {
    const calls = api();
    const user = await renderAt(`/rep/form?pharmacyId=${PHARMACY_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Record a visit' });
    online = false;
    await user.click(screen.getByRole('radio', { name: 'Not interested' }));
    await user.click(screen.getByRole('button', { name: 'Save the visit' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Visit saved on this device' })).toBeInTheDocument();
    expect(calls.calls.filter((c) => c.path === '/api/rep-update-pharmacy')).toHaveLength(0);
    expect(JSON.parse(localStorage.getItem('pc.outbox')!).pending).toHaveLength(1);

    // Back at the list, still offline: the list cannot load, but what waits is said.
    await user.click(screen.getByRole('link', { name: 'test: home' }));
    expect(await screen.findByText('1 update made offline is waiting to be sent. It will be sent as soon as there is a connection.')).toBeInTheDocument();
    expect(calls.calls.filter((c) => c.path === '/api/rep-update-pharmacy')).toHaveLength(0);

    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    // Sent, and the list read again with its new outcome.
    expect(await screen.findByRole('list', { name: 'Assigned pharmacies' })).toBeInTheDocument();
    expect(screen.queryByText(/waiting to be sent/i)).toBeNull();
    const sent = calls.calls.filter((c) => c.path === '/api/rep-update-pharmacy');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ pharmacyId: PHARMACY_ID, callFlag: 'not_interested' });
    expect(sent[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(localStorage.getItem('pc.outbox')!).pending).toEqual([]);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(calls.calls.filter((c) => c.path === '/api/rep-update-pharmacy')).toHaveLength(1);
  });

  it('keeps the update when the request gets no answer at all, with the key it was first sent with', async () => {
    const calls = api({ 'PUT /api/rep-update-pharmacy': () => Promise.reject(new TypeError('Failed to fetch')) });
    const user = await renderAt(`/rep/form?pharmacyId=${PHARMACY_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Record a visit' });
    await user.click(screen.getByRole('button', { name: 'Save the visit' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Visit saved on this device' })).toBeInTheDocument();
    const first = calls.calls.find((c) => c.path === '/api/rep-update-pharmacy')!;
    const queued = JSON.parse(localStorage.getItem('pc.outbox')!).pending as { key: string }[];
    expect(queued.map((e) => e.key)).toEqual([first.headers['Idempotency-Key']]);
  });

  it('marks a pharmacy whose update waits while the server cannot take it', async () => {
    localStorage.setItem(
      'pc.outbox',
      JSON.stringify({
        pending: [
          {
            key: 'k-123456789',
            formId: 'rep-visit',
            recordId: PHARMACY_ID,
            label: 'Farmacia del Corso',
            path: '/api/rep-update-pharmacy',
            method: 'PUT',
            payload: { pharmacyId: PHARMACY_ID, callFlag: 'joined_unify' },
            queuedAt: 1,
          },
        ],
        refused: [],
      }),
    );
    const calls = api({ 'PUT /api/rep-update-pharmacy': () => json({ status: 'failed', message: 'errorsGlobal.temporarilyUnavailableService' }, 503) });
    await renderAt(`/rep/home/${REP.id}`);
    const list = await screen.findByRole('list', { name: 'Assigned pharmacies' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Waiting to be sent: Joined Unify');
    expect(calls.calls.filter((c) => c.path === '/api/rep-update-pharmacy')[0]?.headers['Idempotency-Key']).toBe('k-123456789');
    expect(JSON.parse(localStorage.getItem('pc.outbox')!).pending).toHaveLength(1);
  });

  it('tells the rep about an update the server refused, and lets them open the pharmacy again', async () => {
    localStorage.setItem(
      'pc.outbox',
      JSON.stringify({
        pending: [
          {
            key: 'k-987654321',
            formId: 'rep-visit',
            recordId: PHARMACY_ID,
            label: 'Farmacia del Corso',
            path: '/api/rep-update-pharmacy',
            method: 'PUT',
            payload: { pharmacyId: PHARMACY_ID },
            queuedAt: 1,
          },
        ],
        refused: [],
      }),
    );
    api({ 'PUT /api/rep-update-pharmacy': () => json({ status: 'failed', message: 'forbidden' }, 403) });
    const user = await renderAt(`/rep/home/${REP.id}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('link', { name: 'Farmacia del Corso' })).toHaveAttribute('href', `/rep/form?pharmacyId=${PHARMACY_ID}`);
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(JSON.parse(localStorage.getItem('pc.outbox')!)).toMatchObject({ pending: [], refused: [] });
  });
});
