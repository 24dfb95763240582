import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation, useParams } from 'react-router';
import axe from 'axe-core';
import type { Country, Language } from '#shared/markets.ts';
import { parseStep } from '#shared/registration/journey.ts';
import { renderInSite } from '../test/render.tsx';
import { json, stubApi } from '../test/api-stub.tsx';
import { deleteCertificate } from './steps/certificate-store.ts';
import { StepsApplicationPage as StepsPage } from './steps-application-page.tsx';

vi.mock('../components/altcha-widget.tsx', async () => (await import('../test/fakes.tsx')).fakeAltchaModule);
vi.mock('../components/leaflet-map.tsx', async () => (await import('../test/fakes.tsx')).fakeLeafletModule);
// The draft's background bot check: each call is a new solution.
let solutions = 0;
vi.mock('../lib/solve-bot-check.ts', () => ({ solveBotCheck: async () => `solution-${++solutions}` }));

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWx';
const MB = 1024 * 1024;

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search + location.hash}</p>;
}

function StepParam() {
  const step = parseStep(useParams().step);
  return step ? <StepsPage key={step} step={step} /> : null;
}

async function renderSteps(route: string, { country = 'de', language, site }: { country?: Country; language?: Language; site?: { mapTilesUrl: string } } = {}) {
  const user = userEvent.setup({ applyAccept: false });
  await renderInSite(
    <>
      <Routes>
        <Route path="/form/:step" element={<StepParam />} />
        <Route path="/thank-you" element={<p>thank-you page</p>} />
      </Routes>
      <Where />
    </>,
    { country, language, route, site },
  );
  await screen.findByRole('heading', { level: 1 });
  return user;
}

const where = () => screen.getByTestId('where').textContent;
const pdf = (size = 1000, name = 'zertifikat.pdf', type = 'application/pdf') => new File(['%PDF-1.4\n', new Uint8Array(size)], name, { type });

const STEP1 = {
  haveYouCompleted: 'yes',
  placeId: 'place-boots',
  lat: 52.52,
  lng: 13.405,
  address: 'Unter den Linden 1, 10117 Berlin',
  whereYouWork: 'Linden-Apotheke',
  services: '',
  email: 'anna@example.de',
  firstName: 'Anna',
  lastName: 'Müller',
  bodyOfRegistration: 'Apothekerkammer Berlin',
  professionalRegistrationNumber: '12345',
  isChecked: true,
};

function store(answers: Record<string, unknown>, meta: Record<string, unknown> = {}, country: Country = 'de') {
  sessionStorage.setItem(`pc.apply.${country}`, JSON.stringify({ answers, meta }));
}
const stored = (country: Country = 'de') =>
  JSON.parse(sessionStorage.getItem(`pc.apply.${country}`) ?? '{}') as { answers: Record<string, unknown>; meta: Record<string, unknown> };

