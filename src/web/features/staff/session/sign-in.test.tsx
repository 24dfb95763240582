import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { renderInSite } from '../../../test/render.tsx';
import { SignInPage } from './sign-in-page.tsx';
import { VerifySignInPage, secretOf } from './verify-page.tsx';
import { ADMIN, MANAGER, json, stubStaffApi } from '../../../test/staff-api-stub.tsx';
import { staffHomePath } from '#shared/staff-home.ts';
import { safeReturnTo, signInPath, withoutBasePath } from './staff-user.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

async function renderAt(route: string) {
  const user = userEvent.setup();
  await renderInSite(
    <Routes>
      <Route path="/signin" element={<SignInPage />} />
      <Route path="/signin/verify" element={<VerifySignInPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { country: 'it', route },
  );
  return user;
}

describe('staff-user helpers', () => {
  it('sends each role to its home', () => {
    expect(staffHomePath(ADMIN)).toBe('/areamanager/mainadmin');
    expect(staffHomePath(MANAGER)).toBe('/areamanager/home/am-1');
    expect(staffHomePath({ id: 'r1', role: 'sales_rep' })).toBe('/rep/home/r1');
    expect(staffHomePath({ id: 'v1', role: 'reviewer' })).toBe('/admin/review');
    expect(withoutBasePath('/it/areamanager/mainadmin', '/it')).toBe('/areamanager/mainadmin');
    expect(withoutBasePath('/it', '/it')).toBe('/');
    expect(withoutBasePath('/italy/x', '/it')).toBe('/italy/x');
    expect(withoutBasePath('/areamanager/mainadmin', '')).toBe('/areamanager/mainadmin');
  });

  it('accepts only local returnTo paths', () => {
    expect(safeReturnTo('/areamanager/home/x?y=1')).toBe('/areamanager/home/x?y=1');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '/signin?returnTo=/x', '', null])
      expect(safeReturnTo(bad)).toBeNull();
    expect(signInPath('/areamanager/mainadmin')).toBe('/signin?returnTo=%2Fareamanager%2Fmainadmin');
  });

  it('reads the secret from an otpauth URL in groups of four', () => {
    expect(secretOf('otpauth://totp/PC:anna?secret=JBSWY3DPEHPK3PXP&issuer=PC')).toBe('JBSW Y3DP EHPK 3PXP');
  });
});

