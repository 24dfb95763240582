// /finder/{listingId} (issue 25 item 9): the listing's card, directions in the maps app, a way back
// to the finder; the not-found view for an id that is not listed; axe-clean in each language.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { Country } from '#shared/markets.ts';
import type { FinderListing } from '#shared/schemas/finder.ts';
import { renderInSite } from '../../test/render.tsx';
import { json, stubApi } from '../../test/api-stub.tsx';
import { axeViolations } from '../../test/axe.ts';
import { fakeLeafletModule } from '../../test/fakes.tsx';
import { FinderListingPage } from './finder-listing-page.tsx';

vi.mock('../../components/leaflet-map.tsx', () => fakeLeafletModule);

const LISTING: FinderListing = {
  id: '5d1c9a3e-2b47-4f6e-9a0c-7e8f1b2c3d4e',
  pharmacyName: 'Boots Bold Street',
  address: '1 Bold Street, Liverpool L1 4DJ',
  lat: 53.4025,
  lng: -2.9805,
  services: 'Flu jabs, Blood pressure checks',
  firstName: 'Priya',
  photoUrl: '/files/photos/a.jpg',
  about: 'Ten years in community pharmacy.',
  market: 'uk',
};

async function renderListing(id: string, country: Country = 'uk') {
  await renderInSite(
    <Routes>
      <Route path="/finder/:listingId" element={<FinderListingPage notFound={<h1>Not found here</h1>} />} />
    </Routes>,
    { country, route: `/finder/${id}` },
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FinderListingPage', () => {
  it('shows the listing with its services as chips, directions to the pharmacy in the maps app, and the way back', async () => {
    const { calls } = stubApi({ [`/api/v1/finder/listings/${LISTING.id}`]: () => json({ status: 'ok', data: LISTING }) });
    await renderListing(LISTING.id);
    const card = await screen.findByRole('article', { name: 'Boots Bold Street' });
    expect(within(card).getByRole('heading', { level: 1, name: 'Boots Bold Street' })).toBeInTheDocument();
    expect(within(card).getByText('1 Bold Street, Liverpool L1 4DJ')).toBeInTheDocument();
    expect(within(card).getByText('Cancer champion: Priya')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Photo of Priya' })).toHaveAttribute('src', '/files/photos/a.jpg');
    expect(
      within(within(card).getByRole('list', { name: 'Services' }))
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Flu jabs', 'Blood pressure checks']);
    expect(within(card).getByText('Ten years in community pharmacy.')).toBeInTheDocument();

    const directions = screen.getByRole('link', { name: 'Directions' });
    expect(directions).toHaveAttribute('href', 'https://www.google.com/maps/dir/?api=1&destination=53.402500,-2.980500');
    expect(directions).toHaveAccessibleDescription('Opens your maps app with the way to the pharmacy.');
    expect(screen.getByRole('link', { name: 'Back to the finder' })).toHaveAttribute('href', '/finder');
    expect(await screen.findByRole('region', { name: 'Map of the pharmacy' })).toBeInTheDocument();
    expect(document.title).toBe('Boots Bold Street: cancer champion pharmacy – Pharmacy Champions');
    expect(calls.map((c) => c.path)).toContain(`/api/v1/finder/listings/${LISTING.id}`);
    expect(await axeViolations()).toEqual([]);
  });

  it('shows the not-found view for an id that is not listed', async () => {
    stubApi();
    await renderListing('0b7c4a52-8a3e-4d55-9d0f-6f0e3c1f2a11');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found here' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Directions' })).toBeNull();
  });

  it('says so when the listing cannot be loaded', async () => {
    stubApi({ [`/api/v1/finder/listings/${LISTING.id}`]: () => json({ status: 'failed' }, 500) });
    await renderListing(LISTING.id);
    expect(await screen.findByRole('heading', { level: 1, name: "Sorry, we couldn't load this pharmacy. Please try again." })).toBeInTheDocument();
  });

  it('speaks Italian and German', async () => {
    stubApi({ [`/api/v1/finder/listings/${LISTING.id}`]: () => json({ status: 'ok', data: { ...LISTING, market: 'it' } }) });
    await renderListing(LISTING.id, 'it');
    expect(await screen.findByRole('link', { name: 'Indicazioni stradali' })).toBeInTheDocument();
    expect(screen.getByText('Farmacista di riferimento: Priya')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Torna alla ricerca' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    cleanup();

    stubApi({ [`/api/v1/finder/listings/${LISTING.id}`]: () => json({ status: 'ok', data: { ...LISTING, market: 'de' } }) });
    await renderListing(LISTING.id, 'de');
    expect(await screen.findByRole('link', { name: 'Route' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Leistungen' })).toBeInTheDocument();
    // The German map waits for consent, as the finder's does.
    expect(screen.getByRole('region', { name: 'Karte der Apotheke' })).toHaveTextContent('Möchten Sie die Karte laden?');
    expect(await axeViolations()).toEqual([]);
  });
});