beforeEach(async () => {
  sessionStorage.clear();
  await deleteCertificate();
  document.title = '';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('three-step form, step 1', () => {
  it('shows the step indicator, the 17 chambers and, with a tile server, the map behind consent, in German', async () => {
    stubApi();
    const user = await renderSteps('/form/1', { site: { mapTilesUrl: 'https://tile.example.org/{z}/{x}/{y}.png' } });
    expect(screen.getByText('Schritt 1 von 3')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Schritte der Bewerbung' }).querySelector('[aria-current="step"]')).toHaveTextContent('Ihre Angaben');
    expect(document.title).toBe('Fortbildung, Apotheke und Ihre Angaben – Schritt 1 von 3 – Pharmacy Champions');
    const chamber = screen.getByRole('combobox', { name: 'Apothekerkammer' });
    expect(within(chamber).getAllByRole('option')).toHaveLength(18); // placeholder + 17
    expect(screen.queryByText(/marker/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Karte laden' }));
    expect(await screen.findByRole('region', { name: 'Karte mit dem Standort Ihrer Apotheke' })).toHaveAttribute('data-centre', '52.52,13.405');
  });

  it('without a tile server, draws the offline map at once and names no external provider', async () => {
    stubApi();
    await renderSteps('/form/1');
    expect(await screen.findByRole('region', { name: 'Karte mit dem Standort Ihrer Apotheke' })).toHaveAttribute('data-centre', '52.52,13.405');
    expect(screen.queryByRole('button', { name: 'Karte laden' })).not.toBeInTheDocument();
    expect(screen.queryByText(/externen Anbieter/)).not.toBeInTheDocument();
  });

  it('renders in the first paint, with no loading spinner, when nothing has to be fetched', async () => {
    stubApi();
    await renderInSite(<StepsPage step={1} />, { country: 'de', route: '/form/1' });
    // No findBy: the form must be there straight after the first render.
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Wird geladen …')).not.toBeInTheDocument();
  });

  it('shows the loading spinner while the record behind an edit link is fetched', async () => {
    stubApi({ '/api/get-pharmacist': () => json({ status: 'ok', data: { ...STEP1 } }) });
    await renderInSite(<StepsPage step={1} />, { country: 'de', route: `/form/1?pharmacistId=${TOKEN}` });
    expect(screen.getByRole('status')).toHaveTextContent('Ihre Bewerbung wird geladen');
    expect(await screen.findByRole('textbox', { name: /Vorname/ })).toHaveValue('Anna');
  });

  it('refuses a GIF, a 6 MB PDF and a renamed executable certificate with German messages', async () => {
    stubApi();
    const user = await renderSteps('/form/1');
    const input = screen.getByLabelText(/Ihr Fortbildungszertifikat/);
    await user.upload(input, new File(['GIF89a'], 'zertifikat.gif', { type: 'image/gif' }));
    expect(document.getElementById('file-error')).toHaveTextContent('Das Zertifikat muss eine PDF-, JPEG-, PNG- oder HEIC-Datei sein');
    await user.upload(input, pdf(6 * MB));
    expect(document.getElementById('file-error')).toHaveTextContent('Das Zertifikat darf höchstens 5 MB groß sein');
    await user.upload(input, new File(['MZ'], 'zertifikat.pdf', { type: 'application/x-msdownload' }));
    expect(document.getElementById('file-error')).toHaveTextContent('Das Zertifikat muss eine PDF-, JPEG-, PNG- oder HEIC-Datei sein');
    // Named and typed as a PDF, but an executable inside.
    await user.upload(input, new File(['MZ\x90\x00'], 'zertifikat.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(document.getElementById('file-error')).toHaveTextContent('Das Zertifikat muss eine PDF-, JPEG-, PNG- oder HEIC-Datei sein'));
    await user.upload(input, pdf());
    expect(document.getElementById('file-error')).toBeNull();
    expect(screen.getByText(/zertifikat\.pdf/)).toBeInTheDocument();
  });

  it('lists what is missing, then keeps the answers and pharmacistId on the way to step 2', async () => {
    const api = stubApi({ '/api/get-pharmacist': () => json({ status: 'ok', data: { email: 'alt@example.de', firstName: 'Anna', agreementCheck1: true } }) });
    const user = await renderSteps(`/form/1?pharmacistId=${TOKEN}&lang=de`);
    expect(screen.getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveValue('alt@example.de');
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Registrierungsstelle: Bitte wählen Sie eine Option aus' })).toHaveAttribute(
      'href',
      '#bodyOfRegistration',
    );
    expect(within(summary).getByRole('link', { name: 'Onkologie-Fortbildung abgeschlossen: Bitte wählen Sie eine Option aus' })).toHaveAttribute(
      'href',
      '#haveYouCompleted',
    );
    // Editing: the certificate sent before is kept, so none is asked for.
    expect(within(summary).queryByText(/Fortbildungszertifikat/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Ja' }));
    await user.type(screen.getByRole('combobox', { name: 'Apotheke suchen' }), 'Bold');
    await user.click(await screen.findByRole('option', { name: /Boots Bold Street/ }));
    await user.type(screen.getByRole('textbox', { name: 'Name der Apotheke' }), 'Linden-Apotheke');
    await user.type(screen.getByRole('textbox', { name: 'Nachname' }), 'Müller');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Apothekerkammer' }), 'Apothekerkammer Berlin');
    await user.type(screen.getByRole('textbox', { name: 'Registrierungsnummer' }), '12345');
    await user.click(screen.getByRole('button', { name: 'Weiter' }));

    await waitFor(() => expect(where()).toBe(`/form/2?pharmacistId=${TOKEN}&lang=de`));
    expect(await screen.findByText('Schritt 2 von 3')).toBeInTheDocument();
    expect(stored().answers).toMatchObject({
      email: 'alt@example.de',
      firstName: 'Anna',
      lastName: 'Müller',
      placeId: 'place-boots',
      bodyOfRegistration: 'Apothekerkammer Berlin',
      haveYouCompleted: 'yes',
    });
    expect(stored().answers).not.toHaveProperty('agreementCheck1');
    expect(api.calls.filter((c) => c.path === '/api/get-pharmacist')).toHaveLength(1);
  });
});

describe('three-step form, bounces and steps 2 and 3', () => {
  it('sends step 3 without a stored first name back to step 1, keeping pharmacistId', async () => {
    stubApi({ '/api/get-pharmacist': () => json({ status: 'ok', data: {} }) });
    await renderSteps(`/form/3?pharmacistId=${TOKEN}`);
    await waitFor(() => expect(where()).toBe(`/form/1?pharmacistId=${TOKEN}`));
    expect(await screen.findByText('Schritt 1 von 3')).toBeInTheDocument();
  });

  it('an edit link the server does not know (404) says on step 1 that it is no longer valid, in German', async () => {
    stubApi({ '/api/get-pharmacist': () => json({ status: 'failed', message: 'not found' }, 404) });
    await renderSteps(`/form/3?pharmacistId=${TOKEN}`).catch(() => undefined);
    await waitFor(() => expect(where()).toBe(`/form/1?pharmacistId=${TOKEN}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dieser Link ist nicht mehr gültig' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Neuen Link senden' })).toHaveAttribute('href', '/update-link');
  });

  it('opens step 3 of an edit link straight away when the stored record has a first name (spec §4)', async () => {
    stubApi({ '/api/get-pharmacist': () => json({ status: 'ok', data: { firstName: 'Anna', email: 'anna@example.de' } }) });
    await renderSteps(`/form/3?pharmacistId=${TOKEN}`);
    expect(await screen.findByText('Schritt 3 von 3')).toBeInTheDocument();
    expect(where()).toBe(`/form/3?pharmacistId=${TOKEN}`);
  });

  it('step 2: Previous keeps the answer; Next needs the Google profile confirmation', async () => {
    stubApi();
    store(STEP1);
    const user = await renderSteps('/form/2');
    expect(screen.getByText(/Linden-Apotheke, Unter den Linden 1/)).toBeInTheDocument();
    const box = screen.getByRole('checkbox', { name: /Google-Unternehmensprofil meiner Apotheke aktuell ist/ });
    expect(box).toBeChecked();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Google-Unternehmensprofil: Pflichtfeld');
    await user.click(screen.getByRole('checkbox', { name: /Google-Maps-Eintrag/ }));
    await user.click(screen.getByRole('button', { name: 'Zurück' }));
    await waitFor(() => expect(where()).toBe('/form/1'));
    expect(stored().answers).toMatchObject({ isChecked: false, willUpateGoogleMapsEntry: true });
  });

  it('step 3: submit waits for how-found, the five confirmations and the bot check; radio and Other clear each other', async () => {
    stubApi();
    store(STEP1, { certificate: { name: 'zertifikat.pdf', size: 1000, type: 'application/pdf' } });
    const user = await renderSteps('/form/3');
    const submit = screen.getByRole('button', { name: 'Bewerbung absenden' });
    expect(submit).toBeDisabled();
    expect(screen.getByRole('link', { name: 'angeben, wie Sie von dem Programm erfahren haben' })).toHaveAttribute('href', '#howDidYouFindAboutTheProgram');
    expect(screen.getAllByRole('listitem').filter((li) => li.classList.contains('pc-charter__item'))).toHaveLength(10);

    const radio = screen.getByRole('radio', { name: 'Durch eine Empfehlung' });
    const otherRadio = screen.getByRole('radio', { name: 'Sonstiges' });
    const otherText = () => screen.queryByRole('textbox', { name: 'Beschreiben Sie bitte, wie Sie davon erfahren haben' });
    expect(otherText()).toBeNull();
    await user.click(otherRadio);
    await user.type(otherText()!, 'Fachzeitschrift');
    expect(screen.getByText('Noch 185 Zeichen übrig')).toBeInTheDocument();
    await user.click(radio);
    expect(radio).toBeChecked();
    expect(otherText()).toBeNull();
    await user.click(otherRadio);
    expect(otherText()).toHaveValue('');
    expect(radio).not.toBeChecked();
    await user.type(otherText()!, 'DAZ');
    const other = otherText()!;
    expect(other).toHaveValue('DAZ');

    const confirmations = within(screen.getByRole('group', { name: 'Bitte bestätigen Sie jeden der folgenden Punkte' })).getAllByRole('checkbox');
    for (const box of confirmations.slice(0, 4)) await user.click(box);
    await user.click(await screen.findByRole('button', { name: 'Solve bot check' }));
    expect(submit).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Bestätigung 5 ankreuzen' })).toBeInTheDocument();
    await user.click(confirmations[4]!);
    expect(submit).toBeEnabled();
    await user.clear(other);
    expect(submit).toBeDisabled();
  });

  it('step 3 checks the answers with Change links and submits everything as multipart, then clears the stored answers', async () => {
    const api = stubApi();
    store(STEP1);
    const user = await renderSteps('/form/1?lang=de');
    await user.upload(screen.getByLabelText(/Ihr Fortbildungszertifikat/), pdf(2000));
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await screen.findByText('Schritt 2 von 3');
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await screen.findByText('Schritt 3 von 3');

    const check = screen.getByRole('region', { name: 'Ihre Angaben prüfen' });
    expect(within(check).getByText('zertifikat.pdf')).toBeInTheDocument();
    expect(within(check).getByRole('link', { name: 'Ändern E-Mail-Adresse' })).toHaveAttribute('href', '/form/1?lang=de#email');
    expect(within(check).getByRole('link', { name: 'Ändern Google-Unternehmensprofil' })).toHaveAttribute('href', '/form/2?lang=de#isChecked');

    await user.click(screen.getByRole('radio', { name: 'Über soziale Medien' }));
    for (const box of within(screen.getByRole('group', { name: 'Bitte bestätigen Sie jeden der folgenden Punkte' })).getAllByRole('checkbox'))
      await user.click(box);
    await user.click(await screen.findByRole('button', { name: 'Solve bot check' }));
    await user.click(screen.getByRole('button', { name: 'Bewerbung absenden' }));
    await waitFor(() => expect(where()).toBe('/thank-you?lang=de'));

    const call = api.fetchMock.mock.calls.find(([url]) => String(url) === '/api/save-pharmacist')!;
    const body = call[1]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('zertifikat.pdf');
    expect(Object.fromEntries([...body.entries()].filter(([k]) => k !== 'file'))).toMatchObject({
      email: 'anna@example.de',
      firstName: 'Anna',
      bodyOfRegistration: 'Apothekerkammer Berlin',
      lat: '52.52',
      isChecked: 'true',
      willUpateGoogleMapsEntry: 'false',
      howDidYouFindAboutTheProgram: 'SOCIAL MEDIA',
      agreementCheck5: 'true',
      recaptchaToken: 'altcha-payload',
      appStoreCountry: 'de',
      formLanguage: 'de',
      website: '',
    });
    expect(body.has('loginToken')).toBe(false);
    expect(sessionStorage.getItem('pc.apply.de')).toBeNull();
  });

  it('shows a duplicate e-mail from the server with a link to change it on step 1', async () => {
    stubApi({ '/api/save-pharmacist': () => json({ status: 'failed', message: 'errorEmailRegistered' }, 409) });
    store(
      {
        ...STEP1,
        howDidYouFindAboutTheProgram: 'WORD OF MOUTH',
        agreementCheck1: true,
        agreementCheck2: true,
        agreementCheck3: true,
        agreementCheck4: true,
        agreementCheck5: true,
      },
      { certificate: { name: 'z.pdf', size: 10, type: 'application/pdf' } },
    );
    const { putCertificate } = await import('./steps/certificate-store.ts');
    await putCertificate(pdf(10, 'z.pdf'));
    const user = await renderSteps('/form/3');
    await user.click(await screen.findByRole('button', { name: 'Solve bot check' }));
    await user.click(screen.getByRole('button', { name: 'Bewerbung absenden' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'E-Mail-Adresse (Schritt 1): Diese E-Mail-Adresse ist leider bereits registriert.' })).toHaveAttribute(
      'href',
      '/form/1#email',
    );
    expect(screen.getByTestId('altcha')).toHaveAttribute('data-reset', '1');
  });

  it.each([
    ['validation.fileActiveContent', 'Diese PDF-Datei enthält Skripte, Anhänge oder automatische Aktionen'],
    ['validation.fileUnreadable', 'Wir konnten dieses Zertifikat nicht lesen'],
  ])('shows the server refusing the certificate (%s) in German, linked to step 1', async (code, text) => {
    stubApi({ '/api/save-pharmacist': () => json({ status: 'failed', message: 'invalid', errors: { file: code } }, 400) });
    store(
      {
        ...STEP1,
        howDidYouFindAboutTheProgram: 'WORD OF MOUTH',
        agreementCheck1: true,
        agreementCheck2: true,
        agreementCheck3: true,
        agreementCheck4: true,
        agreementCheck5: true,
      },
      { certificate: { name: 'z.pdf', size: 10, type: 'application/pdf' } },
    );
    const { putCertificate } = await import('./steps/certificate-store.ts');
    await putCertificate(pdf(10, 'z.pdf'));
    const user = await renderSteps('/form/3');
    await user.click(await screen.findByRole('button', { name: 'Solve bot check' }));
    await user.click(screen.getByRole('button', { name: 'Bewerbung absenden' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: new RegExp(`^Fortbildungszertifikat \\(Schritt 1\\): ${text}`) })).toHaveAttribute('href', '/form/1#file');
  });

  it('has no axe violations on step 3', async () => {
    stubApi();
    store(STEP1);
    await renderSteps('/form/3');
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });
});

describe('other pairs, drafts', () => {
  it("step 3 links to the German market's own terms and privacy pages when read in English", async () => {
    stubApi();
    store(STEP1);
    await renderSteps('/form/3?lang=en', { language: 'en' });
    const hrefs = () => [...document.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '');
    expect(hrefs()).toEqual(expect.arrayContaining(['/nutzungsbedingungen?lang=en', '/datenschutz?lang=en']));
    expect(hrefs().some((href) => href.startsWith('/terms-and-conditions') || href.startsWith('/privacy-policy'))).toBe(false);
  });

  it('serves an en-it visitor the steps in English with the Italian registration body', async () => {
    stubApi();
    await renderSteps('/form/1?lang=en', { country: 'it', language: 'en' });
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your training, pharmacy and details');
    expect(screen.getByRole('combobox', { name: 'Registration body' })).toHaveValue('Italia (AIFA)');
    expect(screen.queryByRole('button', { name: 'Load map' })).not.toBeInTheDocument();
  });

  it('e-mails a link with the answers so far, the e-mail address filled in', async () => {
    const api = stubApi({ '/api/drafts': () => json({ status: 'ok' }) });
    store(STEP1);
    const user = await renderSteps('/form/2', { country: 'de' });
    await user.click(screen.getByText('Link zum späteren Fortfahren per E-Mail erhalten'));
    const email = screen.getByRole('textbox', { name: 'E-Mail-Adresse für den Link' });
    expect(email).toHaveValue('anna@example.de');
    await user.click(screen.getByRole('button', { name: 'Link senden' }));
    expect(await screen.findByText('Wir haben einen Link an anna@example.de geschickt. Er ist 30 Tage gültig.')).toBeInTheDocument();
    expect(api.bodyOf('/api/drafts')).toMatchObject({
      email: 'anna@example.de',
      country: 'de',
      language: 'de',
      step: 2,
      basePath: '',
      data: { firstName: 'Anna', isChecked: true, lat: 52.52 },
    });
    expect(api.bodyOf('/api/drafts')?.recaptchaToken).toMatch(/^solution-\d+$/);
  });

  it("replaces a refused bot-check solution once without asking, and says when today's links are used up", async () => {
    let answers = [json({ status: 'failed', message: 'invalid', errors: { recaptchaToken: 'validation.captcha' } }, 400), json({ status: 'ok' })];
    const api = stubApi({ '/api/drafts': () => answers.shift()! });
    store(STEP1);
    const user = await renderSteps('/form/2', { country: 'de' });
    await user.click(screen.getByText('Link zum späteren Fortfahren per E-Mail erhalten'));
    await user.click(screen.getByRole('button', { name: 'Link senden' }));
    expect(await screen.findByText(/Wir haben einen Link an anna@example.de geschickt/)).toBeInTheDocument();
    const tokens = api.calls.filter((c) => c.path === '/api/drafts').map((c) => (c.body as { recaptchaToken: string }).recaptchaToken);
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).not.toBe(tokens[1]);

    answers = [json({ status: 'failed', message: 'tooManyDrafts' }, 429)];
    await user.click(screen.getByRole('button', { name: 'Link senden' }));
    expect(await screen.findByText(/Sie haben heute bereits die höchstmögliche Anzahl an Links angefordert/)).toBeInTheDocument();
  });

  it('opens a draft link: the answers come back, and step 1 asks for the certificate again', async () => {
    const api = stubApi({
      '/api/drafts/DRAFT123': () => json({ status: 'ok', data: { country: 'de', language: 'de', step: 2, data: { ...STEP1, recaptchaToken: 'x' } } }),
    });
    const user = await renderSteps('/form/2?draft=DRAFT123');
    expect(screen.getByRole('checkbox', { name: /Google-Unternehmensprofil/ })).toBeChecked();
    expect(stored().answers).toMatchObject({ firstName: 'Anna', email: 'anna@example.de' });
    expect(stored().answers).not.toHaveProperty('recaptchaToken');
    await user.click(screen.getByRole('button', { name: 'Zurück' }));
    expect(await screen.findByText('Gespeicherte Bewerbungen enthalten keine Dateien. Bitte wählen Sie Ihr Zertifikat erneut aus.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Vorname' })).toHaveValue('Anna');
    expect(where()).toBe('/form/1?draft=DRAFT123');
    expect(api.calls.filter((c) => c.path === '/api/drafts/DRAFT123')).toHaveLength(1);
  });
});
