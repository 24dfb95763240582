import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_COOKIES } from '#shared/limits.ts';
import { renderInSite } from '../../test/render.tsx';
import { CookieNotice } from './cookie-notice.tsx';
import { hasConsent, readCookie } from './consent-cookies.ts';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function clearCookies() {
  for (const name of Object.values(CONSENT_COOKIES)) document.cookie = `${name}=; Max-Age=0; Path=/`;
}

/** Records every cookie string written, since the browser does not give back Max-Age or Expires. */
function spyOnCookieWrites() {
  return vi.spyOn(Document.prototype, 'cookie', 'set');
}

beforeEach(clearCookies);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  clearCookies();
});

describe('CookieNotice', () => {
  it('is a labelled region explaining essential and optional cookies', async () => {
    await renderInSite(<CookieNotice />);
    const region = screen.getByRole('region', { name: 'Cookies on Pharmacy Champions' });
    expect(region).toHaveTextContent(/essential cookies to make this site work/);
    expect(region).toHaveTextContent(/optional cookies/);
    expect(screen.getByRole('link', { name: /privacy and cookies policy/ })).toHaveAttribute('href', '/privacy-policy');
  });

  it('stores both consent cookies for 365 days on "Accept all" and disappears', async () => {
    const writes = spyOnCookieWrites();
    const before = Date.now();
    await renderInSite(<CookieNotice />);
    await userEvent.click(screen.getByRole('button', { name: 'Accept all cookies' }));

    expect(screen.queryByRole('region', { name: /Cookies/ })).not.toBeInTheDocument();
    expect(readCookie(CONSENT_COOKIES.categories)).toBe('essential,preferences,analytics');
    expect(readCookie(CONSENT_COOKIES.noticeClosed)).toBe('1');
    expect(hasConsent('analytics')).toBe(true);

    const written = writes.mock.calls.map(([value]) => String(value));
    for (const name of Object.values(CONSENT_COOKIES)) {
      const cookie = written.find((w) => w.startsWith(`${name}=`));
      expect(cookie).toBeDefined();
      expect(cookie).toContain(`Max-Age=${YEAR_SECONDS}`);
      expect(cookie).toContain('Path=/');
      expect(cookie).toContain('SameSite=Lax');
      expect(cookie).not.toContain('Secure'); // jsdom runs on http://
      const expires = Date.parse(/Expires=([^;]+)/.exec(cookie!)![1]!);
      const days = (expires - before) / 86_400_000;
      expect(days).toBeGreaterThan(364.99);
      expect(days).toBeLessThan(365.01);
    }
  });

  it('stores essential only on "Essential cookies only"', async () => {
    await renderInSite(<CookieNotice />);
    await userEvent.click(screen.getByRole('button', { name: 'Essential cookies only' }));
    expect(readCookie(CONSENT_COOKIES.categories)).toBe('essential');
    expect(hasConsent('analytics')).toBe(false);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('lets the visitor choose categories in the settings, by keyboard', async () => {
    const user = userEvent.setup();
    await renderInSite(<CookieNotice />);
    const toggle = screen.getByRole('button', { name: 'Cookie settings' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();

    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const analytics = screen.getByRole('checkbox', { name: 'Analytics cookies' });
    expect(analytics).not.toBeChecked();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Preference cookies' })).toHaveFocus();
    await user.tab();
    expect(analytics).toHaveFocus();
    await user.keyboard(' ');
    expect(analytics).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save my choices' }));

    expect(readCookie(CONSENT_COOKIES.categories)).toBe('essential,analytics');
    expect(readCookie(CONSENT_COOKIES.noticeClosed)).toBe('1');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('stays hidden once closed', async () => {
    document.cookie = `${CONSENT_COOKIES.noticeClosed}=1; Path=/`;
    await renderInSite(<CookieNotice />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('speaks German in Germany and links to the German privacy page', async () => {
    await renderInSite(<CookieNotice />, { country: 'de' });
    expect(screen.getByRole('region', { name: 'Cookies auf Pharmacy Champions' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Alle Cookies akzeptieren' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Datenschutzerklärung/ })).toHaveAttribute('href', '/datenschutz');
  });
});
