// The field force's catalogue entries rendered by the one runner: the area manager's add-pharmacy
// (two steps), the rep's visit (joined_unify part and numbered extra pharmacists) and add rep.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { FORMS } from '#shared/forms/catalogue.ts';
import { renderInSite } from '../test/render.tsx';
import { FormPage } from './form-page.tsx';
import { FIELD_FORCE_SECTIONS } from './field-force-sections.tsx';
import { json, stubApi } from '../test/api-stub.tsx';

vi.mock('../components/altcha-widget.tsx', async () => (await import('../test/fakes.tsx')).fakeAltchaModule);
vi.mock('../components/leaflet-map.tsx', async () => (await import('../test/fakes.tsx')).fakeLeafletModule);

const PHARMACY_ID = '0b5c9a52-6f2d-4d8e-9a37-6d1f3c2b7e10';
const ME = {
  id: '11111111-2222-3333-4444-555555555555',
  email: 'am@example.com',
  firstName: 'Anna',
  lastName: 'Bianchi',
  role: 'area_manager',
  areaManagerId: null,
};
/** The pharmacy as GET /api/rep-get-pharmacy answers it before any visit. */
const NEW_PHARMACY = {
  id: PHARMACY_ID,
  pharmacyName: 'Farmacia del Corso',
  whereYouWork: 'Farmacia del Corso',
  fullAddress: 'Via del Corso 10, Roma',
  address: 'Via del Corso 10, Roma',
  callHistory: [],
  currentCallFlag: null,
  callFlag: null,
  month: null,
};
const repPharmacy = () => json({ status: 'ok', data: NEW_PHARMACY });
const REPS = [{ nid: '99999999-8888-7777-6666-555555555555', firstName: 'Marco', lastName: 'Rossi' }];

afterEach(() => vi.unstubAllGlobals());

async function renderForm(id: keyof typeof FORMS, route: string, mode: 'areamanager' | 'rep' | 'default' = 'default') {
  const user = userEvent.setup();
  await renderInSite(
    <Routes>
      <Route path="*" element={<FormPage form={FORMS[id]} sections={FIELD_FORCE_SECTIONS} />} />
    </Routes>,
    { country: 'it', language: 'en', mode, route },
  );
  return user;
}

describe('the area manager’s add-pharmacy form (screens 7 and 3)', () => {
  it('offers the manager’s reps and shows every missing answer of step 1 at once', async () => {
    stubApi({ '/api/auth/me': () => json({ status: 'ok', data: ME }), '/api/areamanager-get-reps': () => json({ status: 'ok', data: REPS }) });
    const user = await renderForm('areamanager-pharmacy', '/areamanager/form', 'areamanager');
    expect(await screen.findByRole('heading', { level: 1, name: 'The pharmacy' })).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'Marco Rossi' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const summary = await screen.findByRole('alert');
    for (const field of ['Sales rep', 'Pharmacy location', 'Pharmacy name', 'City', 'Region', 'Province']) {
      expect(within(summary).getByRole('link', { name: new RegExp(`^${field}:`) })).toBeInTheDocument();
    }
    expect(within(summary).getByRole('link', { name: 'City: Please select city' })).toHaveAttribute('href', '#city');
  });
});

