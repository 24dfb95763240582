// The manager's reps page (issue 24 item 4): the reps with their figures, loading, empty and error
// states, disabling a rep after a confirmation (or not, on Cancel), enabling them again, moving all
// of a rep's pharmacies to another active rep, the daily e-mail setting, and no access (403).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { RepSummaries, RepSummary } from '#shared/schemas/staff-reps.ts';
import { renderInSite } from '../../../test/render.tsx';
import { MANAGER, json, stubStaffApi, type Handler } from '../../../test/staff-api-stub.tsx';
import { StaffArea } from '../session/staff-area.tsx';
import { AreaManagerRepsPage } from './area-manager-reps-page.tsx';
import { axeViolations } from '../../../test/axe.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const me: Handler = () => json({ status: 'ok', data: MANAGER });
const LUCA: RepSummary = {
  id: 'r-luca',
  firstName: 'Luca',
  lastName: 'Neri',
  email: 'luca@example.it',
  disabled: false,
  pharmacies: 3,
  visitsThisWeek: 4,
  visitsThisMonth: 11,
  joinsThisMonth: 2,
  lastVisitAt: '2026-11-18T09:00:00Z',
};
const SARA: RepSummary = {
  id: 'r-sara',
  firstName: 'Sara',
  lastName: 'Conti',
  email: 'sara@example.it',
  disabled: false,
  pharmacies: 1,
  visitsThisWeek: 0,
  visitsThisMonth: 0,
  joinsThisMonth: 0,
  lastVisitAt: null,
};
const summaries = (reps: RepSummary[], joinsDigest = true): RepSummaries => ({
  reps,
  joinsDigest,
  weekStart: '2026-11-15T23:00:00Z',
  monthStart: '2026-10-31T23:00:00Z',
});

const violations = () => axeViolations({ partOfPage: true });

async function renderReps(areaManagerId = MANAGER.id) {
  const user = userEvent.setup();
  await renderInSite(
    <Routes>
      <Route element={<StaffArea />}>
        <Route path="/areamanager/reps/:areaManagerId" element={<AreaManagerRepsPage />} />
      </Route>
    </Routes>,
    { country: 'it', language: 'it', route: `/areamanager/reps/${areaManagerId}` },
  );
  return user;
}

const rowOf = async (name: string) => (await screen.findByRole('cell', { name: new RegExp(`^${name}`) })).closest('tr')!;

