import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { renderInSite } from '../../test/render.tsx';
import { ThankYouPage } from './thank-you-page.tsx';
import { EditRedirectPage } from './edit-redirect-page.tsx';

afterEach(cleanup);

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

describe('ThankYouPage', () => {
  it('thanks, says the application is in review, and when to contact support', async () => {
    await renderInSite(<ThankYouPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you' })).toHaveFocus();
    expect(screen.getByText('Your application has been submitted.')).toBeInTheDocument();
    expect(screen.getByText(/reviewing it/i)).toBeInTheDocument();
    expect(screen.getByText(/about 4 weeks/i)).toHaveTextContent(/e-mail you/i);
    expect(screen.getByText(/after 6 weeks/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@example.com' })).toHaveAttribute('href', 'mailto:support@example.com');
    expect(document.title).toBe('Application submitted – Pharmacy Champions');
  });

  it('speaks German', async () => {
    await renderInSite(<ThankYouPage />, { country: 'de' });
    expect(screen.getByRole('heading', { level: 1, name: 'Vielen Dank' })).toBeInTheDocument();
    expect(screen.getByText(/nach 6 Wochen/)).toBeInTheDocument();
  });

  it.each([
    ['uk', 'Your reference is PC-7K3M9Q. We have also sent it to you by e-mail; please quote it if you contact us.'],
    ['it', 'Il Suo codice di riferimento è PC-7K3M9Q. Glielo abbiamo inviato anche via email: La preghiamo di indicarlo se ci contatta.'],
    ['de', 'Ihre Referenznummer lautet PC-7K3M9Q. Wir haben sie Ihnen auch per E-Mail geschickt; bitte geben Sie sie an, wenn Sie sich an uns wenden.'],
  ] as const)('shows the reference the form handed over (%s)', async (country, sentence) => {
    await renderInSite(<ThankYouPage />, { country, route: '/thank-you', state: { reference: 'PC-7K3M9Q' } });
    const reference = screen.getByText('PC-7K3M9Q');
    expect(reference.tagName).toBe('STRONG');
    expect(reference.parentElement).toHaveTextContent(sentence);
  });

  it('says nothing about a reference when there is none (an edit of an older application)', async () => {
    await renderInSite(<ThankYouPage />);
    expect(screen.queryByText(/reference/i)).not.toBeInTheDocument();
  });
});

describe('EditRedirectPage', () => {
  const routes = (
    <Routes>
      <Route path="/pharmacist/edit/:id" element={<EditRedirectPage />} />
      <Route path="/form" element={<Where />} />
      <Route path="/areamanager/form" element={<Where />} />
    </Routes>
  );

  it('forwards to the form with pharmacistId, keeping ?lang', async () => {
    await renderInSite(routes, { route: '/pharmacist/edit/AbCdEfGhIjKlMnOpQrStUv?lang=en' });
    expect(screen.getByTestId('where')).toHaveTextContent('/form?pharmacistId=AbCdEfGhIjKlMnOpQrStUv&lang=en');
  });

  it('forwards the Italian area-manager variant to its form', async () => {
    await renderInSite(routes, { route: '/pharmacist/edit/abc', country: 'it', mode: 'areamanager' });
    expect(screen.getByTestId('where')).toHaveTextContent('/areamanager/form?pharmacistId=abc');
  });
});
