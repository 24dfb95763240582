// The review desk's checks and words (issue 25 items 3, 4 and 8), against a stubbed API: the
// changed answers before and after a change request, duplicate flags linked to the other
// application, the register link in a new tab, answers in words rather than codes, erased rows
// named by their reference, and the reviewers' name column.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { Language } from '#shared/markets.ts';
import { axeViolations } from '../../../test/axe.ts';
import { ADMIN, json, stubStaffApi, type Handler } from '../../../test/staff-api-stub.tsx';
import { renderReviewPages } from './render-review-pages.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REVIEWER = { ...ADMIN, id: 'u-rev', role: 'reviewer' as const };
const me: Handler = () => json({ status: 'ok', data: REVIEWER });
const ok =
  (data: unknown): Handler =>
  () =>
    json({ status: 'ok', data });

async function renderAt(route: string, language: Language = 'en') {
  await renderReviewPages(route, language);
}

const APPLICATION = {
  id: 'a1',
  firstName: 'Olivia',
  lastName: 'Test',
  email: 'olivia@example.com',
  registrationNumber: '2012345',
  reference: 'PC-OLIV1A',
  market: 'uk',
  language: 'en',
  status: 'submitted',
  pharmacyName: 'New Street Pharmacy',
  submittedAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
  signedInFieldBy: null,
  formId: 'apply-uk',
  formTexts: 'form',
  fields: [
    { name: 'whereDidYouFindOutAboutUs', value: 'social_media', texts: 'form' },
    { name: 'placeId', value: 'fixture:uk:002', texts: 'form' },
    { name: 'whereYouWork', value: 'New Street Pharmacy', texts: 'form' },
  ],
  photoFileId: null,
  photoUrl: null,
  certificateFileIds: [],
  place: { placeId: 'fixture:uk:002', name: 'New Street Pharmacy', address: '2 New Street, Liverpool', lat: 53.4, lng: -2.99 },
  history: [],
  consents: [],
  decisions: ['approve', 'reject', 'request_changes'],
};

const CHECKS = {
  changes: {
    requestedAt: '2026-11-18T10:00:00Z',
    resubmittedAt: '2026-11-20T10:00:00Z',
    fields: [
      { name: 'whereDidYouFindOutAboutUs', texts: 'form', before: 'email', after: 'social_media' },
      { name: 'placeId', texts: 'form', before: 'fixture:uk:001', after: 'fixture:uk:002' },
      { name: 'anythingElseAboutYou', texts: 'form', before: 'Ten years.', after: '' },
    ],
    places: {
      'fixture:uk:001': { name: 'Old Lane Pharmacy', address: '1 Old Lane, Liverpool' },
      'fixture:uk:002': { name: 'New Street Pharmacy', address: '2 New Street, Liverpool' },
    },
  },
  duplicates: [
    { kind: 'registrationNumber', applicationId: 'a2', reference: 'PC-AMEL1A', firstName: 'Amelia', lastName: "O'Brien", status: 'approved', market: 'it' },
  ],
  registerLink: { register: 'gphc', url: 'https://register.example/uk/2012345', number: '2012345', body: 'UK (GPhC)' },
};

