// The review desk as a team uses it (issue 25), against a stubbed API: the age bands per market and
// the claimer's column on the queue; on the application page the claim, a decision on someone
// else's claim that asks for confirmation naming them (also when claimed meanwhile), internal
// notes and the history with who and when. Each page ends with axe.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { axeViolations } from '../../../test/axe.ts';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { loadFeatureMessages } from '../../../lib/i18n.ts';
import { renderInSite } from '../../../test/render.tsx';
import { ADMIN, json, stubStaffApi, type Handler } from '../../../test/staff-api-stub.tsx';
import { StaffArea } from '../session/staff-area.tsx';
import { AddReviewerPage } from './add-reviewer-page.tsx';
import { renderReviewPages } from './render-review-pages.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REVIEWER = { ...ADMIN, id: 'u-bruno', firstName: 'Bruno', lastName: 'Neri', role: 'reviewer' as const };
const me: Handler = () => json({ status: 'ok', data: REVIEWER });
const weeksAgo = (w: number) => new Date(Date.now() - w * 7 * 24 * 3600 * 1000).toISOString();
const item = (id: string, firstName: string, claimedBy: string | null = null) => ({
  id,
  reference: 'PC-7K3M9Q',
  firstName,
  lastName: 'Test',
  email: `${firstName.toLowerCase()}@example.com`,
  registrationNumber: '2012345',
  market: 'uk',
  language: 'en',
  status: 'submitted',
  pharmacyName: 'Bold Street Chemist',
  submittedAt: weeksAgo(1),
  updatedAt: weeksAgo(1),
  signedInFieldBy: null,
  claimedBy,
});
const BANDS = [
  { market: 'uk', counts: { under2w: 3, from2to4w: 2, from4to6w: 1, over6w: 4 } },
  { market: 'it', counts: { under2w: 0, from2to4w: 1, from4to6w: 0, over6w: 0 } },
  { market: 'de', counts: { under2w: 5, from2to4w: 0, from4to6w: 0, over6w: 0 } },
];
const ANNA_CLAIM = { by: 'Anna Rossi', mine: false, since: '2026-11-25T09:00:00Z', until: '2026-11-25T09:30:00Z' };
const detail = (overrides: Record<string, unknown> = {}) => ({
  ...item('a1', 'Olivia'),
  formId: 'apply-uk',
  formTexts: 'form',
  fields: [{ name: 'email', value: 'olivia@example.com', texts: 'form' }],
  photoFileId: null,
  photoUrl: null,
  certificateFileIds: [],
  place: { placeId: 'fixture:uk:001', name: 'Bold Street Chemist', address: '84 Bold Street', lat: 53.4, lng: -2.99 },
  history: [],
  consents: [],
  decisions: ['approve', 'reject', 'request_changes'],
  claim: null,
  ...overrides,
});
const NO_CHECKS = { status: 'ok', data: { changes: null, duplicates: [], registerLink: null } };

const renderAt = (route: string) => renderReviewPages(route);

