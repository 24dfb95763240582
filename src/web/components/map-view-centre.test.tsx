import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderInSite } from '../test/render.tsx';
import { MapView } from './map-view.tsx';

vi.mock('./leaflet-map.tsx', async () => (await import('../test/fakes.tsx')).fakeLeafletModule);

afterEach(cleanup);

describe('MapView', () => {
  it('centres on Liverpool in the UK without a marker', async () => {
    await renderInSite(<MapView country="uk" tilesUrl="" attribution="" label="Map of your pharmacy" />);
    const map = await screen.findByRole('region', { name: 'Map of your pharmacy' });
    expect(map).toHaveAttribute('data-centre', '53.4084,-2.9916');
    expect(map).toHaveTextContent('no marker');
  });

  it('centres on the marker', async () => {
    await renderInSite(<MapView country="uk" marker={{ lat: 53.4, lng: -2.98 }} tilesUrl="" attribution="" label="Map" />);
    const map = await screen.findByRole('region', { name: 'Map' });
    expect(map).toHaveAttribute('data-centre', '53.4,-2.98');
    expect(map).toHaveTextContent('marker at 53.4,-2.98');
  });
});
