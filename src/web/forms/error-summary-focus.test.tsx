// Issue 39 item 1: the error summary lists the last attempt's errors and takes focus only on a new
// attempt; the fields' own errors follow the typing. A person correcting a field after a failed
// attempt, whose form turns valid and then invalid again as they type, keeps every keystroke.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInSite } from '../test/render.tsx';
import { json, stubApi } from '../test/api-stub.tsx';
import { StepsApplicationPage } from './steps-application-page.tsx';

vi.mock('../components/altcha-widget.tsx', async () => (await import('../test/fakes.tsx')).fakeAltchaModule);
vi.mock('../components/leaflet-map.tsx', async () => (await import('../test/fakes.tsx')).fakeLeafletModule);

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWx';
/** Step 1 of an application being changed (no certificate asked), all but the registration number. */
const RECORD = {
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
};

beforeEach(() => sessionStorage.clear());

describe('the error summary after a failed attempt', () => {
  it('keeps every keystroke while the form turns valid and invalid again, and takes focus again only on the next attempt', async () => {
    stubApi({ '/api/get-pharmacist': () => json({ status: 'ok', data: RECORD }) });
    const user = userEvent.setup();
    await renderInSite(<StepsApplicationPage step={1} />, { country: 'de', route: `/form/1?pharmacistId=${TOKEN}` });
    const field = await screen.findByRole('textbox', { name: 'Registrierungsnummer' });

    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('link', { name: 'Registrierungsnummer: Pflichtfeld' })).toBeInTheDocument();

    // Three digits are valid (no error left anywhere); one taken back is one too few.
    await user.click(field);
    await user.keyboard('123');
    await waitFor(() => expect(document.getElementById('professionalRegistrationNumber-error')).toBeNull());
    await user.keyboard('{Backspace}');
    await waitFor(() =>
      expect(document.getElementById('professionalRegistrationNumber-error')).toHaveTextContent('Geben Sie eine Registrierungsnummer mit 3 bis 7 Ziffern ein'),
    );
    await user.keyboard('45a');
    expect(field).toHaveValue('1245a');
    expect(field).toHaveFocus();
    // The summary still says what the last attempt found, and has not taken focus.
    expect(screen.getByRole('alert')).toHaveTextContent('Registrierungsnummer: Pflichtfeld');

    // A new attempt: the summary lists what it found, and takes focus.
    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Registrierungsnummer: Geben Sie eine Registrierungsnummer mit 3 bis 7 Ziffern ein'),
    );
    expect(screen.getByRole('alert')).toHaveFocus();
  });
});
