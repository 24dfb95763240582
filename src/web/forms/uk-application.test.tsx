import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { renderInSite } from '../test/render.tsx';
import { FORMS } from '#shared/forms/catalogue.ts';
import { FormPage } from './form-page.tsx';
import { APPLICANT_SECTIONS } from './applicant-sections.tsx';

const UkFormPage = () => <FormPage form={FORMS['apply-uk']} sections={APPLICANT_SECTIONS} />;
import { json, stubApi } from '../test/api-stub.tsx';

vi.mock('../components/altcha-widget.tsx', async () => (await import('../test/fakes.tsx')).fakeAltchaModule);
vi.mock('../components/leaflet-map.tsx', async () => (await import('../test/fakes.tsx')).fakeLeafletModule);

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWx';
const SUPPORT = {
  company: 'Example Health Ltd',
  address: '1 Example Street, Liverpool L1 1AA',
  register: 'Companies House 01234567',
  vatNumber: 'GB123456789',
  responsiblePerson: 'Alex Example',
  supportEmail: 'support@example.com',
  dpoEmail: 'dpo@example.com',
  phone: '+44 151 000 0000',
};
// The update link's bot check, solved in the background.
vi.mock('../lib/solve-bot-check.ts', () => ({ solveBotCheck: async () => 'background-solution' }));

function Where() {
  const location = useLocation();
  const reference = (location.state as { reference?: string } | null)?.reference;
  return <p data-testid="where">{location.pathname + location.search + (reference ? ` ${reference}` : '')}</p>;
}

async function renderPage(route = '/form') {
  const user = userEvent.setup();
  await renderInSite(
    <Routes>
      <Route path="/form" element={<UkFormPage />} />
      <Route path="/thank-you" element={<Where />} />
    </Routes>,
    { route },
  );
  await screen.findByRole('heading', { level: 1, name: /register as a pharmacy champions pharmacist/i });
  return user;
}

async function choosePlace(user: ReturnType<typeof userEvent.setup>, name: RegExp) {
  const search = screen.getByRole('combobox', { name: /find your pharmacy/i });
  await user.clear(search);
  await user.type(search, 'Liverpool');
  await user.click(await screen.findByRole('option', { name }));
}

async function tickMandatory(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('checkbox', { name: /google business profile is up to date/i }));
  for (const box of within(screen.getByRole('group', { name: /please confirm each of the following/i })).getAllByRole('checkbox')) {
    await user.click(box);
  }
  await user.click(await screen.findByRole('button', { name: /solve bot check/i }));
}

async function fillValid(user: ReturnType<typeof userEvent.setup>, training: RegExp = /i have completed the course/i) {
  await user.type(screen.getByRole('textbox', { name: /email address/i }), 'jo@example.com');
  await user.type(screen.getByRole('textbox', { name: /first name/i }), 'Jo');
  await user.type(screen.getByRole('textbox', { name: /last name/i }), 'Bloggs');
  await user.type(screen.getByRole('textbox', { name: /gphc registration number/i }), '2012345');
  await user.click(within(screen.getByRole('group', { name: /locum/i })).getByRole('radio', { name: 'No' }));
  await user.click(screen.getByRole('radio', { name: 'Colleague' }));
  await choosePlace(user, /boots bold street/i);
  const name = screen.getByRole('textbox', { name: /pharmacy name/i });
  await waitFor(() => expect(name).toHaveValue('Boots Bold Street')); // the chosen result's name
  await user.clear(name);
  await user.type(name, 'Boots');
  await user.click(screen.getByRole('radio', { name: training }));
}

