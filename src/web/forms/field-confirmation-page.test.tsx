// The field-signed pharmacist's page (issue 23): opened from their link with what was recorded, in
// Italian; no address field (the link went there); their own declarations and the bot check gate
// the submit; the confirmation sends the token and the corrections, then thanks them. A link that
// no longer works says so.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { renderInSite } from '../test/render.tsx';
import { json, stubApi } from '../test/api-stub.tsx';
import { FieldConfirmationPage } from './field-confirmation-page.tsx';

vi.mock('../components/altcha-widget.tsx', async () => (await import('../test/fakes.tsx')).fakeAltchaModule);

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const RECORDED = {
  firstName: 'Maria',
  lastName: 'Verdi',
  bodyOfRegistration: 'Italia (AIFA)',
  professionalRegistrationNumber: '25757',
  haveYouCompleted: 'yes',
  whereYouWork: 'Farmacia Porta Pia',
  address: 'Via Nomentana 1, Roma',
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const renderPage = () =>
  renderInSite(
    <Routes>
      <Route path="/confirm-details" element={<FieldConfirmationPage />} />
      <Route path="/thank-you" element={<Where />} />
    </Routes>,
    { country: 'it', route: `/confirm-details?token=${TOKEN}`, site: { basePath: '/it' } },
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/confirm-details?token=', () => {
  it("shows what was recorded, asks for the pharmacist's own declarations, and sends the token with the corrections", async () => {
    const api = stubApi({
      '/api/field-confirmation': (_url, init) =>
        init?.method === 'POST' ? json({ status: 'ok', message: 'saved', data: { id: 'a1', reference: 'PC-7K3M9Q' } }) : json({ status: 'ok', data: RECORDED }),
    });
    const user = userEvent.setup();
    await renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Verifichi i dati registrati su di Lei' })).toBeInTheDocument();
    expect(screen.getByText('Farmacia Porta Pia')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Cognome' })).toHaveValue('Verdi');
    expect(screen.queryByRole('textbox', { name: /email/i })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Invio della conferma' })).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Confermo i miei dati' });
    expect(submit).toBeDisabled();

    await user.clear(screen.getByRole('textbox', { name: 'Cognome' }));
    await user.type(screen.getByRole('textbox', { name: 'Cognome' }), 'Verdi Corretti');
    const declarations = within(screen.getByRole('group', { name: /confermi ciascuna/i })).getAllByRole('checkbox');
    expect(declarations).toHaveLength(3);
    for (const box of declarations) await user.click(box);
    await user.click(await screen.findByRole('button', { name: /solve bot check/i }));
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/thank-you'));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      token: TOKEN,
      lastName: 'Verdi Corretti',
      agreementCheck1: true,
      agreementCheck3: true,
      recaptchaToken: expect.any(String),
    });
  });

  it('says a link that expired or was used is no longer valid, and offers the data page', async () => {
    stubApi({ '/api/field-confirmation': () => json({ status: 'failed', message: 'not found' }, 404) });
    await renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Questo link non è più valido' })).toBeInTheDocument();
    expect(screen.getByText(/già stati confermati/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Visualizza o cancella i miei dati' })).toHaveAttribute('href', expect.stringMatching(/\/my-data$/));
  });
});
