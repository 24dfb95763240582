import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInSite } from '../test/render.tsx';
import { PlaceSearch } from './place-search.tsx';

vi.mock('./leaflet-map.tsx', async () => (await import('./test-fakes.tsx')).fakeLeafletModule);

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
    await renderInSite(<PlaceSearch id="placeId" label="Find your pharmacy" market="uk" error="Required" chosen={{ name: 'Boots', address: '1 Bold Street' }} onSelect={() => {}} map={MAP} />);
    const box = screen.getByRole('combobox', { name: 'Find your pharmacy' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Error: Required Chosen: Boots, 1 Bold Street');
  });
});