describe('SignInPage', () => {
  it('asks for a link with the e-mail, returnTo and base path, then says to check the e-mail', async () => {
    const api = stubStaffApi({ 'POST /api/auth/magic-link': () => json({ status: 'ok' }) });
    const user = await renderAt('/signin?returnTo=%2Fareamanager%2Fhome%2Fam-1');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Accesso per il personale');
    expect(document.title).toBe('Accesso per il personale – Pharmacy Champions');
    await user.type(screen.getByRole('textbox', { name: 'Indirizzo email' }), 'anna@example.it');
    await user.click(screen.getByRole('button', { name: 'Invia il link di accesso' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Controlli la Sua email' })).toHaveFocus();
    expect(screen.getByText(/anna@example\.it/)).toBeInTheDocument();
    expect(screen.getByText(/valido per 10 minuti/)).toBeInTheDocument();
    expect(api.bodyOf('/api/auth/magic-link')).toEqual({ email: 'anna@example.it', returnTo: '/areamanager/home/am-1', basePath: '' });
    expect(api.calls[0]!.headers['content-type']).toBe('application/json');
  });

  it('checks the e-mail before sending, with a summary and an inline message', async () => {
    const api = stubStaffApi({});
    const user = await renderAt('/signin');
    await user.click(screen.getByRole('button', { name: 'Invia il link di accesso' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Indirizzo email: Obbligatorio' })).toHaveAttribute('href', '#email');
    expect(screen.getByRole('textbox', { name: 'Indirizzo email' })).toHaveAttribute('aria-invalid', 'true');
    expect(document.title).toBe('Errore: Accesso per il personale – Pharmacy Champions');
    await user.type(screen.getByRole('textbox', { name: 'Indirizzo email' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Invia il link di accesso' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/indirizzo email valido/));
    expect(api.calls).toHaveLength(0);
  });

  it('tells the person what the operator must set when the site cannot e-mail a link for its address', async () => {
    stubStaffApi({ 'POST /api/auth/magic-link': () => json({ status: 'failed', message: 'errorsGlobal.noPublicAddress' }, 503) });
    const user = await renderAt('/signin');
    await user.type(screen.getByRole('textbox', { name: 'Indirizzo email' }), 'anna@example.it');
    await user.click(screen.getByRole('button', { name: 'Invia il link di accesso' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/non è ancora configurato del tutto.*PUBLIC_URL/);
  });

  it('says so when asked too often', async () => {
    stubStaffApi({ 'POST /api/auth/magic-link': () => json({ status: 'failed', message: 'tooManyRequests' }, 429) });
    const user = await renderAt('/signin');
    await user.type(screen.getByRole('textbox', { name: 'Indirizzo email' }), 'anna@example.it');
    await user.click(screen.getByRole('button', { name: 'Invia il link di accesso' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Troppe richieste in poco tempo');
  });
});

describe('VerifySignInPage', () => {
  it('does not use the link until the button is pressed, then goes to returnTo', async () => {
    const api = stubStaffApi({
      'POST /api/auth/verify': () => json({ status: 'ok', data: { next: 'done', returnTo: '/areamanager/home/am-1' } }),
      'GET /api/auth/me': () => json({ status: 'ok', data: MANAGER }),
    });
    const user = await renderAt('/signin/verify?token=tok_abcdefghijklmnopqrstuvwxyz0123456789');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("Conferma l'accesso");
    expect(api.calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Accedi' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/areamanager/home/am-1'));
    expect(api.bodyOf('/api/auth/verify')).toEqual({ token: 'tok_abcdefghijklmnopqrstuvwxyz0123456789' });
  });

  it('explains a used or expired link and offers a new one', async () => {
    stubStaffApi({ 'POST /api/auth/verify': () => json({ status: 'failed', message: 'invalidLink' }, 400) });
    const user = await renderAt('/signin/verify?token=used');
    await user.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Impossibile accedere con questo link' })).toHaveFocus();
    expect(screen.getByText(/già stato usato/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /richieda un nuovo link/i })).toHaveAttribute('href', '/signin');
  });

  it('enrols TOTP with a QR code and the secret as text, then goes to the role home', async () => {
    let enableTries = 0;
    const api = stubStaffApi({
      'POST /api/auth/verify': () => json({ status: 'ok', data: { next: 'totp-setup', returnTo: '' } }),
      'POST /api/auth/totp/setup': () =>
        json({
          status: 'ok',
          data: { otpauthUrl: 'otpauth://totp/PC:anna?secret=JBSWY3DPEHPK3PXP&issuer=PC', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
        }),
      'POST /api/auth/totp/enable': () =>
        ++enableTries === 1 ? json({ status: 'failed', message: 'invalid', errors: { code: 'validation.totpCode' } }, 400) : json({ status: 'ok' }),
      'GET /api/auth/me': () => json({ status: 'ok', data: ADMIN }),
    });
    const user = await renderAt('/signin/verify?token=tok');
    await user.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Configuri la verifica in due passaggi' })).toBeInTheDocument();
    const qr = screen.getByRole('img', { name: /codice qr/i });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /apri nell'app/i })).toHaveAttribute('href', 'otpauth://totp/PC:anna?secret=JBSWY3DPEHPK3PXP&issuer=PC');

    await user.click(screen.getByRole('button', { name: 'Attiva e accedi' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Codice di verifica: Obbligatorio');
    await user.type(screen.getByRole('textbox', { name: 'Codice di verifica' }), '000000');
    await user.click(screen.getByRole('button', { name: 'Attiva e accedi' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Il codice non è corretto'));
    await user.type(screen.getByRole('textbox', { name: 'Codice di verifica' }), '123 456');
    await user.click(screen.getByRole('button', { name: 'Attiva e accedi' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/areamanager/mainadmin'));
    expect(api.bodyOf('/api/auth/totp/enable')).toEqual({ code: '123456' });
  });

  it('asks an enrolled user for the code and says when sign-in is locked', async () => {
    stubStaffApi({
      'POST /api/auth/verify': () => json({ status: 'ok', data: { next: 'totp', returnTo: '/admin/review' } }),
      'POST /api/auth/totp': () => json({ status: 'failed', message: 'locked' }, 429),
    });
    const user = await renderAt('/signin/verify?token=tok');
    await user.click(screen.getByRole('button', { name: 'Accedi' }));
    await user.type(await screen.findByRole('textbox', { name: 'Codice di verifica' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Verifica e accedi' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Troppi tentativi non riusciti');
  });

  it('says that a code the server cannot check is its problem to report, not a wrong code (issue 37 item 2)', async () => {
    stubStaffApi({
      'POST /api/auth/verify': () => json({ status: 'ok', data: { next: 'totp', returnTo: '/admin/review' } }),
      'POST /api/auth/totp': () => json({ status: 'failed', message: 'secondFactorUnreadable' }, 500),
    });
    const user = await renderAt('/signin/verify?token=tok');
    await user.click(screen.getByRole('button', { name: 'Accedi' }));
    await user.type(await screen.findByRole('textbox', { name: 'Codice di verifica' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Verifica e accedi' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('per un problema tecnico da parte nostra');
    expect(alert).toHaveTextContent("segnalare all'amministratore");
    expect(alert).not.toHaveTextContent('Il codice non è corretto');
  });

  it('without a token says the link is not valid', async () => {
    stubStaffApi({});
    await renderAt('/signin/verify');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Impossibile accedere con questo link');
  });
});
