// Reviewers by market (issue 41 item 2, decision 0066), against a stubbed API: the queue opens on
// the reviewer's markets and offers every market; another market's application says it is outside
// them; the reviewers page shows each one's markets and the week's workload; the main admin's form
// sets the markets. Each page ends with axe.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { axeViolations } from '../../../test/axe.ts';
import { loadFeatureMessages } from '../../../lib/i18n.ts';
import { renderInSite } from '../../../test/render.tsx';
import { ADMIN, json, stubStaffApi } from '../../../test/staff-api-stub.tsx';
import { StaffArea } from '../session/staff-area.tsx';
import { renderReviewPages } from './render-review-pages.tsx';
import { ReviewerMarketsPage } from './reviewer-markets-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const GRETA = { ...ADMIN, id: 'u-greta', firstName: 'Greta', lastName: 'Vogel', role: 'reviewer' as const };
const item = (id: string, firstName: string, market: 'uk' | 'de') => ({
  id,
  reference: 'PC-7K3M9Q',
  firstName,
  lastName: 'Test',
  email: `${firstName.toLowerCase()}@example.com`,
  registrationNumber: '2012345',
  market,
  language: market === 'de' ? 'de' : 'en',
  status: 'submitted',
  pharmacyName: 'Apotheke am Markt',
  submittedAt: '2026-11-20T09:00:00Z',
  updatedAt: '2026-11-20T09:00:00Z',
  signedInFieldBy: null,
  claimedBy: null,
  dueBy: null,
  clock: null,
});
const page = (items: unknown[]) => ({ items, total: items.length, totalCapped: false, page: 1, pageSize: 25, yourMarkets: ['de'] });

