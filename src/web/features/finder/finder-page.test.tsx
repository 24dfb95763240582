import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FINDER_PAGE_SIZE, type FinderPharmacy } from '#shared/schemas/finder.ts';
import { renderInSite } from '../../test/render.tsx';
import { json, stubApi, type Handler } from '../../test/api-stub.tsx';
import { fakeLeafletModule } from '../../test/fakes.tsx';
import { axeViolations } from '../../test/axe.ts';
import { Route, Routes } from 'react-router';
import { FinderListingPage } from './finder-listing-page.tsx';
import { FinderPage } from './finder-page.tsx';

vi.mock('../../components/leaflet-map.tsx', () => fakeLeafletModule);

const pharmacy = (n: number, extra: Partial<FinderPharmacy> = {}): FinderPharmacy => ({
  id: `id-${n}`,
  pharmacyName: `Pharmacy ${n}`,
  address: `${n} Bold Street, Liverpool`,
  lat: 53.4 + n / 1000,
  lng: -2.99,
  distanceKm: n * 1.25,
  services: 'Flu jabs',
  firstName: `Name${n}`,
  photoUrl: null,
  about: '',
  market: 'uk',
  ...extra,
});

const page = (items: FinderPharmacy[], total = items.length, number = 1) =>
  json({ status: 'ok', data: items, total, page: number, pageSize: FINDER_PAGE_SIZE });