describe('the checks on the application page', () => {
  it('lists each answer the applicant changed since the change request, before and after, in words', async () => {
    stubStaffApi({ 'GET /api/auth/me': me, 'GET /api/review/applications/a1': ok(APPLICATION), 'GET /api/review/applications/a1/checks': ok(CHECKS) });
    await renderAt('/admin/review/a1');
    expect(await screen.findByRole('heading', { level: 3, name: 'What the applicant changed' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: '3 changed answers, before and after' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['How you heard about us', 'Email', 'Social media'],
      ['Pharmacy location', 'Old Lane Pharmacy, 1 Old Lane, Liverpool', 'New Street Pharmacy, 2 New Street, Liverpool'],
      [expect.any(String), 'Ten years.', '(not given)'],
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it('flags a duplicate with a link to the other application, and opens the register search in a new tab', async () => {
    stubStaffApi({
      'GET /api/auth/me': me,
      'GET /api/review/applications/a1': ok(APPLICATION),
      'GET /api/review/applications/a1/checks': ok({ ...CHECKS, changes: null }),
    });
    await renderAt('/admin/review/a1');
    const flag = await screen.findByRole('link', { name: "Amelia O'Brien, PC-AMEL1A (Approved, Italy)" });
    expect(flag.getAttribute('href')).toMatch(/\/admin\/review\/a2$/);
    expect(flag.closest('li')).toHaveTextContent(/^Same registration number:/);
    const register = screen.getByRole('link', { name: 'Search the GPhC register for 2012345 (opens in a new tab)' });
    expect(register).toHaveAttribute('href', 'https://register.example/uk/2012345');
    expect(register).toHaveAttribute('target', '_blank');
    expect(register).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('heading', { name: 'What the applicant changed' })).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('shows the answers in words: the option chosen, the pharmacy by name and address', async () => {
    stubStaffApi({
      'GET /api/auth/me': me,
      'GET /api/review/applications/a1': ok(APPLICATION),
      'GET /api/review/applications/a1/checks': ok({ ...CHECKS, changes: null, duplicates: [] }),
    });
    await renderAt('/admin/review/a1');
    await screen.findByText('No other application has the same registration number, pharmacy, mailbox or photo.');
    const answers = Object.fromEntries(screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(answers['How you heard about us']).toBe('Social media');
    expect(answers['Pharmacy location']).toBe('New Street Pharmacy, 2 New Street, Liverpool');
    expect(document.body.textContent).not.toMatch(/fixture:uk|social_media/);
  });
});

describe('erased applications', () => {
  const erased = {
    ...APPLICATION,
    id: 'a9',
    firstName: '',
    lastName: '',
    email: '',
    registrationNumber: '',
    reference: 'PC-7K3M9Q',
    status: 'erased',
    fields: [],
    decisions: [],
  };

  it('reads "Erased application PC-XXXXXX" in the queue, with empty e-mail and number cells', async () => {
    stubStaffApi({
      'GET /api/auth/me': me,
      'GET /api/review/applications': ok({ items: [erased, { ...erased, id: 'a8', reference: null }], total: 2, totalCapped: false, page: 1, pageSize: 25 }),
    });
    await renderAt('/admin/review?status=erased');
    const link = await screen.findByRole('link', { name: 'Erased application PC-7K3M9Q' });
    const cells = within(link.closest('tr')!).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent(/^$/);
    expect(cells[2]).toHaveTextContent(/^$/);
    expect(screen.getByRole('link', { name: 'Erased application (no reference)' })).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('erased:');
    expect(await axeViolations()).toEqual([]);
  });

  it("names the erased application on its page, in the page's language", async () => {
    stubStaffApi({
      'GET /api/auth/me': me,
      'GET /api/review/applications/a9': ok({ ...erased, market: 'it', language: 'it' }),
      'GET /api/review/applications/a9/checks': ok({ changes: null, duplicates: [], registerLink: null }),
    });
    await renderAt('/admin/review/a9', 'it');
    expect(await screen.findByRole('heading', { level: 1, name: 'Candidatura cancellata PC-7K3M9Q' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});

describe('the reviewers page', () => {
  it('heads the name column for reviewers, in each language', async () => {
    const reviewers = [{ id: 'r1', email: 'rita@example.com', firstName: 'Rita', lastName: 'Reviewer', disabled: false }];
    stubStaffApi({ 'GET /api/auth/me': () => json({ status: 'ok', data: ADMIN }), 'GET /api/review/reviewers': ok(reviewers) });
    await renderAt('/admin/reviewers', 'it');
    expect(await screen.findByRole('columnheader', { name: 'Revisore' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Candidato' })).toBeNull();
  });
});
