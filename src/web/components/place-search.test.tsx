import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInSite } from '../test/render.tsx';
import { PlaceSearch } from './place-search.tsx';

vi.mock('./leaflet-map.tsx', async () => (await import('../test/fakes.tsx')).fakeLeafletModule);

const MAP = { marker: null, tilesUrl: '', attribution: '', label: 'Map of your pharmacy' };

const PLACES = [
  { placeId: 'p1', name: 'Boots Bold Street', address: '1 Bold Street, Liverpool', lat: 53.4, lng: -2.98 },
  { placeId: 'p2', name: 'Corner Pharmacy', address: '9 Lark Lane, Liverpool', lat: 53.38, lng: -2.94 },
];

function stubSearch(data: unknown[] | 'fail') {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    void input;
    if (data === 'fail') return new Response('', { status: 503 });
    return new Response(JSON.stringify({ status: 'ok', data }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function setup() {
  const onSelect = vi.fn();
  const user = userEvent.setup();
  await renderInSite(<PlaceSearch id="placeId" label="Find your pharmacy" market="uk" onSelect={onSelect} map={MAP} />);
  return { user, onSelect, box: screen.getByRole('combobox', { name: 'Find your pharmacy' }) };
}

describe('PlaceSearch', () => {
  it('searches after two characters and chooses with the keyboard', async () => {
    const fetchMock = stubSearch(PLACES);
    const { user, onSelect, box } = await setup();
    await user.type(box, 'B');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(box, 'o');
    const listbox = await screen.findByRole('listbox');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/places/search?q=Bo&market=uk');
    expect(screen.getAllByRole('option')).toHaveLength(2);
    expect(listbox).toBeVisible();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', 'placeId-option-1');
    expect(screen.getByRole('option', { name: /corner pharmacy/i })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', 'placeId-option-0');
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(PLACES[1]));
    expect(box).toHaveValue('Corner Pharmacy');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('debounces typing into one search', async () => {
    const fetchMock = stubSearch(PLACES);
    const { user, box } = await setup();
    await user.type(box, 'Liverpool');
    await screen.findByRole('listbox');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape and chooses with a click', async () => {
    stubSearch(PLACES);
    const { user, onSelect, box } = await setup();
    await user.type(box, 'Bo');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('option', { name: /boots bold street/i }));
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(PLACES[0]));
  });

  it('says when there are no results, and when search fails', async () => {
    stubSearch([]);
    const { user, box } = await setup();
    await user.type(box, 'Nowhere');
    expect(await screen.findByText('No results found', { selector: '[role=status]' })).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    cleanup();
    stubSearch('fail');
    const second = await setup();
    await second.user.type(second.box, 'Nowhere');
    expect(await screen.findByText(/search is not available/i, { selector: '[role=status]' })).toBeInTheDocument();
  });

  it('shows the chosen place and the error', async () => {
    stubSearch([]);
    await renderInSite(
      <PlaceSearch
        id="placeId"
        label="Find your pharmacy"
        market="uk"
        error="Required"
        chosen={{ name: 'Boots', address: '1 Bold Street' }}
        onSelect={() => {}}
        map={MAP}
      />,
    );
    const box = screen.getByRole('combobox', { name: 'Find your pharmacy' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Error: Required Chosen: Boots, 1 Bold Street');
  });
});

describe("PlaceSearch: can't find your pharmacy", () => {
  function stubGeocode(answer: { status: number; body?: unknown }) {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      void input;
      return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status });
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  async function openManual() {
    const context = await setup();
    const toggle = screen.getByRole('button', { name: "Can't find your pharmacy? Enter its address" });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await context.user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const address = await screen.findByRole('textbox', { name: 'Pharmacy address' });
    expect(address).toHaveFocus();
    return { ...context, toggle, address };
  }

  it('places a typed address on the map and confirms it by keyboard alone', async () => {
    const fetchMock = stubGeocode({ status: 200, body: { status: 'ok', data: { lat: 53.8008, lng: -1.5491, label: 'Leeds', match: 'town', demo: true } } });
    const { user, onSelect, box, address } = await openManual();
    await user.type(address, '  12 Briggate, Leeds LS1 6HD {Enter}');
    expect(await screen.findByText(/does not look addresses up, so the pin is in the centre of Leeds/, { selector: '[role=status]' })).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/places/geocode?address=12+Briggate%2C+Leeds+LS1+6HD&market=uk');
    const map = screen.getByRole('region', { name: 'Map of your pharmacy' });
    expect(map).toHaveTextContent('marker at 53.8008,-1.5491');
    expect(map).toHaveAttribute('data-zoom', '13');
    expect(onSelect).not.toHaveBeenCalled(); // Enter found the address; it did not submit anything
    await user.tab(); // Find on the map
    await user.tab(); // the map's stand-in click button
    await user.tab();
    expect(screen.getByRole('button', { name: 'Use this position' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith({
      placeId: expect.stringMatching(/^manual:[0-9a-f]{32}$/),
      name: '',
      address: '12 Briggate, Leeds LS1 6HD',
      lat: 53.8008,
      lng: -1.5491,
    });
    expect(screen.queryByRole('textbox', { name: 'Pharmacy address' })).not.toBeInTheDocument();
    expect(box).toHaveFocus();
  });

  it('uses the position where the applicant moved the pin', async () => {
    stubGeocode({
      status: 200,
      body: { status: 'ok', data: { lat: 53.4084, lng: -2.9916, label: '12 Bold Street, Liverpool', match: 'address', demo: false } },
    });
    const { user, onSelect, address } = await openManual();
    await user.type(address, '12 Bold Street, Liverpool');
    await user.click(screen.getByRole('button', { name: 'Find on the map' }));
    expect(await screen.findByText(/The pin is at: 12 Bold Street, Liverpool\./, { selector: '[role=status]' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Map of your pharmacy' })).toHaveAttribute('data-zoom', '18');
    await user.click(screen.getByRole('button', { name: 'Click the map at 53.5,-2.9' }));
    expect(screen.getByText(/Pin moved/, { selector: '[role=status]' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use this position' }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ address: '12 Bold Street, Liverpool', lat: 53.5, lng: -2.9 }));
  });

  it('says what is wrong, in the page language, without calling onSelect', async () => {
    const fetchMock = stubGeocode({ status: 404, body: { status: 'failed', message: 'not found' } });
    const { user, onSelect, address } = await openManual();
    await user.click(screen.getByRole('button', { name: 'Use this position' }));
    expect(address).toHaveAccessibleDescription(/Error: Enter the pharmacy's address/);
    expect(address).toHaveFocus();
    await user.type(address, 'ab{Enter}');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(address, 'c Nowhere Lane{Enter}');
    await waitFor(() => expect(address).toHaveAccessibleDescription(/Error: We could not find this address/));
    await user.click(screen.getByRole('button', { name: 'Use this position' }));
    expect(address).toHaveAccessibleDescription(/Error: Find the address on the map first/);
    stubGeocode({ status: 503, body: { status: 'failed', message: 'errorsGlobal.temporarilyUnavailableService' } });
    await user.click(screen.getByRole('button', { name: 'Find on the map' }));
    await waitFor(() => expect(address).toHaveAccessibleDescription(/Error: Address search is not available/));
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('cancels back to the toggle, and speaks Italian on an Italian page', async () => {
    stubGeocode({ status: 404 });
    const { user, toggle } = await openManual();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Pharmacy address' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
    cleanup();
    await renderInSite(<PlaceSearch id="placeId" label="Trovi la Sua farmacia" market="it" onSelect={() => {}} map={MAP} />, { country: 'it' });
    await userEvent.setup().click(screen.getByRole('button', { name: "Non trova la Sua farmacia? Inserisca l'indirizzo" }));
    expect(screen.getByRole('textbox', { name: 'Indirizzo della farmacia' })).toBeInTheDocument();
  });
});