describe('the reps page', () => {
  it('lists the reps with their e-mail, pharmacies, visits this week and month, joins and last visit, with no axe violations', async () => {
    let answer: ((response: Response) => void) | undefined;
    stubStaffApi({ 'GET /api/auth/me': me, 'GET /api/areamanager-get-rep-summaries': () => new Promise<Response>((resolve) => (answer = resolve)) });
    await renderReps();
    expect(await screen.findByText('Caricamento degli informatori…')).toBeInTheDocument();
    // The page asks once its loading state shows; on a busy machine the request may come a moment later.
    await vi.waitFor(() => expect(answer).toBeDefined());
    answer!(json({ status: 'ok', data: summaries([LUCA, SARA]) }));

    const table = await screen.findByRole('table', { name: '2 informatori' });
    expect(screen.getByRole('heading', { level: 1, name: 'I Suoi informatori' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Informatore', 'Farmacie assegnate', 'Visite questa settimana', 'Visite questo mese', 'Adesioni questo mese', 'Ultima visita', 'Azioni']);
    const luca = await rowOf('Luca Neri');
    expect(
      within(luca)
        .getAllByRole('cell')
        .slice(0, 6)
        .map((c) => c.textContent),
    ).toEqual(['Luca Neri, E-mail: luca@example.it', '3', '4', '11', '2', '18 nov 2026']);
    // Each cell is labelled with its column for the phone layout.
    expect(within(luca).getAllByRole('cell')[2]).toHaveAttribute('data-label', 'Visite questa settimana');
    const sara = await rowOf('Sara Conti');
    expect(within(sara).getAllByRole('cell')[5]).toHaveTextContent('Nessuna');
    expect(screen.getByRole('checkbox', { name: 'Riepilogo giornaliero delle adesioni via e-mail' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Aggiungi un informatore' })).toHaveAttribute('href', `/areamanager/add/rep/${MANAGER.id}`);
    expect(await violations()).toEqual([]);
  });

  it('says when there are no reps yet, and when the list cannot be loaded', async () => {
    stubStaffApi({ 'GET /api/auth/me': me, 'GET /api/areamanager-get-rep-summaries': () => json({ status: 'ok', data: summaries([]) }) });
    await renderReps();
    expect(await screen.findByText(/Non ci sono ancora informatori in quest’area/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    cleanup();

    stubStaffApi({ 'GET /api/auth/me': me, 'GET /api/areamanager-get-rep-summaries': () => json({ status: 'failed', message: 'unavailable' }, 503) });
    await renderReps();
    expect(await screen.findByRole('heading', { level: 1, name: 'Impossibile caricare i dati. Controlli la connessione e riprovi.' })).toBeInTheDocument();
  });

  it('shows no access, and none of the data, for another manager’s reps (403)', async () => {
    stubStaffApi({ 'GET /api/auth/me': me, 'GET /api/areamanager-get-rep-summaries': () => json({ status: 'failed', message: 'forbidden' }, 403) });
    await renderReps('am-other');
    expect(await screen.findByRole('heading', { level: 1, name: 'Non ha accesso a questa pagina' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('disables a rep only after a confirmation, then can enable them again', async () => {
    let current = summaries([LUCA, SARA]);
    const api = stubStaffApi({
      'GET /api/auth/me': me,
      'GET /api/areamanager-get-rep-summaries': () => json({ status: 'ok', data: current }),
      'POST /api/areamanager-disable-rep': () => {
        current = summaries([{ ...LUCA, disabled: true }, SARA]);
        return json({ status: 'ok' });
      },
      'POST /api/areamanager-enable-rep': () => {
        current = summaries([LUCA, SARA]);
        return json({ status: 'ok' });
      },
    });
    const user = await renderReps();
    const luca = await rowOf('Luca Neri');
    await user.click(within(luca).getByRole('button', { name: 'Disattiva Luca Neri' }));
    const confirm = within(luca).getByRole('group', { name: 'Disattivare l’account di Luca Neri?' });
    expect(confirm).toHaveTextContent('Le 3 farmacie assegnate resteranno senza informatore finché non le assegna a un altro.');
    // Cancel: nothing is sent.
    await user.click(within(confirm).getByRole('button', { name: 'Annulla' }));
    expect(api.calls.some((c) => c.path === '/api/areamanager-disable-rep')).toBe(false);

    await user.click(within(luca).getByRole('button', { name: 'Disattiva Luca Neri' }));
    await user.click(within(luca).getByRole('button', { name: 'Sì, disattiva' }));
    expect(await screen.findByText(/L’account di Luca Neri è disattivato/)).toBeInTheDocument();
    expect(api.bodyOf('/api/areamanager-disable-rep')).toEqual({ repId: 'r-luca' });
    const disabled = await rowOf('Luca Neri');
    await waitFor(() => expect(within(disabled).getAllByRole('cell')[0]).toHaveTextContent(/^Luca Neri \(account disattivato\)/));

    await user.click(within(disabled).getByRole('button', { name: 'Riattiva Luca Neri' }));
    expect(await screen.findByText(/L’account di Luca Neri è di nuovo attivo/)).toBeInTheDocument();
    expect(api.bodyOf('/api/areamanager-enable-rep')).toEqual({ repId: 'r-luca' });
    await waitFor(async () => expect(within(await rowOf('Luca Neri')).getByRole('button', { name: 'Disattiva Luca Neri' })).toBeInTheDocument());
  });

  it("moves all of a rep's pharmacies to another active rep, asking to choose one first", async () => {
    const DINO: RepSummary = { ...SARA, id: 'r-dino', firstName: 'Dino', lastName: 'Galli', email: 'dino@example.it', disabled: true };
    let current = summaries([LUCA, SARA, DINO]);
    const api = stubStaffApi({
      'GET /api/auth/me': me,
      'GET /api/areamanager-get-rep-summaries': () => json({ status: 'ok', data: current }),
      'POST /api/areamanager-move-rep-pharmacies': () => {
        current = summaries([{ ...LUCA, pharmacies: 0 }, { ...SARA, pharmacies: 4 }, DINO]);
        return json({ status: 'ok', data: { moved: 3 } });
      },
    });
    const user = await renderReps();
    const luca = await rowOf('Luca Neri');
    await user.click(within(luca).getByRole('button', { name: 'Sposta le farmacie di Luca Neri' }));
    const form = within(luca).getByRole('form', { name: 'Sposta le 3 farmacie di Luca Neri' });
    const choice = within(form).getByRole('combobox', { name: 'Assegna le 3 farmacie di Luca Neri a' });
    // A disabled rep is not offered.
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Scelga un informatore', 'Sara Conti']);
    await user.click(within(form).getByRole('button', { name: 'Sposta' }));
    expect(await within(form).findByText(/Selezioni/i)).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/areamanager-move-rep-pharmacies')).toBe(false);

    await user.selectOptions(choice, 'Sara Conti');
    await user.click(within(form).getByRole('button', { name: 'Sposta' }));
    expect(await screen.findByText('3 farmacie spostate da Luca Neri. Nuovo informatore: Sara Conti.')).toBeInTheDocument();
    expect(api.bodyOf('/api/areamanager-move-rep-pharmacies')).toEqual({ fromRepId: 'r-luca', toRepId: 'r-sara' });
    await waitFor(async () => expect(within(await rowOf('Luca Neri')).getAllByRole('cell')[1]).toHaveTextContent('0'));
    expect(within(await rowOf('Luca Neri')).queryByRole('button', { name: /Sposta le farmacie/ })).not.toBeInTheDocument();
  });

  it('turns the daily e-mail of joins off and on', async () => {
    const api = stubStaffApi({
      'GET /api/auth/me': me,
      'GET /api/areamanager-get-rep-summaries': () => json({ status: 'ok', data: summaries([LUCA], true) }),
      'PUT /api/areamanager-joins-digest': (_url, init) =>
        json({ status: 'ok', data: { joinsDigest: (JSON.parse(String(init?.body)) as { joinsDigest: boolean }).joinsDigest } }),
    });
    const user = await renderReps();
    const box = await screen.findByRole('checkbox', { name: 'Riepilogo giornaliero delle adesioni via e-mail' });
    await user.click(box);
    expect(await screen.findByText('Non riceverà più il riepilogo giornaliero delle adesioni.')).toBeInTheDocument();
    expect(box).not.toBeChecked();
    expect(api.bodyOf('/api/areamanager-joins-digest')).toEqual({ areaManagerId: MANAGER.id, joinsDigest: false });
    await user.click(box);
    expect(await screen.findByText('Riceverà il riepilogo giornaliero delle adesioni.')).toBeInTheDocument();
    expect(box).toBeChecked();
  });
});
