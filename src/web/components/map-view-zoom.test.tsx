// The real Leaflet (no fake): its zoom buttons speak the page's language.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderInSite } from '../test/render.tsx';
import { MapView } from './map-view.tsx';

afterEach(cleanup);

describe('MapView zoom buttons', () => {
  it.each([
    ['uk', 'en', 'Zoom in', 'Zoom out'],
    ['it', 'it', 'Ingrandisci', 'Riduci'],
    ['de', 'de', 'Vergrößern', 'Verkleinern'],
  ] as const)('are named in the page language (%s, %s)', async (country, language, zoomIn, zoomOut) => {
    await renderInSite(<MapView country={country} tilesUrl="" attribution="" label="Map" />, { country, language });
    const zoomInButton = await screen.findByRole('button', { name: zoomIn });
    expect(zoomInButton).toHaveAttribute('title', zoomIn);
    expect(screen.getByRole('button', { name: zoomOut })).toHaveAttribute('title', zoomOut);
  });
});