function stubLocation(result: { lat: number; lng: number } | { code: number }) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail: PositionErrorCallback) => {
    if ('code' in result) fail({ code: result.code, message: 'no', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
    else ok({ coords: { latitude: result.lat, longitude: result.lng } } as GeolocationPosition);
  });
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

let finderCalls: URL[] = [];
const finder = (answer: (url: URL) => Response | Promise<Response>): Record<string, Handler> => ({
  '/api/v1/finder/pharmacies': (url) => {
    finderCalls.push(url);
    return answer(url);
  },
});

beforeEach(() => {
  finderCalls = [];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FinderPage', () => {
  it("asks where from, then lists the pharmacies near the visitor's location, nearest first, and marks them on the map", async () => {
    stubLocation({ lat: 53.4, lng: -2.99 });
    stubApi(
      finder(() =>
        page([
          pharmacy(1, { photoUrl: '/files/photos/a.jpg', about: 'Happy to help.', services: 'Flu jabs, blood pressure checks; stop smoking' }),
          pharmacy(2),
        ]),
      ),
    );
    await renderInSite(<FinderPage />, { route: '/finder' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a cancer champion pharmacy' })).toBeInTheDocument();
    expect(screen.getByText('Use your location or search for a place to see pharmacies nearby.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText('2 pharmacies within 25 km of your location')).toBeInTheDocument();
    expect(finderCalls[0]!.searchParams.toString()).toBe('market=uk&lat=53.400000&lng=-2.990000&radiusKm=25&page=1');
    const items = within(screen.getByRole('list', { name: 'Pharmacies near you' })).getAllByRole('article');
    expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual(['Pharmacy 1', 'Pharmacy 2']);
    expect(items[0]).toHaveAccessibleName('Pharmacy 1');
    expect(within(items[0]!).getByText('1.3 km away')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Cancer champion: Name1')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Happy to help.')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('img', { name: 'Photo of Name1' })).toHaveAttribute('src', '/files/photos/a.jpg');
    // Services as chips; the name opens the listing's own page.
    const chips = within(items[0]!).getByRole('list', { name: 'Services' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Flu jabs', 'blood pressure checks', 'stop smoking']);
    expect(within(items[0]!).getByRole('link', { name: 'Pharmacy 1' })).toHaveAttribute('href', '/finder/id-1');
    expect(screen.getByRole('region', { name: 'Map of the pharmacies found' })).toHaveTextContent('Pharmacy 1, Pharmacy 2');
    expect(await axeViolations()).toEqual([]);
  });

  it('filters by a service keyword, says in words when no pharmacy offers it, and clears the filter', async () => {
    stubLocation({ lat: 53.4, lng: -2.99 });
    stubApi(finder((url) => (url.searchParams.get('service') ? page([]) : page([pharmacy(1), pharmacy(2)]))));
    await renderInSite(<FinderPage />, { route: '/finder' });
    await userEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText('2 pharmacies within 25 km of your location')).toBeInTheDocument();
    expect(finderCalls[0]!.searchParams.has('service')).toBe(false);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Service' }), 'vaccines{Enter}');
    expect(
      await screen.findByText('No listed pharmacy within 25 km of your location offers “vaccines”. Try another word, a greater distance, or clear the filter.'),
    ).toBeInTheDocument();
    expect(finderCalls.at(-1)!.searchParams.get('service')).toBe('vaccines');
    expect(screen.getByText(/Showing pharmacies offering “vaccines”\./)).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
    expect(await axeViolations()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Clear the filter' }));
    expect(await screen.findByText('2 pharmacies within 25 km of your location')).toBeInTheDocument();
    expect(finderCalls.at(-1)!.searchParams.has('service')).toBe(false);
    expect(screen.getByRole('searchbox', { name: 'Service' })).toHaveValue('');
  });

  it('says so when the visitor does not allow their location, and when the browser cannot find it', async () => {
    stubApi(finder(() => page([])));
    stubLocation({ code: 1 });
    await renderInSite(<FinderPage />, { route: '/finder' });
    await userEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText(/You haven't allowed this site to use your location/)).toBeInTheDocument();
    stubLocation({ code: 2 });
    await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText("We couldn't find your location. Please search for a place instead.")).toBeInTheDocument();
    expect(finderCalls).toHaveLength(0);
  });

  it('searches around a place chosen in the place search, and says when nothing is listed there', async () => {
    stubApi(finder(() => page([])));
    await renderInSite(<FinderPage />, { route: '/finder' });
    await userEvent.type(await screen.findByRole('combobox', { name: 'Search for a place' }), 'Bold');
    await userEvent.click(await screen.findByRole('option', { name: /Boots Bold Street/ }));
    expect(await screen.findByText('There are no listed pharmacies within 25 km of Boots Bold Street. Try a greater distance.')).toBeInTheDocument();
    expect(finderCalls[0]!.searchParams.get('lat')).toBe('53.402500');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Distance' }), '50');
    await waitFor(() => expect(finderCalls.at(-1)!.searchParams.get('radiusKm')).toBe('50'));
    expect(await screen.findByText('There are no listed pharmacies within 50 km of Boots Bold Street. Try a greater distance.')).toBeInTheDocument();
  });

  it('shows an error with a way to try again', async () => {
    let fail = true;
    stubApi(finder(() => (fail ? json({ status: 'failed' }, 500) : page([pharmacy(1)]))));
    stubLocation({ lat: 53.4, lng: -2.99 });
    await renderInSite(<FinderPage />, { route: '/finder' });
    await userEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Sorry, we couldn't load the pharmacies. Please try again.");
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 pharmacy within 25 km of your location')).toBeInTheDocument();
  });

  it('shows the next page under the first when asked', async () => {
    const all = Array.from({ length: FINDER_PAGE_SIZE + 3 }, (_, i) => pharmacy(i + 1));
    stubApi(
      finder((url) =>
        url.searchParams.get('page') === '2' ? page(all.slice(FINDER_PAGE_SIZE), all.length, 2) : page(all.slice(0, FINDER_PAGE_SIZE), all.length),
      ),
    );
    stubLocation({ lat: 53.4, lng: -2.99 });
    await renderInSite(<FinderPage />, { route: '/finder' });
    await userEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(await screen.findAllByRole('article')).toHaveLength(FINDER_PAGE_SIZE);
    await userEvent.click(screen.getByRole('button', { name: 'Show more pharmacies' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(all.length));
    expect(screen.queryByRole('button', { name: 'Show more pharmacies' })).toBeNull();
  });

  it('speaks Italian on the Italian market', async () => {
    stubApi(finder(() => page([pharmacy(1, { market: 'it' })])));
    stubLocation({ lat: 41.9, lng: 12.5 });
    await renderInSite(<FinderPage />, { country: 'it', route: '/finder' });
    await userEvent.click(await screen.findByRole('button', { name: 'Usa la mia posizione' }));
    expect(await screen.findByText('1 farmacia entro 25 km dalla Sua posizione')).toBeInTheDocument();
    expect(screen.getByText('a 1,3 km')).toBeInTheDocument();
    expect(finderCalls[0]!.searchParams.get('market')).toBe('it');
  });

  it('loads the German map only after the visitor agrees, and speaks German', async () => {
    stubApi(finder(() => page([pharmacy(1, { market: 'de' })])));
    stubLocation({ lat: 52.52, lng: 13.4 });
    await renderInSite(<FinderPage />, { country: 'de', route: '/finder', site: { mapTilesUrl: 'https://tiles.example.org/{z}/{x}/{y}.png' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Meinen Standort verwenden' }));
    expect(await screen.findByText('1 Apotheke im Umkreis von 25 km um Ihren Standort')).toBeInTheDocument();
    expect(screen.getByText('1,3 km entfernt')).toBeInTheDocument();
    const consent = screen.getByRole('region', { name: 'Karte der gefundenen Apotheken' });
    expect(consent).toHaveTextContent('Möchten Sie die Karte laden?');
    await userEvent.click(within(consent).getByRole('button', { name: 'Karte laden' }));
    expect(await screen.findByText(/and Pharmacy 1/)).toBeInTheDocument();
  });
});

describe('FinderPage and a listing’s page', () => {
  it('opens a listing from the results, and Back from it shows the same results again', async () => {
    stubLocation({ lat: 53.4, lng: -2.99 });
    const listed = pharmacy(1, { id: '5d1c9a3e-2b47-4f6e-9a0c-7e8f1b2c3d4e' });
    stubApi({
      ...finder((url) => (url.searchParams.get('service') === 'flu' ? page([listed]) : page([listed, pharmacy(2)]))),
      [`/api/v1/finder/listings/${listed.id}`]: () => json({ status: 'ok', data: listed }),
    });
    await renderInSite(
      <Routes>
        <Route path="/finder" element={<FinderPage />} />
        <Route path="/finder/:listingId" element={<FinderListingPage notFound={null} />} />
      </Routes>,
      { route: '/finder' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Distance' }), '50');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Service' }), 'flu{Enter}');
    expect(await screen.findByText('1 pharmacy within 50 km of your location')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Pharmacy 1' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pharmacy 1' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to the finder' }));
    expect(await screen.findByText('1 pharmacy within 50 km of your location')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Distance' })).toHaveValue('50');
    expect(screen.getByRole('searchbox', { name: 'Service' })).toHaveValue('flu');
    expect(finderCalls.at(-1)!.searchParams.get('service')).toBe('flu');
  });
});