beforeEach(() => {
  document.title = '';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('UkFormPage', () => {
  it('sets the page title and names every control by its payload field', async () => {
    stubApi();
    await renderPage();
    expect(document.title).toBe('Pharmacy Champions Registration');
    for (const name of [
      'email',
      'firstName',
      'lastName',
      'professionalRegistrationNumber',
      'areYouLocum',
      'whereDidYouFindOutAboutUs',
      'whereYouWork',
      'isChecked',
      'haveYouCompleted',
      'anythingElseAboutYou',
      'agreementCheck1',
      'agreementCheck5',
      'placeId',
      'lat',
      'lng',
      'address',
      'photo',
      'photoId',
      'recaptchaToken',
    ]) {
      expect(document.querySelector(`[name="${name}"]`), name).not.toBeNull();
    }
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.getAttribute('autocomplete')).toBe('off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('keeps submit disabled until the bot check is solved and every mandatory box is ticked, and says why', async () => {
    stubApi();
    const user = await renderPage();
    const submit = screen.getByRole('button', { name: /submit application/i });
    expect(submit).toBeDisabled();
    expect(screen.getByRole('link', { name: /complete the bot check/i })).toHaveAttribute('href', '#recaptchaToken');
    expect(screen.getByRole('link', { name: /tick confirmation 3/i })).toHaveAttribute('href', '#agreementCheck3');
    await user.click(screen.getByRole('checkbox', { name: /google business profile is up to date/i }));
    const boxes = within(screen.getByRole('group', { name: /please confirm each of the following/i })).getAllByRole('checkbox');
    for (const box of boxes.slice(0, 4)) await user.click(box);
    await user.click(await screen.findByRole('button', { name: /solve bot check/i }));
    expect(submit).toBeDisabled();
    expect(screen.getByRole('link', { name: /tick confirmation 5/i })).toBeInTheDocument();
    await user.click(boxes[4]!);
    expect(submit).toBeEnabled();
    expect(screen.queryByText(/before you can submit/i)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /expire bot check/i }));
    expect(submit).toBeDisabled();
  });

  it('shows an error summary that takes focus and links to the fields', async () => {
    const api = stubApi();
    const user = await renderPage();
    await tickMandatory(user);
    await user.click(screen.getByRole('button', { name: /submit application/i }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading', { name: /there is a problem/i })).toBeInTheDocument();
    expect(summary).toHaveFocus();
    expect(document.title).toBe('Error: Pharmacy Champions Registration');
    const emailLink = within(summary).getByRole('link', { name: 'Email address: Required' });
    expect(emailLink).toHaveAttribute('href', '#email');
    expect(within(summary).getByRole('link', { name: 'Pharmacy location: Required' })).toHaveAttribute('href', '#placeId');
    expect(within(summary).getByRole('link', { name: /locum pharmacist: select an option/i })).toHaveAttribute('href', '#areYouLocum');
    await user.click(emailLink);
    const email = screen.getByRole('textbox', { name: /email address/i });
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email.getAttribute('aria-describedby')).toContain('email-error');
    expect(document.getElementById('email-error')).toHaveTextContent('Required');
    expect(api.calls.some((c) => c.path === '/api/save-pharmacist')).toBe(false);
  });

  it('requires training notes when other training is chosen, and sends yes with the notes', async () => {
    const api = stubApi();
    const user = await renderPage();
    await fillValid(user, /other training/i);
    await tickMandatory(user);
    await user.click(screen.getByRole('button', { name: /submit application/i }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: /training details: tell us about the other training/i })).toHaveAttribute(
      'href',
      '#additionalTrainingNotes',
    );
    await user.type(screen.getByRole('textbox', { name: /tell us about the training/i }), 'Macmillan cancer-care module, 2023');
    expect(screen.getByText(/you have 216 characters remaining/i)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /submit application/i }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/thank-you'));
    const body = api.bodyOf('/api/save-pharmacist')!;
    expect(body.haveYouCompleted).toBe('yes');
    expect(body.additionalTrainingNotes).toBe('Macmillan cancer-care module, 2023');
    expect(body).toMatchObject({
      email: 'jo@example.com',
      firstName: 'Jo',
      lastName: 'Bloggs',
      professionalRegistrationNumber: '2012345',
      areYouLocum: 'no',
      whereDidYouFindOutAboutUs: 'colleague',
      placeId: 'place-boots',
      lat: 53.4025,
      lng: -2.9805,
      address: '1 Bold Street, Liverpool L1 4DJ',
      whereYouWork: 'Boots',
      isChecked: true,
      agreementCheck1: true,
      agreementCheck5: true,
      recaptchaToken: 'altcha-payload',
      appStoreCountry: 'uk',
      formLanguage: 'en',
      website: '',
    });
    for (const removed of ['bodyOfRegistration', 'howDidYouFindAboutTheProgram', 'completedAdditionalTraining', 'loginToken'])
      expect(body).not.toHaveProperty(removed);
  });

  it('reports missing training notes in the first error summary, with every other error', async () => {
    stubApi();
    const user = await renderPage();
    await user.click(screen.getByRole('radio', { name: /other training/i }));
    await tickMandatory(user);
    await user.click(screen.getByRole('button', { name: /submit application/i }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Email address: Required' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: /training details: tell us about the other training/i })).toHaveAttribute(
      'href',
      '#additionalTrainingNotes',
    );
  });

  it('keeps every answer and the chosen place across a reload, until a successful submit', async () => {
    stubApi();
    const first = await renderPage();
    await fillValid(first, /other training/i);
    await first.type(screen.getByRole('textbox', { name: /tell us about the training/i }), 'Macmillan module');
    cleanup();
    const user = await renderPage();
    expect(screen.getByRole('textbox', { name: /email address/i })).toHaveValue('jo@example.com');
    expect(screen.getByRole('textbox', { name: /gphc registration number/i })).toHaveValue('2012345');
    expect(within(screen.getByRole('group', { name: /locum/i })).getByRole('radio', { name: 'No' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Colleague' })).toBeChecked();
    expect(screen.getByRole('radio', { name: /other training/i })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /tell us about the training/i })).toHaveValue('Macmillan module');
    expect(within(screen.getByRole('region', { name: 'Your pharmacy' })).getByText(/1 Bold Street, Liverpool L1 4DJ/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /pharmacy name/i })).toHaveValue('Boots');
    // The confirmations and the bot check are asked again; sending clears what was kept.
    await tickMandatory(user);
    await user.click(screen.getByRole('button', { name: /submit application/i }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/thank-you'));
    cleanup();
    await renderPage();
    expect(screen.getByRole('textbox', { name: /email address/i })).toHaveValue('');
  });

  it('sends yes without notes for a completed course (yes2), and keeps ?lang on the way to thank-you', async () => {
    const api = stubApi();
    const user = await renderPage('/form?lang=en');
    await fillValid(user, /other training/i);
    await user.type(screen.getByRole('textbox', { name: /tell us about the training/i }), 'Some notes');
    await user.click(screen.getByRole('radio', { name: /i have completed the course/i }));
    await tickMandatory(user);
    await user.click(screen.getByRole('button', { name: /submit application/i }));
    // The submit's reference goes along to the thank-you page.
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/thank-you?lang=en PC-7K3M9Q'));
    const body = api.bodyOf('/api/save-pharmacist')!;
    expect(body.haveYouCompleted).toBe('yes');
    expect(body).not.toHaveProperty('additionalTrainingNotes');
  });

  it('shows the duplicate e-mail message at the e-mail field and asks for a new bot check', async () => {
    stubApi({ '/api/save-pharmacist': () => json({ status: 'failed', message: 'errorEmailRegistered' }, 409) });
    const user = await renderPage();
    await fillValid(user);
    await tickMandatory(user);
    await user.click(screen.getByRole('button', { name: /submit application/i }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: /sorry, that email is already registered\./i })).toHaveAttribute('href', '#email');
    expect(document.getElementById('email-error')).toHaveTextContent('Sorry, that email is already registered.');
    expect(screen.getByRole('button', { name: /submit application/i })).toBeDisabled();
    expect(screen.getByRole('link', { name: /complete the bot check/i })).toBeInTheDocument();
  });

  it('shows the duplicate registrant number message at the number field', async () => {
    stubApi({ '/api/save-pharmacist': () => json({ status: 'failed', message: 'errorRegisterantNumberRegistered2' }, 409) });
    const user = await renderPage();
    await fillValid(user);
    await tickMandatory(user);
    await user.click(screen.getByRole('button', { name: /submit application/i }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: /sorry, that registrant number is already registered\./i })).toHaveAttribute(
      'href',
      '#professionalRegistrationNumber',
    );
  });

  it('shows the temporarily-unavailable message for any other failure, and maps 400 errors onto fields', async () => {
    let answer = json({ status: 'failed', message: 'somethingElse' }, 400);
    stubApi({ '/api/save-pharmacist': () => answer });
    const user = await renderPage();
    await fillValid(user);
    await tickMandatory(user);
    await user.click(screen.getByRole('button', { name: /submit application/i }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, the service is temporarily unavailable.');

    answer = json({ status: 'failed', message: 'invalid', errors: { firstName: 'validation.name', lat: 'validation.placeRequired' } }, 400);
    await user.click(await screen.findByRole('button', { name: /solve bot check/i }));
    await user.click(screen.getByRole('button', { name: /submit application/i }));
    await waitFor(() => expect(screen.getByRole('alert')).not.toHaveTextContent('temporarily unavailable'));
    const summary = screen.getByRole('alert');
    expect(within(summary).getByRole('link', { name: /first name: use letters only/i })).toHaveAttribute('href', '#firstName');
    expect(within(summary).getByRole('link', { name: 'Pharmacy location: Required' })).toHaveAttribute('href', '#placeId');
  });

  it('tells a rate-limited applicant to try again in a minute, keeping every answer', async () => {
    stubApi({ '/api/save-pharmacist': () => json({ status: 'failed', message: 'Too many requests' }, 429) });
    const user = await renderPage();
    await fillValid(user);
    await tickMandatory(user);
    await user.click(screen.getByRole('button', { name: /submit application/i }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a minute and try again.');
    expect(screen.getByRole('textbox', { name: /email address/i })).toHaveValue('jo@example.com');
  });

  it.each([
    ['a 500 answer with a JSON body', () => json({ status: 'failed', message: 'Internal Server Error' }, 500)],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['an empty reply', () => new Response('', { status: 200 })],
    ['a non-ok reply', () => new Response('Bad gateway', { status: 502 })],
  ])('shows the error view on %s', async (_label, handler) => {
    stubApi({ '/api/save-pharmacist': handler as () => Response });
    const user = await renderPage();
    await fillValid(user);
    await tickMandatory(user);
    await user.click(screen.getByRole('button', { name: /submit application/i }));
    expect(await screen.findByRole('heading', { name: /sorry this service is temporarily unavailable/i })).toBeInTheDocument();
    expect(screen.getByText(/please try again later/i)).toBeInTheDocument();
  });

  it("fills in the pharmacy name and services from a known place, and another place's own name for another place", async () => {
    const api = stubApi({
      '/api/check_pharmacy': (_url, init) => {
        const { placeId } = JSON.parse(String(init?.body)) as { placeId: string };
        return placeId === 'place-boots'
          ? json({
              status: 'ok',
              message: 'found',
              data: { address: 'x', googleplacesid: 'place-boots', lat: 1, lon: 2, services: 'Flu jabs', whereYouWork: 'Boots Bold Street Ltd' },
            })
          : json({ status: 'ok', message: 'not found' });
      },
    });
    const user = await renderPage();
    await choosePlace(user, /boots bold street/i);
    const name = screen.getByRole('textbox', { name: /pharmacy name/i });
    await waitFor(() => expect(name).toHaveValue('Boots Bold Street Ltd'));
    expect(document.querySelector<HTMLInputElement>('input[name="services"]')!.value).toBe('Flu jabs');
    expect(api.bodyOf('/api/check_pharmacy')).toEqual({ placeId: 'place-boots' });
    expect(screen.getByRole('region', { name: /map showing the location/i })).toHaveTextContent('marker at 53.4025,-2.9805');

    await choosePlace(user, /corner pharmacy/i);
    await waitFor(() => expect(name).toHaveValue('Corner Pharmacy'));
    expect(document.querySelector<HTMLInputElement>('input[name="services"]')!.value).toBe('');
    expect(document.querySelector<HTMLInputElement>('input[name="placeId"]')!.value).toBe('place-corner');
  });

  it('keeps a pharmacy name the applicant typed when the place is not known', async () => {
    stubApi();
    const user = await renderPage();
    await user.type(screen.getByRole('textbox', { name: /pharmacy name/i }), 'My Pharmacy');
    await choosePlace(user, /corner pharmacy/i);
    await waitFor(() => expect(screen.getByText(/chosen:/i)).toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: /pharmacy name/i })).toHaveValue('My Pharmacy');
  });

  it.each([
    [{ haveYouCompleted: 'yes', additionalTrainingNotes: 'Evidence course' }, /other training/i, 'Evidence course'],
    [{ haveYouCompleted: 'yes', additionalTrainingNotes: '' }, /i have completed the course/i, null],
    [{ haveYouCompleted: 'no' }, /^no$/i, null],
  ])('prefills from pharmacistId (%o) once, and sends loginToken', async (stored, radio, notes) => {
    const record = {
      email: 'sam@example.com',
      firstName: 'Sam',
      lastName: 'Lee',
      professionalRegistrationNumber: '2099999',
      areYouLocum: 'yes',
      whereDidYouFindOutAboutUs: 'email',
      placeId: 'place-boots',
      lat: 53.4025,
      lng: -2.9805,
      address: '1 Bold Street, Liverpool L1 4DJ',
      whereYouWork: 'Boots',
      services: '',
      anythingElseAboutYou: 'I speak Welsh',
      ...stored,
    };
    const api = stubApi({ '/api/get-pharmacist': () => json({ status: 'ok', data: record }) });
    const user = await renderPage(`/form?pharmacistId=${TOKEN}`);
    expect(screen.getByRole('textbox', { name: /email address/i })).toHaveValue('sam@example.com');
    expect(screen.getByRole('radio', { name: 'Email' })).toBeChecked();
    const training = within(screen.getByRole('group', { name: /cancer-care training/i }));
    expect(training.getByRole('radio', { name: radio })).toBeChecked();
    if (notes) expect(screen.getByRole('textbox', { name: /tell us about the training/i })).toHaveValue(notes);
    expect(within(screen.getByRole('region', { name: 'Your pharmacy' })).getByText(/1 bold street, liverpool/i)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/api/get-pharmacist')).toHaveLength(1);
    await tickMandatory(user);
    await user.click(screen.getByRole('button', { name: /submit application/i }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/thank-you'));
    expect(api.bodyOf('/api/save-pharmacist')).toMatchObject({ loginToken: TOKEN, email: 'sam@example.com' });
  });

  it('shows text with <, > and & from a stored application exactly as it was typed (issue 14)', async () => {
    const record = {
      email: 'sam@example.com',
      firstName: 'Sam',
      lastName: 'Lee',
      professionalRegistrationNumber: '2099999',
      areYouLocum: 'no',
      whereDidYouFindOutAboutUs: 'email',
      placeId: 'place-boots',
      lat: 53.4025,
      lng: -2.9805,
      address: '1 Bold Street, Liverpool L1 4DJ',
      haveYouCompleted: 'yes',
      whereYouWork: "Boots & Co's <Central> Pharmacy",
      services: '',
      anythingElseAboutYou: 'Flu jabs for ages <12 and >65',
    };
    stubApi({ '/api/get-pharmacist': () => json({ status: 'ok', data: record }) });
    await renderPage(`/form?pharmacistId=${TOKEN}`);
    expect(screen.getByRole('textbox', { name: /pharmacy name/i })).toHaveValue("Boots & Co's <Central> Pharmacy");
    expect(screen.getByRole('textbox', { name: /anything else you would like patients/i })).toHaveValue('Flu jabs for ages <12 and >65');
  });

  it('says an edit link the server does not know (404) is no longer valid, what to do and whom to write to', async () => {
    stubApi({ '/api/get-pharmacist': () => json({ status: 'failed', message: 'not found' }, 404) });
    await renderInSite(<UkFormPage />, { route: `/form?pharmacistId=${TOKEN}`, site: { operator: { ...SUPPORT, supportEmail: 'help@champions.example' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is no longer valid' })).toHaveFocus();
    expect(screen.queryByText(/temporarily unavailable/i)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute('href', '/update-link');
    expect(screen.getByRole('link', { name: 'help@champions.example' })).toHaveAttribute('href', 'mailto:help@champions.example');
  });

  it('still shows the error view when the stored application cannot be loaded for another reason (500)', async () => {
    stubApi({ '/api/get-pharmacist': () => json({ status: 'failed', message: 'errorsGlobal.temporarilyUnavailableService' }, 500) });
    await renderInSite(<UkFormPage />, { route: `/form?pharmacistId=${TOKEN}` });
    expect(await screen.findByRole('heading', { name: /sorry this service is temporarily unavailable/i })).toBeInTheDocument();
  });

  it('after "e-mail already registered", e-mails a link to update the existing application on request', async () => {
    const api = stubApi({
      '/api/save-pharmacist': () => json({ status: 'failed', message: 'errorEmailRegistered' }, 409),
      '/api/update-link': () => json({ status: 'ok' }),
    });
    const user = await renderPage();
    await fillValid(user);
    await tickMandatory(user);
    await user.click(screen.getByRole('button', { name: /submit application/i }));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Send me a link to update my application' }));
    expect(await screen.findByText(/if an application uses jo@example\.com, we have sent a link/i)).toBeInTheDocument();
    expect(api.bodyOf('/api/update-link')).toEqual({ email: 'jo@example.com', recaptchaToken: 'background-solution', basePath: '' });
  });

  it('answering "No" to the training question links the course from the market settings', async () => {
    stubApi();
    const user = userEvent.setup();
    await renderInSite(<UkFormPage />, { route: '/form', site: { courseUrl: 'https://course.example.org/oncology' } });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: /go to the oncology training course/i })).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('group', { name: /cancer-care training/i })).getByRole('radio', { name: 'No' }));
    expect(screen.getByText(/you need to complete the oncology training course/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /go to the oncology training course/i })).toHaveAttribute('href', 'https://course.example.org/oncology');
  });

  it('without a course page, the "No" guidance says whom to ask', async () => {
    stubApi();
    const user = userEvent.setup();
    await renderInSite(<UkFormPage />, { route: '/form', site: { operator: { ...SUPPORT, supportEmail: 'help@champions.example' } } });
    await screen.findByRole('heading', { level: 1 });
    await user.click(within(screen.getByRole('group', { name: /cancer-care training/i })).getByRole('radio', { name: 'No' }));
    expect(screen.getByText(/for details of the course, write to us at help@champions\.example/i)).toBeInTheDocument();
  });

  it('renders in Italian with the Italian duplicate e-mail message', async () => {
    stubApi({ '/api/save-pharmacist': () => json({ status: 'failed', message: 'errorEmailRegistered2' }, 409) });
    const user = userEvent.setup();
    await renderInSite(<UkFormPage />, { route: '/form?lang=it', language: 'it' });
    await screen.findByRole('heading', { level: 1 });
    await user.type(screen.getByRole('textbox', { name: /indirizzo email/i }), 'jo@example.com');
    await user.type(screen.getByRole('textbox', { name: /^nome$/i }), 'Jo');
    await user.type(screen.getByRole('textbox', { name: /cognome/i }), 'Bloggs');
    await user.type(screen.getByRole('textbox', { name: /numero di iscrizione/i }), '2012345');
    await user.click(within(screen.getByRole('group', { name: /locum/i })).getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('radio', { name: 'Un collega' }));
    const search = screen.getByRole('combobox', { name: /cerchi la sua farmacia/i });
    await user.type(search, 'Liverpool');
    await user.click(await screen.findByRole('option', { name: /boots bold street/i }));
    await user.type(screen.getByRole('textbox', { name: /nome della farmacia/i }), 'Boots');
    await user.click(screen.getByRole('radio', { name: /ho completato il corso/i }));
    await user.click(screen.getByRole('checkbox', { name: /profilo dell'attività su google/i }));
    for (const box of within(screen.getByRole('group', { name: /confermi ciascuna/i })).getAllByRole('checkbox')) await user.click(box);
    await user.click(await screen.findByRole('button', { name: /solve bot check/i }));
    await user.click(screen.getByRole('button', { name: /invia la domanda/i }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Spiacente, questa email è già registrata.');
  });
});
