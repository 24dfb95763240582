// Issue 25 item 5: the applicant's status page, in the applicant's language, for each status, with
// the expected dates, what to do next, and the "link not valid" view; no axe violations.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { Country, Language } from '#shared/markets.ts';
import type { MyApplicationStatus } from '#shared/schemas/my-application.ts';
import { renderInSite } from '../../test/render.tsx';
import { json, stubApi } from '../../test/api-stub.tsx';
import { axeViolations } from '../../test/axe.ts';
import { MyApplicationPage } from './my-application-page.tsx';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const SUBMITTED: MyApplicationStatus = {
  status: 'submitted',
  reference: 'PC-7K3M9Q',
  submittedAt: '2026-11-02T10:00:00Z',
  decidedAt: null,
  clock: { dueBy: '2026-11-30', supportAfter: '2026-12-14', contactSupport: false },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderStatus(answer: MyApplicationStatus | null, country: Country = 'uk', language?: Language) {
  stubApi({ [`/api/my-application/${TOKEN}`]: () => (answer ? json({ status: 'ok', data: answer }) : json({ status: 'failed', message: 'not found' }, 404)) });
  return renderInSite(
    <Routes>
      <Route path="/my-application/:token" element={<MyApplicationPage />} />
    </Routes>,
    { country, language, route: `/my-application/${TOKEN}` },
  );
}

const row = (key: string) => screen.getByText(key, { selector: 'dt' }).parentElement!;

describe('/my-application/{token}', () => {
  it('says in English that the application was received, with the reference and the expected dates', async () => {
    await renderStatus(SUBMITTED);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your application…');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Your application' });
    // The page moves focus to its heading in an effect once the answer is shown.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe('Your application – Pharmacy Champions');
    expect(screen.getByText('Reference: PC-7K3M9Q')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Received' })).toBeInTheDocument();
    expect(screen.getByText(/We received your application on 2 November 2026/)).toBeInTheDocument();
    const stages = screen.getByRole('list', { name: 'Stages of your application' });
    expect(within(stages).getByText('Received').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(within(row('Decision expected')).getByText(/by about 30 November 2026/)).toBeInTheDocument();
    expect(within(row('No answer yet?')).getByText(/14 December 2026 \(6 weeks\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@example.com' })).toHaveAttribute('href', 'mailto:support@example.com');
    expect(screen.getByText(/quote your reference PC-7K3M9Q/)).toBeInTheDocument();
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(await axeViolations()).toEqual([]);
  });

  it("elides the Italian article before a day said with a vowel: entro l'8 gennaio, l'11 dicembre", async () => {
    // Six weeks after 27 November is 8 January; a decision on 11 December.
    await renderStatus(
      {
        ...SUBMITTED,
        submittedAt: '2026-11-27T10:00:00Z',
        clock: { dueBy: '2026-12-25', supportAfter: '2027-01-08', contactSupport: false },
        market: 'it',
        language: 'it',
      },
      'it',
    );
    expect(await screen.findByText(/Se entro l'8 gennaio 2027 \(6 settimane\) non avrà ricevuto notizie/)).toBeInTheDocument();
    expect(screen.queryByText(/il 8/)).toBeNull();
    expect(screen.getByText(/entro il 25 dicembre 2026 circa/)).toBeInTheDocument();
    cleanup();
    await renderStatus({ ...SUBMITTED, status: 'approved', decidedAt: '2026-12-11T10:00:00Z', market: 'it', language: 'it' }, 'it');
    expect(await screen.findByText(/La Sua candidatura è stata approvata l'11 dicembre 2026\./)).toBeInTheDocument();
  });

  it('says in Italian that a request for changes was made, and offers a new link to update', async () => {
    await renderStatus({ ...SUBMITTED, status: 'changes_requested', decidedAt: '2026-11-10T09:00:00Z', market: 'it', language: 'it' }, 'it');
    expect(await screen.findByRole('heading', { level: 1, name: 'La Sua candidatura' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Modifiche richieste' })).toBeInTheDocument();
    expect(screen.getByText(/Il 10 novembre 2026 Le abbiamo chiesto di modificare/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Inviami un nuovo link per aggiornare la candidatura' })).toHaveAttribute('href', '/update-link');
    expect(within(row('Data della richiesta')).getByText('10 novembre 2026')).toBeInTheDocument();
    expect(screen.getByText(/Codice di riferimento: PC-7K3M9Q/)).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('says in German that the application was approved, links the listing and says how long the page works', async () => {
    await renderStatus(
      {
        ...SUBMITTED,
        status: 'approved',
        decidedAt: '2026-11-20T09:00:00Z',
        linkExpiresAt: '2026-12-20T09:00:00Z',
        listingId: '0b7c4a52-8a3e-4d55-9d0f-6f0e3c1f2a11',
      },
      'de',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Ihre Bewerbung' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Angenommen' })).toBeInTheDocument();
    expect(screen.getByText(/wurde am 20. November 2026 angenommen/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ihren Eintrag in der Apothekensuche ansehen' })).toHaveAttribute(
      'href',
      '/finder/0b7c4a52-8a3e-4d55-9d0f-6f0e3c1f2a11',
    );
    expect(within(row('Diese Seite ist erreichbar bis')).getByText('20. Dezember 2026')).toBeInTheDocument();
    expect(screen.queryByText('Entscheidung voraussichtlich')).not.toBeInTheDocument();
    const stages = screen.getByRole('list', { name: 'Stand Ihrer Bewerbung' });
    expect(within(stages).getByText('Entscheidung').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(within(stages).getByText('Eingegangen').closest('li')).toHaveTextContent('(erledigt)');
    expect(await axeViolations()).toEqual([]);
  });

  it.each([
    {
      country: 'uk',
      language: 'en',
      words:
        'It is more than 6 weeks since you sent your application and we have not decided yet. Please write to support@example.com and quote your reference PC-7K3M9Q',
    },
    {
      country: 'it',
      language: 'it',
      words:
        "Sono passate più di 6 settimane dall'invio della Sua candidatura e non abbiamo ancora deciso. La preghiamo di scriverci a support@example.com indicando il codice di riferimento PC-7K3M9Q",
    },
    {
      country: 'de',
      language: 'de',
      words:
        'Seit dem Einreichen Ihrer Bewerbung sind mehr als 6 Wochen vergangen, und wir haben noch nicht entschieden. Bitte schreiben Sie uns an support@example.com und nennen Sie Ihre Referenznummer PC-7K3M9Q',
    },
  ] as const)('past 6 weeks, tells the applicant to write to support, with the address as a link: $language', async ({ country, language, words }) => {
    // Submitted 43 days ago (2 November to 15 December): the server says it is time to contact support.
    await renderStatus({ ...SUBMITTED, status: 'in_review', clock: { ...SUBMITTED.clock!, contactSupport: true }, market: country, language }, country);
    const status = await screen.findByRole('region', { name: /In review|In verifica|In Prüfung/ });
    expect(status).toHaveTextContent(words);
    expect(within(status).getByRole('link', { name: 'support@example.com' })).toHaveAttribute('href', 'mailto:support@example.com');
    expect(await axeViolations()).toEqual([]);
    cleanup();
    // Not before.
    await renderStatus({ ...SUBMITTED, status: 'in_review', market: country, language }, country);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(words.slice(0, 30));
  });

  it.each([
    ['in_review', 'In review', /A reviewer is checking your application now/],
    ['not_approved', 'Not approved', /we decided not to approve your application/],
    ['deactivated', 'Listing taken down', /your listing was taken down/],
  ] as const)('words the %s status plainly', async (status, title, body) => {
    await renderStatus({ ...SUBMITTED, status, decidedAt: status === 'in_review' ? null : '2026-11-20T09:00:00Z' });
    expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    expect(screen.getByText(body)).toBeInTheDocument();
  });

  it('shows the "link not valid" view for an unknown, expired or erased link, in the page\'s language', async () => {
    await renderStatus(null, 'de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dieser Link ist nicht mehr gültig' })).toBeInTheDocument();
    expect(screen.getByText(/funktioniert bis 30 Tage nach der Entscheidung/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Link zum Aktualisieren meiner Bewerbung senden' })).toHaveAttribute('href', '/update-link');
    expect(await axeViolations()).toEqual([]);
  });

  it('shows the error view when the server fails', async () => {
    stubApi({ [`/api/my-application/${TOKEN}`]: () => json({ status: 'failed' }, 500) });
    await renderInSite(
      <Routes>
        <Route path="/my-application/:token" element={<MyApplicationPage />} />
      </Routes>,
      { route: `/my-application/${TOKEN}` },
    );
    expect(await screen.findByRole('heading', { level: 1, name: /temporarily unavailable/i })).toBeInTheDocument();
  });
});
