// The readable CSV's control on the manager's home (issue 24 item 6): two labelled native date
// inputs and a button beside the machine export, which is unchanged; a valid range is sent by the
// browser as a GET to the export with the page's language; a range that is not one stays on the
// page with its errors in the page's language, summarised and at each field.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { renderInSite } from '../../../test/render.tsx';
import { MANAGER, json, stubStaffApi } from '../../../test/staff-api-stub.tsx';
import { StaffArea } from '../session/staff-area.tsx';
import { AreaManagerHomePage } from './area-manager-home-page.tsx';

vi.mock('../../../components/leaflet-map.tsx', async () => (await import('../../../test/fakes.tsx')).fakeLeafletModule);

/** What the browser would send: each submit that reaches the window, and whether the page stopped it. */
let sent: { prevented: boolean; action: string; method: string; query: Record<string, string> }[] = [];
const record = (event: Event) => {
  const form = event.target as HTMLFormElement;
  sent.push({
    prevented: event.defaultPrevented,
    action: form.getAttribute('action')!,
    method: form.method,
    query: Object.fromEntries(new FormData(form) as unknown as Iterable<[string, string]>),
  });
  // jsdom cannot download: the test stops here what the browser would send.
  event.preventDefault();
};
beforeEach(() => {
  sent = [];
  window.addEventListener('submit', record);
});
afterEach(() => {
  window.removeEventListener('submit', record);
  cleanup();
  vi.unstubAllGlobals();
});

async function renderHome(language: 'it' | 'en') {
  stubStaffApi({
    'GET /api/auth/me': () => json({ status: 'ok', data: MANAGER }),
    'GET /api/areamanager-get-pharmacies': () => json({ status: 'ok', data: [], total: 0 }),
  });
  const user = userEvent.setup();
  await renderInSite(
    <Routes>
      <Route element={<StaffArea />}>
        <Route path="/areamanager/home/:areaManagerId" element={<AreaManagerHomePage />} />
      </Route>
    </Routes>,
    { country: 'it', language, route: '/areamanager/home/am-1' },
  );
  return user;
}

describe('the readable CSV on the manager’s home', () => {
  it('sits beside the machine export, which still links to the whole file', async () => {
    await renderHome('it');
    expect(await screen.findByRole('link', { name: 'Esporta CSV' })).toHaveAttribute('href', '/api/areamanager-accord-csv?id=am-1');
    const group = screen.getByRole('group', { name: 'Scarica le visite in un CSV leggibile' });
    expect(within(group).getByLabelText('Dal giorno')).toHaveAttribute('type', 'date');
    expect(within(group).getByLabelText('Al giorno (compreso)')).toHaveAttribute('type', 'date');
    expect(within(group).getByRole('button', { name: 'Scarica le visite' })).toBeInTheDocument();
  });

  it('sends a valid range to the export as a GET, readable, in the page’s language; Enter in a field sends it too', async () => {
    const user = await renderHome('it');
    const from = await screen.findByLabelText('Dal giorno');
    await user.type(from, '2026-03-01');
    await user.type(screen.getByLabelText('Al giorno (compreso)'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Scarica le visite' }));
    expect(sent).toEqual([
      {
        prevented: false,
        action: '/api/areamanager-accord-csv',
        method: 'get',
        query: { id: 'am-1', format: 'readable', lang: 'it', from: '2026-03-01', to: '2026-03-31' },
      },
    ]);
    expect(screen.queryByRole('alert', { name: 'Si è verificato un problema' })).toBeNull();

    // From the keyboard: in the first day, cleared (an open start), Enter sends the form.
    sent = [];
    from.focus();
    await user.clear(from);
    await user.keyboard('{Enter}');
    expect(sent).toEqual([expect.objectContaining({ prevented: false, query: { id: 'am-1', format: 'readable', lang: 'it', from: '', to: '2026-03-31' } })]);
  });

  it('keeps a range that ends before it starts on the page, with the error in Italian, summarised and at the field', async () => {
    const user = await renderHome('it');
    await user.type(await screen.findByLabelText('Dal giorno'), '2026-03-31');
    const to = screen.getByLabelText('Al giorno (compreso)');
    await user.type(to, '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Scarica le visite' }));
    expect(sent).toEqual([expect.objectContaining({ prevented: true })]);
    const summary = await screen.findByRole('alert', { name: 'Si è verificato un problema' });
    expect(summary).toHaveFocus();
    const link = within(summary).getByRole('link', { name: 'La data finale non può precedere quella iniziale' });
    expect(link).toHaveAttribute('href', '#visitsTo');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription(/La data finale non può precedere quella iniziale/);
    await user.click(link);
    expect(to).toHaveFocus();

    // Corrected, it goes, and the errors are gone.
    await user.clear(to);
    await user.type(to, '2026-04-30');
    await user.click(screen.getByRole('button', { name: 'Scarica le visite' }));
    expect(sent.at(-1)).toEqual(expect.objectContaining({ prevented: false, query: expect.objectContaining({ from: '2026-03-31', to: '2026-04-30' }) }));
    expect(screen.queryByRole('alert', { name: 'Si è verificato un problema' })).toBeNull();
    expect(to).not.toHaveAttribute('aria-invalid');
  });

  it('words everything in English on an English page, and counts a half-typed day as an error, not an open end', async () => {
    const user = await renderHome('en');
    const from = await screen.findByLabelText('From');
    expect(screen.getByRole('group', { name: 'Download visits as a readable CSV' })).toBeInTheDocument();
    // What a browser's date input reports while its day is incomplete: no value, bad input.
    Object.defineProperty(from, 'validity', { value: { badInput: true } });
    await user.click(screen.getByRole('button', { name: 'Download visits' }));
    expect(sent).toEqual([expect.objectContaining({ prevented: true })]);
    expect(
      within(await screen.findByRole('alert', { name: 'There is a problem' })).getByRole('link', { name: 'Enter a date, for example 31/12/2026' }),
    ).toHaveAttribute('href', '#visitsFrom');
    expect(from).toHaveAttribute('aria-invalid', 'true');
  });
});
