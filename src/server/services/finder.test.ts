// The finder's geometry: the box inside the circle, whose rows the count takes without a distance.
import { describe, expect, it } from 'vitest';
import { greatCircleKm } from '../test/listings.ts';
import { boundingBox, innerBox } from './finder.ts';

describe('innerBox', () => {
  it('holds only points within the radius, corners included, and most of the circle', () => {
    for (const [lat, lng] of [
      [51.5, -0.1],
      [38, 15.6],
      [54.9, 8.4],
      [0.01, 10],
      [-45, 170],
    ] as const) {
      for (const radiusKm of [1, 25, 100]) {
        const inner = innerBox(lat, lng, radiusKm);
        const outer = boundingBox(lat, lng, radiusKm);
        for (const [pLat, pLng] of [
          [inner.latMin, inner.lngMin],
          [inner.latMin, inner.lngMax],
          [inner.latMax, inner.lngMin],
          [inner.latMax, inner.lngMax],
        ]) {
          expect(greatCircleKm(lat, lng, pLat!, pLng!), `${lat},${lng} r=${radiusKm}`).toBeLessThanOrEqual(radiusKm);
        }
        // The inscribed square covers 2/π of the circle; this one is close to it.
        const share = ((inner.latMax - inner.latMin) * (inner.lngMax - inner.lngMin)) / ((outer.latMax - outer.latMin) * (outer.lngMax - outer.lngMin));
        expect(share).toBeGreaterThan(0.49);
        expect(share).toBeLessThanOrEqual(0.5);
      }
    }
  });
});
