import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import axe from 'axe-core';
import type { MyDataExport } from '#shared/schemas/applicant-links.ts';
import { renderInSite } from '../../test/render.tsx';
import { json, stubApi } from '../../test/api-stub.tsx';
import { DataRightsRequestPage } from '../../forms/link-request-page.tsx';
import { MyDataPage } from './my-data-page.tsx';
import { LinkSentPage } from './link-sent-page.tsx';

vi.mock('../../components/altcha-widget.tsx', async () => (await import('../../test/fakes.tsx')).fakeAltchaModule);

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const DATA: MyDataExport = {
  applications: [
    {
      id: 'a1',
      reference: 'PC-7K3M9Q',
      status: 'submitted',
      statusLinkTokenHash: null,
      listingId: '5d1c9a3e-2b47-4f6e-9a0c-7e8f1b2c3d4e',
      country: 'de',
      language: 'de',
      email: 'anna@example.de',
      firstName: 'Anna',
      lastName: 'Müller',
      registrationBody: 'Apothekerkammer Berlin',
      registrationNumber: '12345',
      submittedAt: '2026-11-01T10:00:00Z',
      updatedAt: '2026-11-01T10:00:00Z',
      answers: { whereYouWork: 'Linden-Apotheke' },
      pharmacy: { name: 'Linden-Apotheke', address: 'Unter den Linden 1, 10117 Berlin' },
      files: [{ kind: 'photo', mime: 'image/jpeg', bytes: 1000, uploadedAt: '2026-11-01T10:00:00Z' }],
      signedInField: false,
      answersAtChangeRequests: [],
      reviewHistory: [],
    },
  ],
  fieldRecords: [],
  drafts: [],
  emails: [{ to: 'anna@example.de', subject: 'Ihre Daten', text: '…', createdAt: '2026-11-20T10:00:00Z', sentAt: '2026-11-20T10:00:00Z' }],
  consents: [],
  otherSpellings: false,
  accesses: [],
  linkExpiresAt: '2026-11-27T10:00:00Z',
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

const noAxeViolations = async () => {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  expect(result.violations.map((v) => v.id)).toEqual([]);
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/my-data (the request form, a catalogue entry)', () => {
  it('sends the e-mail with its own bot check and the market prefix, then says to check the inbox', async () => {
    const api = stubApi({ '/api/data-rights/request': () => json({ status: 'ok' }) });
    const user = userEvent.setup();
    await renderInSite(
      <Routes>
        <Route path="/my-data" element={<DataRightsRequestPage />} />
        <Route path="/link-sent" element={<Where />} />
      </Routes>,
      { country: 'it', route: '/my-data', site: { basePath: '/it' } },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Visualizzi o cancelli i Suoi dati' })).toBeInTheDocument();
    await noAxeViolations();
    await user.type(screen.getByRole('textbox', { name: /indirizzo email/i }), 'giulia@example.it');
    await user.click(await screen.findByRole('button', { name: /solve bot check/i }));
    await user.click(screen.getByRole('button', { name: 'Inviami il link' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/link-sent'));
    expect(api.bodyOf('/api/data-rights/request')).toMatchObject({ email: 'giulia@example.it', basePath: '/it', recaptchaToken: expect.any(String) });
  });

  it('the "check your e-mail" page names the support address', async () => {
    await renderInSite(<LinkSentPage />, { route: '/link-sent' });
    expect(screen.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@example.com' })).toHaveAttribute('href', 'mailto:support@example.com');
    await noAxeViolations();
  });
});

describe('/my-data/{token}', () => {
  const renderMyData = () =>
    renderInSite(
      <Routes>
        <Route path="/my-data/:token" element={<MyDataPage />} />
      </Routes>,
      { country: 'de', route: `/my-data/${TOKEN}` },
    );

  it('shows the data, and erases it only after a confirmation', async () => {
    const api = stubApi({
      [`/api/data-rights/${TOKEN}`]: () => json({ status: 'ok', data: DATA }),
      [`/api/data-rights/${TOKEN}/erase`]: () => json({ status: 'ok' }),
    });
    const user = userEvent.setup();
    await renderMyData();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ihre Daten' })).toBeInTheDocument();
    expect(screen.getByText('anna@example.de')).toBeInTheDocument();
    expect(screen.getByText(/bis zum 27\. November 2026/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Meine Daten herunterladen' })).toBeInTheDocument();
    expect(screen.queryByText(/anderen Schreibweise/)).not.toBeInTheDocument();
    await noAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Meine Daten löschen' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Sind Sie sicher?' })).toHaveFocus());
    await noAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(api.calls.some((c) => c.path.endsWith('/erase'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Meine Daten löschen' }));
    await user.click(screen.getByRole('button', { name: 'Ja, meine Daten löschen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ihre Daten wurden gelöscht' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.endsWith('/erase')).map((c) => c.method)).toEqual(['POST']);
  });

  it('shows what the field team recorded about a pharmacist and whether they confirmed', async () => {
    const fieldOnly: MyDataExport = {
      ...DATA,
      applications: [],
      fieldRecords: [
        {
          id: 'f1',
          pharmacyName: 'Farmacia Porta Pia',
          address: 'Via Nomentana 1, Roma',
          recordedAt: '2026-11-20T10:00:00Z',
          status: 'awaiting',
          confirmedAt: null,
          answers: { email: 'maria@example.it', firstName: 'Maria', lastName: 'Verdi' },
          visitNotes: [],
        },
      ],
    };
    stubApi({ [`/api/data-rights/${TOKEN}`]: () => json({ status: 'ok', data: fieldOnly }) });
    await renderMyData();
    expect(await screen.findByRole('heading', { level: 2, name: 'Von unserem Außendienst erfasst' })).toBeInTheDocument();
    expect(screen.getByText('Maria Verdi')).toBeInTheDocument();
    expect(screen.getByText('Farmacia Porta Pia, Via Nomentana 1, Roma')).toBeInTheDocument();
    expect(screen.getByText('Noch nicht bestätigt')).toBeInTheDocument();
    await noAxeViolations();
  });

  it('says in one sentence that records under another spelling of the address have a link of their own', async () => {
    stubApi({ [`/api/data-rights/${TOKEN}`]: () => json({ status: 'ok', data: { ...DATA, otherSpellings: true } }) });
    await renderMyData();
    expect(
      await screen.findByText(
        'Daten zu einer anderen Schreibweise dieser E-Mail-Adresse (etwa mit einem „+“ und einem Zusatz) werden hier weder angezeigt noch gelöscht: An diese Adresse haben wir einen eigenen Link gesendet.',
      ),
    ).toBeInTheDocument();
    await noAxeViolations();
  });

  it('says an unknown or expired link is no longer valid and offers a new one', async () => {
    stubApi({ [`/api/data-rights/${TOKEN}`]: () => json({ status: 'failed', message: 'not found' }, 404) });
    await renderMyData();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dieser Link ist nicht mehr gültig' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Neuen Link senden' })).toHaveAttribute('href', '/my-data');
    await noAxeViolations();
  });
});
