// The review desk's pages against a stubbed API: the queue's filters in the address, the decision
// clock in words, loading and empty states; the detail in form order with the certificate link;
// a decision needs a reason (except approval) and a confirmation before anything is sent.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { ADMIN, json, stubStaffApi, type Handler } from '../../../test/staff-api-stub.tsx';
import { renderReviewPages } from './render-review-pages.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REVIEWER = { ...ADMIN, id: 'u-rev', role: 'reviewer' as const };
const me: Handler = () => json({ status: 'ok', data: REVIEWER });
const weeksAgo = (w: number) => new Date(Date.now() - w * 7 * 24 * 3600 * 1000).toISOString();
const item = (id: string, firstName: string, weeks: number) => ({
  id,
  firstName,
  lastName: 'Test',
  email: `${firstName.toLowerCase()}@example.com`,
  registrationNumber: '2012345',
  market: 'uk',
  language: 'en',
  status: 'submitted',
  pharmacyName: 'Bold Street Chemist',
  submittedAt: weeksAgo(weeks),
  updatedAt: weeksAgo(weeks),
  dueBy: null as string | null,
  clock: null as string | null,
});

const renderAt = (route: string) => renderReviewPages(route);

describe('the review queue page', () => {
  it("opens on the submitted applications, each with its decision's due date and the clock's state in words", async () => {
    const items = [
      { ...item('a3', 'Late', 7), dueBy: '2026-11-20', clock: 'overdue' },
      { ...item('a2', 'Due', 3.5), dueBy: '2026-12-04', clock: 'due_soon' },
      { ...item('a1', 'Fresh', 1), dueBy: '2026-12-21', clock: 'on_track' },
    ];
    const api = stubStaffApi({
      'GET /api/auth/me': me,
      'GET /api/review/applications': () => json({ status: 'ok', data: { items, total: 3, totalCapped: false, page: 1, pageSize: 25 } }),
    });
    await renderAt('/admin/review');
    await screen.findByRole('link', { name: 'Fresh Test' });
    expect(api.calls.find((c) => c.path === '/api/review/applications')).toBeDefined();
    expect(screen.getByRole('columnheader', { name: 'Decision due' })).toBeInTheDocument();
    const rows = screen.getAllByRole('row');
    expect(within(rows[1]!).getByRole('link')).toHaveTextContent('Late Test');
    expect(within(rows[1]!).getByText('Overdue: over 6 weeks')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('20 Nov 2026');
    expect(within(rows[2]!).getByText('Due soon')).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('4 Dec 2026');
    expect(within(rows[3]!).getByText('On track')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('3 applications');
  });

  it('filters by the state of the decision clock', async () => {
    const urls: string[] = [];
    stubStaffApi({
      'GET /api/auth/me': me,
      'GET /api/review/applications': (url) => {
        urls.push(url.search);
        const items = url.searchParams.get('clock') === 'due_soon' ? [{ ...item('a2', 'Due', 3.5), dueBy: '2026-12-04', clock: 'due_soon' }] : [];
        return json({ status: 'ok', data: { items, total: items.length, totalCapped: false, page: 1, pageSize: 25 } });
      },
    });
    const user = await renderAt('/admin/review');
    await screen.findByText('No application matches these filters.');
    const filter = screen.getByRole('combobox', { name: 'Decision due' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any', 'On track', 'Due soon', 'Overdue']);
    await user.selectOptions(filter, 'Due soon');
    await user.click(screen.getByRole('button', { name: 'Show applications' }));
    await waitFor(() => expect(urls.at(-1)).toBe('?status=submitted&clock=due_soon'));
    expect(await screen.findByRole('link', { name: 'Due Test' })).toBeInTheDocument();
    expect(screen.getByText('Due soon', { selector: 'strong' })).toBeInTheDocument();
  });

  it('sends the chosen filters and search, and says when nothing matches', async () => {
    const urls: string[] = [];
    stubStaffApi({
      'GET /api/auth/me': me,
      'GET /api/review/applications': (url) => {
        urls.push(url.search);
        return json({ status: 'ok', data: { items: [], total: 0, totalCapped: false, page: 1, pageSize: 25 } });
      },
    });
    const user = await renderAt('/admin/review');
    await screen.findByText('No application matches these filters.');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Market' }), 'it');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Decision due' }), 'overdue');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'rossi');
    await user.click(screen.getByRole('button', { name: 'Show applications' }));
    await waitFor(() => expect(urls.at(-1)).toBe('?status=submitted&market=it&clock=overdue&q=rossi'));
    expect(urls[0]).toBe('?status=submitted');
  });
});

