// Issue 39 item 11: an applicant sending their application again (the edit link) finds their own
// Google-profile box ticked as before; the confirmations are asked again, and the page says why.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useParams } from 'react-router';
import { FORMS } from '#shared/forms/catalogue.ts';
import { parseStep } from '#shared/registration/journey.ts';
import { renderInSite } from '../test/render.tsx';
import { json, stubApi } from '../test/api-stub.tsx';
import { APPLICANT_SECTIONS } from './applicant-sections.tsx';
import { FormPage } from './form-page.tsx';
import { StepsApplicationPage } from './steps-application-page.tsx';

vi.mock('../components/altcha-widget.tsx', async () => (await import('../test/fakes.tsx')).fakeAltchaModule);
vi.mock('../components/leaflet-map.tsx', async () => (await import('../test/fakes.tsx')).fakeLeafletModule);

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWx';
const TICKED = { agreementCheck1: true, agreementCheck2: true, agreementCheck3: true, agreementCheck4: true, agreementCheck5: true };
/** A German application as stored: every answer, the Google-profile box and the five confirmations ticked. */
const GERMAN_RECORD = {
  haveYouCompleted: 'yes',
  placeId: 'place-boots',
  lat: 52.52,
  lng: 13.405,
  address: 'Unter den Linden 1, 10117 Berlin',
  whereYouWork: 'Linden-Apotheke',
  email: 'anna@example.de',
  firstName: 'Anna',
  lastName: 'Müller',
  bodyOfRegistration: 'Apothekerkammer Berlin',
  professionalRegistrationNumber: '12345',
  isChecked: true,
  willUpateGoogleMapsEntry: true,
  howDidYouFindAboutTheProgram: 'SOCIAL MEDIA',
  ...TICKED,
};
const WHY_DE =
  'Ihre früheren Häkchen werden nicht übernommen: Damit bestätigen Sie die Angaben, die Sie jetzt senden, und eine Einwilligung gilt nur, wenn Sie sie selbst ankreuzen.';

function StepParam() {
  const step = parseStep(useParams().step);
  return step ? <StepsApplicationPage key={step} step={step} /> : null;
}

async function renderSteps(route: string) {
  const user = userEvent.setup();
  await renderInSite(
    <Routes>
      <Route path="/form/:step" element={<StepParam />} />
    </Routes>,
    { country: 'de', route },
  );
  await screen.findByRole('heading', { level: 1 });
  return user;
}

const confirmations = () => screen.getByRole('group', { name: 'Bitte bestätigen Sie jeden der folgenden Punkte' });

beforeEach(() => sessionStorage.clear());

describe('an application sent again through its edit link', () => {
  it('German steps: step 2 has the Google-profile box ticked as before and goes on; step 3 asks the confirmations again and says why', async () => {
    stubApi({ '/api/get-pharmacist': () => json({ status: 'ok', data: GERMAN_RECORD }) });
    const user = await renderSteps(`/form/2?pharmacistId=${TOKEN}`);
    expect(await screen.findByText('Schritt 2 von 3')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Google-Unternehmensprofil meiner Apotheke aktuell ist/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Google-Maps-Eintrag/ })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByText('Schritt 3 von 3')).toBeInTheDocument();
    expect(screen.queryByText(/Pflichtfeld/)).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Ihre Angaben prüfen' })).getAllByText('Bestätigt').length).toBeGreaterThan(0);
    for (const box of within(confirmations()).getAllByRole('checkbox')) expect(box).not.toBeChecked();
    expect(confirmations()).toHaveAccessibleDescription(WHY_DE);
  });

  it('a new German application says nothing of earlier ticks', async () => {
    stubApi();
    sessionStorage.setItem('pc.apply.de', JSON.stringify({ answers: { firstName: 'Anna' }, meta: {} }));
    await renderSteps('/form/3');
    expect(confirmations()).not.toHaveAccessibleDescription(WHY_DE);
    expect(screen.queryByText(WHY_DE)).not.toBeInTheDocument();
  });

  it('the UK page: the Google-profile box ticked as before, the confirmations asked again with the reason', async () => {
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
      whereYouWork: 'Boots',
      haveYouCompleted: 'yes',
      isChecked: true,
      ...TICKED,
    };
    stubApi({ '/api/get-pharmacist': () => json({ status: 'ok', data: record }) });
    await renderInSite(<FormPage form={FORMS['apply-uk']} sections={APPLICANT_SECTIONS} />, { route: `/form?pharmacistId=${TOKEN}` });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /google business profile is up to date/i })).toBeChecked());
    const group = screen.getByRole('group', { name: /please confirm each of the following/i });
    for (const box of within(group).getAllByRole('checkbox')) expect(box).not.toBeChecked();
    expect(group).toHaveAccessibleDescription(
      'Your earlier ticks are not carried over: these confirm the answers you are sending now, and a consent only counts when you tick it yourself.',
    );
  });
});