describe('the queue, for a team', () => {
  it('opens on the counts waiting per market in bands of weeks, and names who is reviewing each application', async () => {
    stubStaffApi({
      'GET /api/auth/me': me,
      'GET /api/review/age-bands': () => json({ status: 'ok', data: BANDS }),
      'GET /api/review/applications': () =>
        json({ status: 'ok', data: { items: [item('a1', 'Olivia', 'Anna Rossi'), item('a2', 'Noah')], total: 2, totalCapped: false, page: 1, pageSize: 25 } }),
    });
    await renderAt('/admin/review');
    const bands = await screen.findByRole('table', { name: 'Submitted applications by market and time since submission' });
    const columns = within(bands)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(columns).toEqual(['Time since submission', 'United Kingdom', 'Italy', 'Germany']);
    const cells = (band: string) =>
      within(within(bands).getByRole('row', { name: new RegExp(`^${band}`) }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('Under 2 weeks')).toEqual(['3', '0', '5']);
    expect(cells('2 to 4 weeks')).toEqual(['2', '1', '0']);
    expect(cells('4 to 6 weeks')).toEqual(['1', '0', '0']);
    expect(cells('Over 6 weeks')).toEqual(['4', '0', '0']);
    expect(cells('Total')).toEqual(['10', '1', '5']);

    await screen.findByRole('link', { name: 'Olivia Test' });
    const olivia = screen.getByRole('row', { name: /Olivia Test/ });
    expect(within(olivia).getByText('Anna Rossi')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Noah Test/ })).getByText('Nobody')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Being reviewed by' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});

describe('the application page, for a team', () => {
  it("shows A's claim to B, and B's decision asks for confirmation naming A before it is sent as confirmed", async () => {
    let sent: unknown = null;
    stubStaffApi({
      'GET /api/auth/me': me,
      'GET /api/review/applications/a1': () => json({ status: 'ok', data: detail({ claim: ANNA_CLAIM }) }),
      'GET /api/review/applications/a1/checks': () => json(NO_CHECKS),
      'POST /api/review/applications/a1/decision': (_url, init) => {
        sent = JSON.parse(String(init?.body));
        return json({ status: 'ok', data: { status: 'approved' } });
      },
    });
    const user = await renderAt('/admin/review/a1');
    expect(await screen.findByText(/Anna Rossi is reviewing this application \(since/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take over from Anna Rossi' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'Approve' }));
    await user.type(screen.getByRole('textbox', { name: /Internal note \(optional\)/ }), 'Checked the register by phone.');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // The confirmation step takes the focus, and says whose claim it is.
    const heading = await screen.findByRole('heading', { name: 'Approve the application of Olivia Test?' });
    expect(heading).toHaveFocus();
    const step = screen.getByRole('group', { name: 'Approve the application of Olivia Test?' });
    expect(within(step).getByText('Anna Rossi is reviewing this application. Decide anyway?')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    expect(sent).toBeNull();
    // By keyboard: Tab to the confirming button and press Enter.
    await user.tab();
    expect(within(step).getByRole('button', { name: 'Yes, approve' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sent).toEqual({ decision: 'approve', reason: '', internalNote: 'Checked the register by phone.', confirmClaim: true }));
  });

  it('asks again, naming them, when someone claimed the application after the page loaded', async () => {
    const bodies: Record<string, unknown>[] = [];
    stubStaffApi({
      'GET /api/auth/me': me,
      'GET /api/review/applications/a1': () => json({ status: 'ok', data: detail() }),
      'GET /api/review/applications/a1/checks': () => json(NO_CHECKS),
      'POST /api/review/applications/a1/decision': (_url, init) => {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        bodies.push(body);
        if (!body.confirmClaim) return json({ status: 'failed', message: 'claimedByOther', data: { claimedBy: 'Carla Verdi' } }, 409);
        return json({ status: 'ok', data: { status: 'rejected' } });
      },
    });
    const user = await renderAt('/admin/review/a1');
    expect(await screen.findByText('Nobody has said they are reviewing this application.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Reject' }));
    await user.type(screen.getByRole('textbox', { name: /^Reason/ }), 'Not on the register.');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByText(/Decide anyway/)).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Yes, reject' }));
    expect(await screen.findByText('Carla Verdi is reviewing this application. Decide anyway?')).toBeInTheDocument();
    expect(bodies).toEqual([{ decision: 'reject', reason: 'Not on the register.' }]);
    await user.click(screen.getByRole('button', { name: 'Yes, reject' }));
    await waitFor(() => expect(bodies[1]).toEqual({ decision: 'reject', reason: 'Not on the register.', confirmClaim: true }));
    expect(await screen.findByText('Olivia Test is rejected and has been emailed.')).toBeInTheDocument();
  });

  it('claims the application with "I am reviewing this", and says so', async () => {
    let claimed = false;
    const api = stubStaffApi({
      'GET /api/auth/me': me,
      'GET /api/review/applications/a1': () =>
        json({ status: 'ok', data: detail({ claim: claimed ? { ...ANNA_CLAIM, by: 'Bruno Neri', mine: true } : null }) }),
      'GET /api/review/applications/a1/checks': () => json(NO_CHECKS),
      'POST /api/review/applications/a1/claim': () => {
        claimed = true;
        return json({ status: 'ok', data: { ...ANNA_CLAIM, by: 'Bruno Neri', mine: true } });
      },
    });
    const user = await renderAt('/admin/review/a1');
    await user.click(await screen.findByRole('button', { name: 'I am reviewing this' }));
    expect(await screen.findByText('You are now reviewing this application.')).toBeInTheDocument();
    expect(await screen.findByText(/You are reviewing this application\. Others are asked to confirm/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop reviewing' })).toBeInTheDocument();
    expect(api.bodyOf('/api/review/applications/a1/claim')).toEqual({});
    expect(await axeViolations()).toEqual([]);
  });

  it('adds an internal note, and the history shows every reason and note with who and when', async () => {
    const history = [
      {
        id: 'h2',
        at: '2026-11-21T10:00:00Z',
        action: 'approve',
        fromStatus: 'submitted',
        toStatus: 'approved',
        reason: 'Welcome aboard.',
        internalNote: 'Register checked.',
        by: 'Anna Rossi',
      },
      {
        id: 'h1',
        at: '2026-11-20T10:00:00Z',
        action: 'note',
        fromStatus: null,
        toStatus: 'submitted',
        reason: null,
        internalNote: 'Called the pharmacy.',
        by: 'Bruno Neri',
      },
    ];
    const api = stubStaffApi({
      'GET /api/auth/me': me,
      'GET /api/review/applications/a1': () => json({ status: 'ok', data: detail({ status: 'approved', decisions: ['deactivate'], history }) }),
      'GET /api/review/applications/a1/checks': () => json(NO_CHECKS),
      'POST /api/review/applications/a1/notes': () => json({ status: 'ok' }),
    });
    const user = await renderAt('/admin/review/a1');
    const entries = within(await screen.findByRole('list', { name: 'History of decisions and notes' })).getAllByRole('listitem');
    expect(entries[0]).toHaveTextContent('Approved');
    expect(entries[0]).toHaveTextContent('By Anna Rossi');
    expect(entries[0]).toHaveTextContent('Note to the applicant: Welcome aboard.');
    expect(entries[0]).toHaveTextContent('Internal note (not emailed): Register checked.');
    expect(entries[1]).toHaveTextContent('Internal note');
    expect(entries[1]).toHaveTextContent('By Bruno Neri');
    expect(entries[1]).toHaveTextContent('Called the pharmacy.');
    expect(entries[1]).not.toHaveTextContent('Internal note (not emailed)');

    await user.click(screen.getByRole('button', { name: 'Add the note' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the note');
    await user.type(screen.getByRole('textbox', { name: /Add an internal note/ }), 'Asked for a better photo by phone.');
    await user.click(screen.getByRole('button', { name: 'Add the note' }));
    expect(await screen.findByText('Your note is in the history.')).toBeInTheDocument();
    expect(api.bodyOf('/api/review/applications/a1/notes')).toEqual({ note: 'Asked for a better photo by phone.' });
    expect(await axeViolations()).toEqual([]);
  });
});

describe('adding a reviewer', () => {
  it('asks the language of their e-mails, each language named in itself, and sends it', async () => {
    const api = stubStaffApi({
      'GET /api/auth/me': () => json({ status: 'ok', data: ADMIN }),
      'POST /api/review/reviewers': () => json({ status: 'ok', data: { id: 'r-1' } }),
    });
    const user = userEvent.setup();
    await renderInSite(
      <Routes>
        <Route element={<StaffArea />}>
          <Route path="/admin/reviewers/add" element={<AddReviewerPage />} />
          <Route path="/admin/reviewers" element={<p>Reviewers list</p>} />
        </Route>
      </Routes>,
      { country: 'uk', route: '/admin/reviewers/add' },
    );
    await loadFeatureMessages(['review', 'staff', 'form']);
    const group = await screen.findByRole('group', { name: 'Language of their emails' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.parentElement!.textContent),
    ).toEqual(['English', 'Italiano', 'Deutsch']);
    expect(await axeViolations()).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: /email/i }), 'jonas@example.de');
    await user.type(screen.getByRole('textbox', { name: /first name/i }), 'Jonas');
    await user.type(screen.getByRole('textbox', { name: /last name/i }), 'Prufer');
    await user.click(screen.getByRole('button', { name: 'Add the reviewer' }));
    expect(await screen.findByRole('link', { name: /Language of their emails/ })).toHaveAttribute('href', '#language');
    await user.click(within(group).getByRole('radio', { name: 'Deutsch' }));
    await user.click(screen.getByRole('button', { name: 'Add the reviewer' }));
    await screen.findByText('Reviewers list');
    expect(api.bodyOf('/api/review/reviewers')).toMatchObject({ email: 'jonas@example.de', firstName: 'Jonas', lastName: 'Prufer', language: 'de' });
  });
});
