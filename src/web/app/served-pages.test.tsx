// Pages rendered with what the server read for them (decision 0060): the status page, the data
// page and a listing's page show the data block beside the page in their first render, as the
// server's HTML does, set their title, and fetch nothing; another path than the data's fetches.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { MyDataExport } from '#shared/schemas/applicant-links.ts';
import type { FinderListing } from '#shared/schemas/finder.ts';
import type { MyApplicationStatus } from '#shared/schemas/my-application.ts';
import { renderInSite } from '../test/render.tsx';
import { json, stubApi } from '../test/api-stub.tsx';
import { fakeLeafletModule } from '../test/fakes.tsx';
import { MyApplicationPage } from '../features/my-application/my-application-page.tsx';
import { MyDataPage } from '../features/data-rights/my-data-page.tsx';
import { FinderListingPage } from '../features/finder/finder-listing-page.tsx';

vi.mock('../components/leaflet-map.tsx', () => fakeLeafletModule);

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const STATUS: MyApplicationStatus = { status: 'in_review', reference: 'PC-7K3M9Q', submittedAt: '2026-11-02T23:30:00Z', decidedAt: null };
const LISTING: FinderListing = {
  id: '5d1c9a3e-2b47-4f6e-9a0c-7e8f1b2c3d4e',
  pharmacyName: 'Boots Bold Street',
  address: '1 Bold Street, Liverpool L1 4DJ',
  lat: 53.4025,
  lng: -2.9805,
  services: 'Flu jabs',
  firstName: 'Priya',
  photoUrl: null,
  about: '',
  market: 'uk',
};
const DATA = {
  applications: [],
  fieldRecords: [],
  drafts: [],
  consents: [],
  otherSpellings: false,
  linkExpiresAt: '2026-11-27T10:00:00Z',
  emails: [{ to: 'anna@example.de', subject: 'Ihre Daten', text: '…', createdAt: '2026-11-20T10:00:00Z', sentAt: '2026-11-20T10:00:00Z' }],
} as unknown as MyDataExport;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.getElementById('page-data')?.remove();
});

/** The data block the server writes beside a page it rendered with data (routes/web.ts). */
function served(path: string, value: unknown) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'page-data';
  block.textContent = JSON.stringify({ path, value });
  document.body.append(block);
}

const routes = (
  <Routes>
    <Route path="/my-application/:token" element={<MyApplicationPage />} />
    <Route path="/my-data/:token" element={<MyDataPage />} />
    <Route path="/finder/:listingId" element={<FinderListingPage notFound={<h1>Not found here</h1>} />} />
  </Routes>
);

describe("a page rendered with the server's data", () => {
  it("the status page shows where the application stands at once, its dates in the market's own day", async () => {
    const { fetchMock } = stubApi();
    served(`/my-application/${TOKEN}`, STATUS);
    await renderInSite(routes, { country: 'it', route: `/my-application/${TOKEN}` });
    expect(screen.getByRole('heading', { level: 1, name: 'La Sua candidatura' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'In verifica' })).toBeInTheDocument();
    // 23:30 UTC on 2 November is 3 November in Rome, on the server as in any browser.
    expect(screen.getAllByText(/3 novembre 2026/).length).toBeGreaterThan(0);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(document.title).toBe('La Sua candidatura – Pharmacy Champions');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an unknown link shows the "link not valid" view with its own title', async () => {
    const { fetchMock } = stubApi();
    served(`/my-application/${TOKEN}`, 'notValid');
    await renderInSite(routes, { route: `/my-application/${TOKEN}` });
    expect(screen.getByRole('heading', { level: 1, name: 'This link is no longer valid' })).toBeInTheDocument();
    expect(document.title).toBe('This link is no longer valid – Pharmacy Champions');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the data page shows what is held at once', async () => {
    const { fetchMock } = stubApi();
    served(`/my-data/${TOKEN}`, DATA);
    await renderInSite(routes, { country: 'de', route: `/my-data/${TOKEN}` });
    expect(screen.getByRole('heading', { level: 1, name: 'Ihre Daten' })).toBeInTheDocument();
    expect(document.title).toBe('Ihre Daten – Pharmacy Champions');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a listing's page shows the pharmacy at once", async () => {
    const { fetchMock } = stubApi();
    served(`/finder/${LISTING.id}`, LISTING);
    await renderInSite(routes, { route: `/finder/${LISTING.id}` });
    expect(screen.getByRole('heading', { level: 1, name: /Boots Bold Street/ })).toBeInTheDocument();
    expect(document.title).toMatch(/Boots Bold Street.* – Pharmacy Champions$/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('data for another path is not used: the page fetches its own', async () => {
    const { fetchMock } = stubApi({ [`/api/my-application/${TOKEN}`]: () => json({ status: 'ok', data: { ...STATUS, status: 'submitted' } }) });
    served(`/finder/${LISTING.id}`, LISTING);
    await renderInSite(routes, { route: `/my-application/${TOKEN}` });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Received' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});
