import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInSite } from '../../test/render.tsx';
import { PrivacyPolicyPage } from './privacy-policy-page.tsx';
import { TermsPage } from './terms-page.tsx';

afterEach(cleanup);

function Site() {
  return (
    <Routes>
      <Route path="/" element={<Link to="/privacy-policy">Read the policy</Link>} />
      <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
      <Route path="/terms-and-conditions" element={<TermsPage />} />
    </Routes>
  );
}

async function contentsLinks() {
  const nav = await screen.findByRole('navigation', { name: /Contents|Indice|Inhalt/ });
  return within(nav).getAllByRole('link');
}

describe('PrivacyPolicyPage (UK)', () => {
  it('links every contents entry to a heading of the text', async () => {
    await renderInSite(<PrivacyPolicyPage />, { route: '/privacy-policy', settle: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy and cookies policy' })).toBeInTheDocument();
    const links = await contentsLinks();
    expect(links.length).toBeGreaterThanOrEqual(10);
    for (const link of links) {
      const id = link.getAttribute('href')!.replace(/^#/, '');
      const target = document.getElementById(id);
      expect(target, id).not.toBeNull();
      expect(target!.tagName).toBe('H2');
      expect(target).toHaveTextContent(link.textContent!);
    }
    expect(links.map((l) => l.textContent)).toContain('Cookies');
    expect(new Set(links.map((l) => l.getAttribute('href'))).size).toBe(links.length);
  });

  it('fills in the operator details, the cookie facts and the review date', async () => {
    await renderInSite(<PrivacyPolicyPage />, { route: '/privacy-policy', settle: true });
    await contentsLinks();
    expect(screen.getByText('Last reviewed 25/11/2026')).toBeInTheDocument();
    const text = document.querySelector('.legal__text')!;
    expect(text).toHaveTextContent('Example Health Ltd');
    expect(text).toHaveTextContent('1 Example Street, Liverpool L1 1AA');
    expect(text).toHaveTextContent('Companies House 01234567');
    expect(text).toHaveTextContent('GB123456789');
    expect(text.textContent).not.toContain('{{');
    expect(screen.getAllByRole('link', { name: 'dpo@example.com' })[0]).toHaveAttribute('href', 'mailto:dpo@example.com');
    expect(text).toHaveTextContent(/within one month/);
    expect(text).toHaveTextContent(/two further months/);
    expect(screen.getByRole('cell', { name: 'cookie_consent_categories' }).closest('tr')).toHaveTextContent('365 days');
    expect(screen.getByRole('cell', { name: 'cookie_notice_closed' }).closest('tr')).toHaveTextContent('365 days');
    expect(document.title).toBe('Privacy and cookies policy – Pharmacy Champions');
  });

  it('goes back to the previous page', async () => {
    await renderInSite(<Site />, { route: '/', settle: true });
    await userEvent.click(screen.getByRole('link', { name: 'Read the policy' }));
    await contentsLinks();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('link', { name: 'Read the policy' })).toBeInTheDocument();
  });

  it('goes home when there is no previous page', async () => {
    await renderInSite(<Site />, { route: '/privacy-policy', settle: true });
    await contentsLinks();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('link', { name: 'Read the policy' })).toBeInTheDocument();
  });

  it('follows the link to the terms inside the app', async () => {
    await renderInSite(<Site />, { route: '/privacy-policy', settle: true });
    await contentsLinks();
    // Awaited in act: the terms page suspends until its text has loaded (as the app's Suspense shows).
    await act(() => userEvent.click(screen.getByRole('link', { name: 'terms and conditions' })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeInTheDocument();
  });
});

describe('TermsPage (UK)', () => {
  it('shows the update date and the requirements of spec §1', async () => {
    await renderInSite(<TermsPage />, { route: '/terms-and-conditions', settle: true });
    const links = await contentsLinks();
    for (const link of links) expect(document.getElementById(link.getAttribute('href')!.slice(1))).not.toBeNull();
    expect(screen.getByText('Last updated 07/05/2021')).toBeInTheDocument();
    const text = document.querySelector('.legal__text')!;
    expect(text).toHaveTextContent(/at least 18 years old/);
    expect(text).toHaveTextContent(/shared publicly, including with patients/);
    expect(text).toHaveTextContent(/deactivate your credentials/);
    expect(text).toHaveTextContent(/about 4 weeks/);
    expect(text.textContent).not.toContain('{{');
  });
});

describe('Italian legal pages', () => {
  it('shows the Italian privacy policy with Indietro', async () => {
    await renderInSite(<PrivacyPolicyPage />, { country: 'it', route: '/privacy-policy', settle: true });
    const links = await contentsLinks();
    for (const link of links) expect(document.getElementById(link.getAttribute('href')!.slice(1))).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Informativa sulla privacy e sui cookie' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Indietro' })).toBeInTheDocument();
    expect(screen.getByText('Ultima revisione: 25/11/2026')).toBeInTheDocument();
    expect(document.querySelector('.legal__text')).toHaveTextContent(/Garante per la protezione dei dati personali/);
    expect(document.querySelector('.legal__text')!.textContent).not.toContain('{{');
  });

  it('shows the Italian terms with their date', async () => {
    await renderInSite(<TermsPage />, { country: 'it', route: '/terms-and-conditions', settle: true });
    await contentsLinks();
    expect(screen.getByText('Ultimo aggiornamento: 07/05/2021')).toBeInTheDocument();
    expect(document.querySelector('.legal__text')).toHaveTextContent(/corso Oncodemia/);
  });
});
