// The cookie notice with the footer that reopens it: two features composed, as the app composes them.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_COOKIES } from '#shared/limits.ts';
import { renderInSite } from '../test/render.tsx';
import { Footer } from '../features/layout/footer.tsx';
import { MapView } from '../components/map-view.tsx';
import { CookieNotice } from '../features/consent/cookie-notice.tsx';
import { hasConsent, readCookie } from '../lib/consent-cookies.ts';

vi.mock('../components/leaflet-map.tsx', async () => (await import('../test/fakes.tsx')).fakeLeafletModule);

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const TILES = { mapTilesUrl: 'https://tile.example.org/{z}/{x}/{y}.png' };

function clearCookies() {
  for (const name of Object.values(CONSENT_COOKIES)) document.cookie = `${name}=; Max-Age=0; Path=/`;
  sessionStorage.clear();
}

beforeEach(clearCookies);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  clearCookies();
});

/** The page as the layout builds it: the notice at the top, main content, the footer. */
function Page({ audience }: { audience?: 'applicants' | 'staff' }) {
  return (
    <>
      <CookieNotice audience={audience} />
      <main id="main" tabIndex={-1} />
      <Footer />
    </>
  );
}

describe('CookieNotice where nothing optional is used', () => {
  it('is an information notice with a single acknowledgement, speaking to applicants', async () => {
    await renderInSite(<Page />);
    const region = screen.getByRole('region', { name: 'Cookies on Pharmacy Champions' });
    expect(region).toHaveTextContent(/only essential cookies/);
    expect(region).not.toHaveTextContent(/signed in|preference|analytics cookies/i);
    expect(
      screen
        .getAllByRole('button')
        .filter((b) => region.contains(b))
        .map((b) => b.textContent),
    ).toEqual(['Got it']);
    expect(screen.getByRole('link', { name: /privacy and cookies policy/ })).toHaveAttribute('href', '/privacy-policy');
  });

  it("is a region named by its first line, with no heading before the page's own", async () => {
    await renderInSite(<Page />);
    const region = screen.getByRole('region', { name: 'Cookies on Pharmacy Champions' });
    expect(region.querySelector('h1, h2, h3, h4, h5, h6, [role=heading]')).toBeNull();
  });

  it('is a form that sends the choice, for when no script saves it', async () => {
    await renderInSite(<Page />);
    const form = screen.getByRole('region', { name: 'Cookies on Pharmacy Champions' }).querySelector('form')!;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/api/cookie-consent');
    expect(Object.fromEntries(new FormData(form, screen.getByRole('button', { name: 'Got it' })))).toEqual({ categories: 'essential' });
  });

  it('mentions the sign-in cookie on staff pages', async () => {
    await renderInSite(<Page audience="staff" />, { country: 'it' });
    expect(screen.getByRole('region', { name: 'Cookie su Pharmacy Champions' })).toHaveTextContent(/dopo l'accesso, mantengono attiva la Sua sessione/);
  });

  it('stores both consent cookies for 365 days on "Got it" and disappears', async () => {
    const writes = vi.spyOn(Document.prototype, 'cookie', 'set');
    const before = Date.now();
    await renderInSite(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));

    expect(screen.queryByRole('region', { name: /Cookies/ })).not.toBeInTheDocument();
    expect(readCookie(CONSENT_COOKIES.categories)).toBe('essential');
    expect(readCookie(CONSENT_COOKIES.noticeClosed)).toBe('1');
    const written = writes.mock.calls.map(([value]) => String(value));
    for (const name of Object.values(CONSENT_COOKIES)) {
      const cookie = written.find((w) => w.startsWith(`${name}=`));
      expect(cookie).toContain(`Max-Age=${YEAR_SECONDS}`);
      expect(cookie).toContain('Path=/');
      expect(cookie).toContain('SameSite=Lax');
      const days = (Date.parse(/Expires=([^;]+)/.exec(cookie!)![1]!) - before) / 86_400_000;
      expect(days).toBeGreaterThan(364.99);
      expect(days).toBeLessThan(365.01);
    }
  });

  it('stays hidden once closed, and the footer\'s "Cookie settings" reopens it, by keyboard', async () => {
    const user = userEvent.setup();
    document.cookie = `${CONSENT_COOKIES.noticeClosed}=1; Path=/`;
    await renderInSite(<Page />);
    expect(screen.queryByRole('region', { name: /Cookies/ })).not.toBeInTheDocument();

    const settings = screen.getByRole('button', { name: 'Cookie settings' });
    settings.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Cookies on Pharmacy Champions')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('region', { name: /Cookies/ })).not.toBeInTheDocument();
    expect(settings).toHaveFocus();
  });

  it('is a notice on the German market too when no tile server is configured', async () => {
    await renderInSite(<Page />, { country: 'de' });
    expect(screen.getByRole('region', { name: 'Cookies auf Pharmacy Champions' })).not.toHaveTextContent(/Karte/);
    expect(screen.getByRole('button', { name: 'Verstanden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Datenschutzerklärung/ })).toHaveAttribute('href', '/datenschutz');
  });
});

describe('CookieNotice on the German market with an external map', () => {
  it('asks about the map; after accepting, the footer reopens the choice and withdrawing removes the consent', async () => {
    const user = userEvent.setup();
    await renderInSite(
      <>
        <Page />
        <MapView country="de" tilesUrl={TILES.mapTilesUrl} attribution="" label="Karte" consent={{ text: 'Externe Karte', button: 'Karte laden' }} />
      </>,
      { country: 'de', site: TILES },
    );
    const region = screen.getByRole('region', { name: 'Cookies auf Pharmacy Champions' });
    expect(region).toHaveTextContent(/externen Kartendienst/);
    expect(region).not.toHaveTextContent(/angemeldet|Statistik-Cookies/);
    expect(screen.getByRole('button', { name: 'Karte laden' })).toBeInTheDocument(); // no consent yet

    await user.click(screen.getByRole('button', { name: 'Karte zulassen' }));
    expect(readCookie(CONSENT_COOKIES.categories)).toBe('essential,map');
    expect(screen.queryByRole('region', { name: /Cookies/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cookie-Einstellungen' }));
    expect(screen.getByRole('region', { name: 'Cookies auf Pharmacy Champions' })).toHaveTextContent('Sie haben dem Laden der Karte zugestimmt.');
    await user.click(screen.getByRole('button', { name: 'Einwilligung widerrufen' }));
    expect(readCookie(CONSENT_COOKIES.categories)).toBe('essential');
    expect(hasConsent('map')).toBe(false);
    expect(sessionStorage.length).toBe(0);

    cleanup();
    await renderInSite(
      <MapView country="de" tilesUrl={TILES.mapTilesUrl} attribution="" label="Karte" consent={{ text: 'Externe Karte', button: 'Karte laden' }} />,
      {
        country: 'de',
        site: TILES,
      },
    );
    expect(screen.getByRole('button', { name: 'Karte laden' })).toBeInTheDocument(); // asked again after withdrawal
  });

  it('loads the map in the form without asking again once the notice allowed it', async () => {
    document.cookie = `${CONSENT_COOKIES.categories}=essential%2Cmap; Path=/`;
    await renderInSite(
      <MapView country="de" tilesUrl={TILES.mapTilesUrl} attribution="" label="Karte" consent={{ text: 'Externe Karte', button: 'Karte laden' }} />,
      {
        country: 'de',
        site: TILES,
      },
    );
    expect(screen.queryByRole('button', { name: 'Karte laden' })).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Karte' })).toHaveTextContent('no marker');
  });

  it('asks in English and Italian on the German market too', async () => {
    await renderInSite(<Page />, { country: 'de', language: 'en', site: TILES });
    expect(screen.getByRole('button', { name: 'Allow the map' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    cleanup();
    await renderInSite(<Page />, { country: 'de', language: 'it', site: TILES });
    expect(screen.getByRole('button', { name: 'Consenti la mappa' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rifiuta' })).toBeInTheDocument();
  });
});