const DETAIL = {
  ...item('a1', 'Olivia', 1),
  formId: 'apply-uk',
  formTexts: 'form',
  fields: [
    { name: 'email', value: 'olivia@example.com', texts: 'form' },
    { name: 'firstName', value: 'Olivia', texts: 'form' },
    { name: 'isChecked', value: true, texts: 'form' },
  ],
  photoFileId: null,
  photoUrl: null,
  certificateFileIds: ['f-1'],
  place: { placeId: 'fixture:uk:001', name: 'Bold Street Chemist', address: '84 Bold Street', lat: 53.4, lng: -2.99 },
  history: [],
  consents: [],
  decisions: ['approve', 'reject', 'request_changes'],
};

describe('the application page', () => {
  it('lists the answers in form order with their labels and offers the certificate download', async () => {
    stubStaffApi({ 'GET /api/auth/me': me, 'GET /api/review/applications/a1': () => json({ status: 'ok', data: DETAIL }) });
    await renderAt('/admin/review/a1');
    await screen.findByRole('heading', { level: 1, name: 'Olivia Test' });
    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    expect(terms.slice(terms.indexOf('Email address'), terms.indexOf('Email address') + 3)).toEqual(['Email address', 'First name', 'Google business profile']);
    expect(screen.getByRole('link', { name: 'Download certificate 1' })).toHaveAttribute('href', '/api/files/certificates/f-1');
  });

  it("answers a German application's certificate as given, and each declaration by its words", async () => {
    const german = {
      ...DETAIL,
      market: 'de',
      language: 'de',
      formId: 'apply-steps',
      formTexts: 'steps',
      fields: [
        { name: 'file', value: 1, texts: 'steps' },
        { name: 'agreementCheck1', value: true, texts: 'steps' },
      ],
    };
    stubStaffApi({ 'GET /api/auth/me': me, 'GET /api/review/applications/a1': () => json({ status: 'ok', data: german }) });
    await renderAt('/admin/review/a1');
    await screen.findByRole('heading', { level: 1, name: 'Olivia Test' });
    const answerOf = (term: string) => screen.getAllByRole('term').find((dt) => dt.textContent === term)?.nextElementSibling?.textContent;
    expect(answerOf('Training certificate')).toBe('Given (download it below, under “Training certificate”)');
    expect(answerOf('I am a qualified pharmacist with a current registration with my registration body, and I hold professional liability insurance.')).toBe(
      'Yes',
    );
    expect(screen.queryByText('(not given)')).toBeNull();
    expect(screen.getByRole('link', { name: 'Download certificate 1' })).toBeInTheDocument();
  });

  it('offers no claim on a decided application, and asks for a reason rather than a note for approval', async () => {
    stubStaffApi({
      'GET /api/auth/me': me,
      'GET /api/review/applications/a1': () => json({ status: 'ok', data: { ...DETAIL, status: 'approved', decisions: ['deactivate'], claim: null } }),
    });
    await renderAt('/admin/review/a1');
    await screen.findByRole('heading', { level: 1, name: 'Olivia Test' });
    expect(screen.getByRole('radio', { name: /Deactivate/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I am reviewing this' })).toBeNull();
    expect(screen.queryByText(/Nobody has said they are reviewing/)).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Reason (the applicant reads it)' })).toBeInTheDocument();
    expect(screen.queryByText(/optional for approval/)).toBeNull();
  });

  it("words a decision's reason that was erased with the applicant's data in the page's language", async () => {
    const erased = {
      ...DETAIL,
      status: 'erased',
      fields: [],
      decisions: [],
      history: [
        { id: 'h1', at: '2026-11-20T10:00:00Z', action: 'reject', fromStatus: 'submitted', toStatus: 'rejected', reason: 'erased', by: 'Rita Reviewer' },
      ],
    };
    stubStaffApi({ 'GET /api/auth/me': me, 'GET /api/review/applications/a1': () => json({ status: 'ok', data: erased }) });
    await renderAt('/admin/review/a1');
    expect(await screen.findByText(/Reason: erased with the applicant’s data/)).toBeInTheDocument();
    expect(screen.queryByText(/Reason: erased$/)).toBeNull();
  });

  it('marks an application signed in the field and shows the declarations on record with who gave them and the document versions', async () => {
    const fromTheField = {
      ...DETAIL,
      signedInFieldBy: 'Luca Bianchi',
      consents: [
        {
          id: 'c1',
          applicationId: null,
          fieldPharmacyId: 'fp1',
          givenBy: 'staff',
          staffName: 'Luca Bianchi',
          statements: ['agreementCheck1', 'agreementCheck2', 'agreementCheck3'],
          country: 'it',
          language: 'it',
          privacyVersion: 'it/it/privacy-policy@2026-11-25',
          termsVersion: 'it/it/terms-and-conditions@2021-05-07',
          givenAt: '2026-11-20T10:00:00Z',
        },
        {
          id: 'c2',
          applicationId: 'a1',
          fieldPharmacyId: 'fp1',
          givenBy: 'pharmacist',
          staffName: null,
          statements: ['agreementCheck1', 'agreementCheck2', 'agreementCheck3'],
          country: 'it',
          language: 'it',
          privacyVersion: 'it/it/privacy-policy@2026-11-25',
          termsVersion: 'it/it/terms-and-conditions@2021-05-07',
          givenAt: '2026-11-21T10:00:00Z',
        },
      ],
    };
    stubStaffApi({ 'GET /api/auth/me': me, 'GET /api/review/applications/a1': () => json({ status: 'ok', data: fromTheField }) });
    await renderAt('/admin/review/a1');
    expect(await screen.findByText('Signed in the field by Luca Bianchi')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Declarations on record' })).toBeInTheDocument();
    expect(screen.getByText('Statements of Luca Bianchi (field team)')).toBeInTheDocument();
    expect(screen.getByText('Given by the pharmacist through their personal link')).toBeInTheDocument();
    // Each box by its words: the staff member's statements, the pharmacist's declarations.
    const [staff, pharmacist] = screen.getAllByRole('list').filter((list) => list.classList.contains('review-statements'));
    expect(
      within(staff!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'I have told the pharmacist about joining the network, and they agreed to be contacted.',
      expect.stringMatching(/^I have recorded the pharmacist/),
      expect.stringMatching(/^I have told the pharmacist that they will receive an e-mail/),
    ]);
    expect(within(pharmacist!).getAllByRole('listitem')[0]).toHaveTextContent(/^I am a qualified pharmacist/);
    expect(screen.queryByText(/Confirmation \d/)).toBeNull();
    expect(screen.getAllByText(/Documents shown: privacy policy of 2026-11-25, terms of 2021-05-07 \(Italy market, in Italian\)/)).toHaveLength(2);
  });

  it('asks for a reason and a confirmation before it sends a rejection', async () => {
    let sent: unknown = null;
    stubStaffApi({
      'GET /api/auth/me': me,
      'GET /api/review/applications/a1': () => json({ status: 'ok', data: DETAIL }),
      'POST /api/review/applications/a1/decision': (_url, init) => {
        sent = JSON.parse(String(init?.body));
        return json({ status: 'ok', data: { status: 'rejected' } });
      },
    });
    const user = await renderAt('/admin/review/a1');
    await user.click(await screen.findByRole('radio', { name: 'Reject' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a reason');
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Not on the register.');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(sent).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Yes, reject' }));
    await waitFor(() => expect(sent).toEqual({ decision: 'reject', reason: 'Not on the register.' }));
    expect(await screen.findByText('Olivia Test is rejected and has been emailed.')).toBeInTheDocument();
  });
});
