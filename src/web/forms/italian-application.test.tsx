import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { Route, Routes, useLocation } from 'react-router';
import { renderInSite } from '../test/render.tsx';
import { json, stubApi } from '../test/api-stub.tsx';
import { FORMS } from '#shared/forms/catalogue.ts';
import { FormPage } from './form-page.tsx';
import { APPLICANT_SECTIONS } from './applicant-sections.tsx';

const ItalianFormPage = () => <FormPage form={FORMS['apply-it']} sections={APPLICANT_SECTIONS} />;

vi.mock('../components/altcha-widget.tsx', async () => (await import('../test/fakes.tsx')).fakeAltchaModule);
vi.mock('../components/leaflet-map.tsx', async () => (await import('../test/fakes.tsx')).fakeLeafletModule);

const ROMA = [{ placeId: 'place-roma', name: 'Farmacia del Corso', address: 'Via del Corso 100, 00186 Roma RM', lat: 41.9009, lng: 12.4807 }];

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

async function renderPage(route = '/form') {
  const user = userEvent.setup();
  await renderInSite(
    <Routes>
      <Route path="/form" element={<ItalianFormPage />} />
      <Route path="/thank-you" element={<Where />} />
    </Routes>,
    { country: 'it', route },
  );
  await screen.findByRole('heading', { level: 1, name: /adesione alla rete di farmacie pharmacy champions/i });
  return user;
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /indirizzo email/i }), 'giulia@example.it');
  await user.type(screen.getByRole('textbox', { name: /^nome$/i }), 'Giulia');
  await user.type(screen.getByRole('textbox', { name: /^cognome$/i }), 'Bianchi');
  await user.type(screen.getByRole('textbox', { name: /numero di iscrizione all'albo/i }), '12345');
  await user.click(within(screen.getByRole('group', { name: /farmacista sostituto/i })).getByRole('radio', { name: 'No' }));
  await user.click(screen.getByRole('radio', { name: 'Un collega' }));
  const search = screen.getByRole('combobox', { name: /cerchi la sua farmacia/i });
  await user.type(search, 'Corso');
  await user.click(await screen.findByRole('option', { name: /farmacia del corso/i }));
  await waitFor(() => expect(screen.getByRole('textbox', { name: /nome della farmacia/i })).toHaveValue('Farmacia del Corso')); // the chosen result's name
  await user.type(screen.getByRole('textbox', { name: /quali servizi offre/i }), 'Autoanalisi, <b>galenica</b>');
  await user.click(within(screen.getByRole('group', { name: /corso oncodemia/i })).getByRole('radio', { name: 'Sì' }));
  await user.click(screen.getByRole('checkbox', { name: /profilo dell'attività su google/i }));
  for (const box of within(screen.getByRole('group', { name: /confermi ciascuna/i })).getAllByRole('checkbox')) await user.click(box);
  await user.click(await screen.findByRole('button', { name: /solve bot check/i }));
}

beforeEach(() => {
  document.title = '';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ItalianFormPage', () => {
  it('is in Italian, titled "{product} Italia", with the map on Rome, and names every control by its payload field', async () => {
    stubApi({ '/api/places/search': () => json({ status: 'ok', data: ROMA }) });
    await renderPage();
    expect(document.title).toBe('Pharmacy Champions Italia');
    for (const name of [
      'email',
      'firstName',
      'lastName',
      'bodyOfRegistration',
      'professionalRegistrationNumber',
      'areYouLocum',
      'whereDidYouFindOutAboutUs',
      'whereYouWork',
      'isChecked',
      'services',
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
      expect(document.querySelectorAll(`[name="${name}"]`).length, name).toBeGreaterThan(0);
    }
    expect(document.querySelectorAll('[name="services"]')).toHaveLength(1);
    expect(document.querySelector('[name="additionalTrainingNotes"]')).toBeNull();
    const body = screen.getByRole('textbox', { name: /ente di registrazione/i });
    expect(body).toHaveValue('Italia (AIFA)');
    expect(body).toHaveAttribute('readonly');
    expect(screen.getByText(/di solito è composto da 4 o 5 cifre/i)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Ha completato il corso Oncodemia?' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: /mappa/i })).toHaveAttribute('data-centre', '41.9028,12.4964');
    expect(screen.getByRole('link', { name: /termini e condizioni/i })).toHaveAttribute('href', '/terms-and-conditions');
    expect(screen.getByRole('link', { name: /informativa sulla privacy/i })).toHaveAttribute('href', '/privacy-policy');
    expect(document.body.textContent).not.toMatch(/GPhC|General Pharmaceutical/);
    expect(screen.getByRole('button', { name: 'Invia la domanda' })).toBeDisabled();
  });

  it('sends the Italian payload and goes to the thank-you page', async () => {
    const api = stubApi({ '/api/places/search': () => json({ status: 'ok', data: ROMA }) });
    const user = await renderPage('/form?lang=it');
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Invia la domanda' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/thank-you?lang=it'));
    const body = api.bodyOf('/api/save-pharmacist')!;
    expect(body).toMatchObject({
      email: 'giulia@example.it',
      firstName: 'Giulia',
      lastName: 'Bianchi',
      bodyOfRegistration: 'Italia (AIFA)',
      professionalRegistrationNumber: '12345',
      areYouLocum: 'no',
      whereDidYouFindOutAboutUs: 'colleague',
      placeId: 'place-roma',
      lat: 41.9009,
      lng: 12.4807,
      address: 'Via del Corso 100, 00186 Roma RM',
      whereYouWork: 'Farmacia del Corso',
      services: 'Autoanalisi, galenica',
      haveYouCompleted: 'yes',
      isChecked: true,
      agreementCheck1: true,
      agreementCheck5: true,
      recaptchaToken: 'altcha-payload',
      appStoreCountry: 'it',
      formLanguage: 'it',
      website: '',
    });
    for (const absent of ['additionalTrainingNotes', 'howDidYouFindAboutTheProgram', 'completedAdditionalTraining', 'loginToken'])
      expect(body).not.toHaveProperty(absent);
  });

  it('shows the Italian duplicate e-mail message at the e-mail field', async () => {
    stubApi({
      '/api/places/search': () => json({ status: 'ok', data: ROMA }),
      '/api/save-pharmacist': () => json({ status: 'failed', message: 'errorEmailRegistered' }, 409),
    });
    const user = await renderPage();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Invia la domanda' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading')).toHaveTextContent('Si è verificato un problema');
    expect(within(summary).getByRole('link', { name: 'Indirizzo email: Spiacente, questa email è già registrata.' })).toHaveAttribute('href', '#email');
    expect(document.getElementById('email-error')).toHaveTextContent('Spiacente, questa email è già registrata.');
    expect(document.title).toMatch(/Pharmacy Champions Italia$/);
    expect(screen.getByRole('button', { name: 'Invia la domanda' })).toBeDisabled();
  });

  it('lists missing answers in Italian, in page order, and has no axe violations', async () => {
    stubApi();
    const user = await renderPage();
    await user.click(screen.getByRole('checkbox', { name: /profilo dell'attività su google/i }));
    for (const box of within(screen.getByRole('group', { name: /confermi ciascuna/i })).getAllByRole('checkbox')) await user.click(box);
    await user.click(await screen.findByRole('button', { name: /solve bot check/i }));
    await user.click(screen.getByRole('button', { name: 'Invia la domanda' }));
    const summary = await screen.findByRole('alert');
    const links = within(summary)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).toEqual([
      'Indirizzo email: Obbligatorio',
      'Nome: Obbligatorio',
      'Cognome: Obbligatorio',
      "Numero di iscrizione all'Albo: Obbligatorio",
      "Farmacista sostituto: Selezioni un'opzione",
      "Come ci ha conosciuto: Selezioni un'opzione",
      'Posizione della farmacia: Obbligatorio',
      'Nome della farmacia: Obbligatorio',
      "Corso Oncodemia: Selezioni un'opzione",
    ]);
    const result = await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      rules: {
        'color-contrast': { enabled: false },
        region: { enabled: false },
        'landmark-one-main': { enabled: false },
        'page-has-heading-one': { enabled: false },
      },
    });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });

  it('prefills from an edit link and sends the token back as loginToken', async () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUvWx';
    const api = stubApi({
      '/api/get-pharmacist': () =>
        json({
          status: 'ok',
          data: {
            email: 'p@example.it',
            firstName: 'Paola',
            lastName: 'Neri',
            professionalRegistrationNumber: '4321',
            areYouLocum: 'yes',
            whereDidYouFindOutAboutUs: 'email',
            placeId: 'place-roma',
            lat: 41.9,
            lng: 12.48,
            address: 'Via del Corso 100, Roma',
            whereYouWork: 'Farmacia del Corso',
            services: 'Galenica',
            haveYouCompleted: 'no',
            bodyOfRegistration: 'Italia (AIFA)',
          },
        }),
    });
    const user = await renderPage(`/form?pharmacistId=${token}`);
    expect(screen.getByRole('textbox', { name: /quali servizi offre/i })).toHaveValue('Galenica');
    expect(within(screen.getByRole('group', { name: /corso oncodemia/i })).getByRole('radio', { name: 'No' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: /profilo dell'attività su google/i }));
    for (const box of within(screen.getByRole('group', { name: /confermi ciascuna/i })).getAllByRole('checkbox')) await user.click(box);
    await user.click(await screen.findByRole('button', { name: /solve bot check/i }));
    await user.click(screen.getByRole('button', { name: 'Invia la domanda' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/thank-you'));
    expect(api.bodyOf('/api/save-pharmacist')).toMatchObject({ loginToken: token, haveYouCompleted: 'no', services: 'Galenica' });
  });
});