describe('the queue of a reviewer set to Germany', () => {
  it('opens on German applications, and shows every market on request', async () => {
    const asked: (string | null)[] = [];
    stubStaffApi({
      'GET /api/auth/me': () => json({ status: 'ok', data: GRETA }),
      'GET /api/review/age-bands': () => json({ status: 'ok', data: [] }),
      // The server keeps to the reviewer's markets when no market is asked for.
      'GET /api/review/applications': (url) => {
        asked.push(url.searchParams.get('market'));
        return json({
          status: 'ok',
          data: page(url.searchParams.get('market') === 'all' ? [item('a1', 'Jonas', 'de'), item('a2', 'Olivia', 'uk')] : [item('a1', 'Jonas', 'de')]),
        });
      },
    });
    const user = await renderReviewPages('/admin/review');
    expect(await screen.findByRole('link', { name: 'Jonas Test' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Olivia Test' })).not.toBeInTheDocument();
    expect(asked).toEqual([null]);
    const market = screen.getByRole('combobox', { name: 'Market' });
    expect(await within(market).findByRole('option', { name: 'Your markets (Germany)' })).toHaveProperty('selected', true);
    expect(await axeViolations()).toEqual([]);

    await user.selectOptions(market, 'All markets');
    await user.click(screen.getByRole('button', { name: 'Show applications' }));
    expect(await screen.findByRole('link', { name: 'Olivia Test' })).toBeInTheDocument();
    expect(asked.at(-1)).toBe('all');
  });
});

describe("another market's application", () => {
  it('is shown, with a notice that it is outside the reviewer’s markets', async () => {
    const detail = {
      ...item('a2', 'Olivia', 'uk'),
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
      outsideYourMarkets: true,
    };
    stubStaffApi({
      'GET /api/auth/me': () => json({ status: 'ok', data: GRETA }),
      'GET /api/review/applications/a2': () => json({ status: 'ok', data: detail }),
      'GET /api/review/applications/a2/checks': () => json({ status: 'ok', data: { changes: null, duplicates: [], registerLink: null } }),
    });
    await renderReviewPages('/admin/review/a2');
    expect(
      await screen.findByText('This application is from United Kingdom, which is outside your markets. You can still read it and decide on it.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Olivia Test' })).toBeInTheDocument();
  });
});

describe('the reviewers page', () => {
  it("shows each reviewer's markets, and the workload: open claims and decisions this week", async () => {
    stubStaffApi({
      'GET /api/auth/me': () => json({ status: 'ok', data: ADMIN }),
      'GET /api/review/reviewers': () =>
        json({
          status: 'ok',
          data: [
            { id: 'u-greta', email: 'greta@example.de', firstName: 'Greta', lastName: 'Vogel', disabled: false, markets: ['it', 'de'] },
            { id: 'u-uma', email: 'uma@example.co.uk', firstName: 'Uma', lastName: 'Shah', disabled: false, markets: [] },
          ],
        }),
      'GET /api/review/workload': () =>
        json({
          status: 'ok',
          data: {
            weekStart: '2026-11-23T00:00:00.000Z',
            timeZone: 'Europe/London',
            reviewers: [
              { id: 'u-greta', firstName: 'Greta', lastName: 'Vogel', disabled: false, markets: ['it', 'de'], openClaims: 1, decisionsThisWeek: 4 },
              { id: 'u-uma', firstName: 'Uma', lastName: 'Shah', disabled: false, markets: [], openClaims: 0, decisionsThisWeek: 0 },
            ],
          },
        }),
    });
    await renderReviewPages('/admin/reviewers');
    const reviewers = await screen.findByRole('table', { name: '2 reviewers' });
    const greta = within(reviewers).getByRole('row', { name: /Greta Vogel/ });
    expect(within(greta).getByText(/Italy and Germany/)).toBeInTheDocument();
    expect(within(greta).getByRole('link', { name: 'Change markets Greta Vogel' })).toHaveAttribute('href', '/admin/reviewers/markets?reviewerId=u-greta');
    expect(within(within(reviewers).getByRole('row', { name: /Uma Shah/ })).getByText(/All markets/)).toBeInTheDocument();

    const workload = await screen.findByRole('table', { name: "Each reviewer's open claims and decisions this week" });
    expect(screen.getByText('Open claims now, and decisions taken since Monday, 23 November 2026 at midnight (Europe/London time).')).toBeInTheDocument();
    const cells = (name: string) =>
      within(within(workload).getByRole('row', { name: new RegExp(name) }))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('Greta Vogel')).toEqual(['Greta Vogel', 'Italy and Germany', '1', '4']);
    expect(cells('Uma Shah')).toEqual(['Uma Shah', 'All markets', '0', '0']);
    expect(await axeViolations()).toEqual([]);
  });
});

describe('the markets form', () => {
  it("opens on the reviewer's markets and sends the ones ticked", async () => {
    const api = stubStaffApi({
      'GET /api/auth/me': () => json({ status: 'ok', data: ADMIN }),
      'GET /api/review/reviewer-markets': () => json({ status: 'ok', data: { reviewerId: 'u-greta', firstName: 'Greta', lastName: 'Vogel', markets: ['de'] } }),
      'PUT /api/review/reviewer-markets': () => json({ status: 'ok' }),
    });
    const user = userEvent.setup();
    await renderInSite(
      <Routes>
        <Route element={<StaffArea />}>
          <Route path="/admin/reviewers/markets" element={<ReviewerMarketsPage />} />
          <Route path="/admin/reviewers" element={<p>Reviewers list</p>} />
        </Route>
      </Routes>,
      { country: 'uk', route: '/admin/reviewers/markets?reviewerId=u-greta' },
    );
    await loadFeatureMessages(['review', 'staff', 'form']);
    const group = await screen.findByRole('group', { name: 'Markets Greta Vogel reviews' });
    const box = (name: string) => within(group).getByRole('checkbox', { name });
    expect(box('Germany')).toBeChecked();
    expect(box('United Kingdom')).not.toBeChecked();
    expect(await axeViolations()).toEqual([]);

    await user.click(box('Italy'));
    await user.click(screen.getByRole('button', { name: 'Save the markets' }));
    await screen.findByText('Reviewers list');
    expect(api.bodyOf('/api/review/reviewer-markets')).toMatchObject({ reviewerId: 'u-greta', markets: ['it', 'de'] });
  });

  it('says no access to anyone but the main admin', async () => {
    stubStaffApi({ 'GET /api/auth/me': () => json({ status: 'ok', data: GRETA }) });
    await renderInSite(
      <Routes>
        <Route element={<StaffArea />}>
          <Route path="/admin/reviewers/markets" element={<ReviewerMarketsPage />} />
        </Route>
      </Routes>,
      { country: 'uk', route: '/admin/reviewers/markets?reviewerId=u-greta' },
    );
    await loadFeatureMessages(['review', 'staff', 'form']);
    expect(await screen.findByRole('heading', { name: /access/i })).toBeInTheDocument();
  });
});
