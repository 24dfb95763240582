import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderInSite } from '../test/render.tsx';
import { MapView } from './map-view.tsx';

vi.mock('./leaflet-map.tsx', () => {
  throw new Error('chunk failed to load');
});

afterEach(cleanup);

describe('MapView', () => {
  it("says 'Error loading maps' when Leaflet cannot load", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderInSite(<MapView country="uk" tilesUrl="" attribution="" label="Map of your pharmacy" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading maps');
  });
});