describe('the rep’s visit form (screen 12)', () => {
  async function chooseOutcome(user: ReturnType<typeof userEvent.setup>, name: string) {
    await user.click(within(screen.getByRole('group', { name: 'Outcome of the visit' })).getByRole('radio', { name }));
  }

  it('shows and checks the joined_unify part only when the outcome is Joined Unify', async () => {
    const api = stubApi({ '/api/rep-get-pharmacy': repPharmacy, '/api/rep-update-pharmacy': () => json({ status: 'ok', message: 'saved', data: {} }) });
    const user = await renderForm('rep-visit', `/rep/form?pharmacyId=${PHARMACY_ID}`, 'rep');
    await screen.findByRole('heading', { level: 1, name: 'Record a visit' });
    expect(screen.queryByRole('textbox', { name: /VAT number/i })).toBeNull();

    await chooseOutcome(user, 'Joined Unify');
    expect(await screen.findByRole('textbox', { name: /VAT number/i })).toBeInTheDocument();
    // The rep enters the pharmacist's address: no applicant's "we will e-mail you our decision".
    expect(screen.getByText("The pharmacist's own address, for our messages about the programme.")).toBeInTheDocument();
    expect(screen.queryByText('We will e-mail you our decision.')).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Month of the visit' }), '3');
    // The rep's form speaks to the rep about the pharmacy and the pharmacist, not to the pharmacist.
    for (const heading of ['The pharmacy', "The pharmacist's photo", "The pharmacist's training", "The pharmacist's details"])
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Has the pharmacist completed the Oncodemia course?' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Which services does the pharmacy offer? (optional)' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Anything else the pharmacist would like patients to know? (optional)' })).toBeInTheDocument();
    expect(screen.queryByText(/^Your (pharmacy|photo|training)$/)).toBeNull();
    expect(screen.getByRole('button', { name: "Can't find the pharmacy? Enter its address" })).toBeInTheDocument();
    const search = screen.getByRole('combobox', { name: 'Find the pharmacy' });
    await user.type(search, 'Liverpool');
    await user.click(await screen.findByRole('option', { name: /boots bold street/i }));
    // Submit waits for the three confirmations of the joined_unify part.
    const submit = screen.getByRole('button', { name: 'Save the visit' });
    expect(submit).toBeDisabled();
    for (const box of within(screen.getByRole('group', { name: 'Your statements' })).getAllByRole('checkbox')) await user.click(box);
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: /^VAT number:/ })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: /^Email address:/ })).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/rep-update-pharmacy')).toBe(false);

    await chooseOutcome(user, 'Not interested');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /VAT number/i })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Save the visit' }));
    await waitFor(() => expect(api.bodyOf('/api/rep-update-pharmacy')).toMatchObject({ callFlag: 'not_interested', month: 3, pharmacyId: PHARMACY_ID }));
    expect(api.calls.find((c) => c.path === '/api/rep-update-pharmacy')?.method).toBe('PUT');
    expect(api.bodyOf('/api/rep-update-pharmacy')).not.toHaveProperty('piva');
    // The visit's entry carries no market and no bot check: the runner adds neither, nor a honeypot.
    for (const field of ['appStoreCountry', 'formLanguage', 'website', 'recaptchaToken'])
      expect(api.bodyOf('/api/rep-update-pharmacy')).not.toHaveProperty(field);
  });

  it('numbers extra pharmacists from 2, and only the last has Remove', async () => {
    stubApi({ '/api/rep-get-pharmacy': repPharmacy });
    const user = await renderForm('rep-visit', `/rep/form?pharmacyId=${PHARMACY_ID}`, 'rep');
    await screen.findByRole('heading', { level: 1, name: 'Record a visit' });
    await chooseOutcome(user, 'Joined Unify');
    await user.click(await screen.findByRole('button', { name: 'Add another pharmacist' }));
    expect(screen.getByRole('group', { name: 'Pharmacist 2' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add another pharmacist' }));
    expect(screen.getByRole('group', { name: 'Pharmacist 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove pharmacist 2' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove pharmacist 3' })).toBeInTheDocument();
    await user.type(within(screen.getByRole('group', { name: 'Pharmacist 2' })).getByRole('textbox', { name: 'First name' }), 'Luca');
    await user.click(screen.getByRole('button', { name: 'Remove pharmacist 3' }));
    expect(screen.queryByRole('group', { name: 'Pharmacist 3' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove pharmacist 2' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Pharmacist 2' })).getByRole('textbox', { name: 'First name' })).toHaveValue('Luca');
  });
});

describe('add rep (screen 11)', () => {
  it('asks for the rep’s e-mail and names and shows each error', async () => {
    stubApi();
    const user = await renderForm('add-rep', '/areamanager/add-rep', 'areamanager');
    await screen.findByRole('heading', { level: 1, name: 'Add a sales rep' });
    expect(screen.getByRole('textbox', { name: /email address/i })).toBeInTheDocument();
    expect(screen.getByText('They will sign in with this address.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add the sales rep' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: /^Email address:/ })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: /^First name:/ })).toBeInTheDocument();
  });
});
