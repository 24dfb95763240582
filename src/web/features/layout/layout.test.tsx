import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInSite } from '../../test/render.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { SkipLink } from './skip-link.tsx';

afterEach(cleanup);

describe('Footer', () => {
  it('links to the privacy policy and terms, with the promotional code line, for English in the UK', async () => {
    await renderInSite(<Footer />, { country: 'uk' });
    expect(screen.getByRole('link', { name: 'Privacy and cookies policy' })).toHaveAttribute('href', '/privacy-policy');
    expect(screen.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/terms-and-conditions');
    expect(screen.getByText(/Promotional code: .* Date of preparation: July 2022/)).toBeInTheDocument();
  });

  it('has no promotional code line for another language in the UK market', async () => {
    await renderInSite(<Footer />, { country: 'uk', language: 'it', route: '/?lang=it' });
    expect(screen.queryByText(/PC-UK/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Informativa sulla privacy e sui cookie' })).toHaveAttribute('href', '/privacy-policy?lang=it');
  });

  it('has no promotional code line in Italy', async () => {
    await renderInSite(<Footer />, { country: 'it' });
    expect(screen.queryByText(/PC-UK/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Termini e condizioni' })).toHaveAttribute('href', '/terms-and-conditions');
  });

  it('links to the German legal pages in Germany, in German', async () => {
    await renderInSite(<Footer />, { country: 'de' });
    const nav = screen.getByRole('navigation', { name: 'Rechtliche Hinweise' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/nutzungsbedingungen', '/datenschutz', '/impressum', '/barrierefreiheit', '/my-data']);
    expect(screen.queryByText(/Aktionscode/)).not.toBeInTheDocument();
  });

  it('links to the German legal pages, Impressum included, on the German market in English and Italian', async () => {
    await renderInSite(<Footer />, { country: 'de', language: 'en', route: '/form/1?lang=en' });
    expect(screen.getByRole('link', { name: 'Legal notice (Impressum)' })).toHaveAttribute('href', '/impressum?lang=en');
    expect(screen.getByRole('link', { name: 'Privacy and cookies policy' })).toHaveAttribute('href', '/datenschutz?lang=en');
    expect(screen.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/nutzungsbedingungen?lang=en');
    cleanup();
    await renderInSite(<Footer />, { country: 'de', language: 'it', route: '/?lang=it' });
    expect(screen.getByRole('link', { name: 'Note legali (Impressum)' })).toHaveAttribute('href', '/impressum?lang=it');
    expect(screen.queryByRole('link', { name: 'Termini e condizioni' })).not.toBeInTheDocument();
  });
});

describe('Header', () => {
  it('links the product name home and marks the current language', async () => {
    await renderInSite(<Header />, { country: 'uk', route: '/privacy-policy' });
    expect(screen.getByRole('link', { name: 'Pharmacy Champions' })).toHaveAttribute('href', '/');
    const nav = screen.getByRole('navigation', { name: 'Language' });
    expect(within(nav).getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
    expect(within(nav).getByRole('link', { name: 'Italiano' })).toHaveAttribute('href', '/privacy-policy?lang=it');
    expect(within(nav).getByRole('link', { name: 'Deutsch' })).not.toHaveAttribute('aria-current');
  });

  it('keeps other query parameters when switching language', async () => {
    await renderInSite(<Header />, { country: 'it', language: 'en', route: '/form?pharmacistId=abc&lang=en' });
    expect(screen.getByRole('link', { name: 'Italiano' })).toHaveAttribute('href', '/form?pharmacistId=abc&lang=it');
    expect(screen.getByRole('link', { name: 'Pharmacy Champions' })).toHaveAttribute('href', '/?lang=en');
  });
});

describe('SkipLink', () => {
  it('jumps to the main content', async () => {
    await renderInSite(<SkipLink />, { country: 'de' });
    expect(screen.getByRole('link', { name: 'Zum Hauptinhalt springen' })).toHaveAttribute('href', '#main');
  });
});
