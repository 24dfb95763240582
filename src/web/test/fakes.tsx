// Fakes for the lazy chunks in jsdom tests: vi.mock('./altcha-widget.tsx', () => fakeAltchaModule),
// vi.mock('./leaflet-map.tsx', () => fakeLeafletModule) and vi.mock('./points-map.tsx', () => fakePointsMapModule).
import type { AltchaWidgetProps } from '../components/altcha-widget.tsx';
import type { LeafletMapProps } from '../components/leaflet-map.tsx';
import type { PointsMapProps } from '../components/points-map.tsx';

function FakeAltchaWidget({ onVerified, onReset, resetSignal }: AltchaWidgetProps) {
  return (
    <div data-testid="altcha" data-reset={resetSignal}>
      <button type="button" onClick={() => onVerified('altcha-payload')}>
        Solve bot check
      </button>
      <button type="button" onClick={() => onReset()}>
        Expire bot check
      </button>
    </div>
  );
}

/** An editable map (onMove) offers a button standing in for a click on the map at 53.5, -2.9. */
function FakeLeafletMap({ label, marker, centre, zoom, onMove, points }: LeafletMapProps) {
  return (
    <div role="region" aria-label={label} data-centre={`${centre.lat},${centre.lng}`} data-zoom={zoom}>
      {marker ? `marker at ${marker.lat},${marker.lng}` : 'no marker'}
      {points?.length ? ` and ${points.map((p) => p.title).join(', ')}` : ''}
      {onMove ? (
        <button type="button" onClick={() => onMove({ lat: 53.5, lng: -2.9 })}>
          Click the map at 53.5,-2.9
        </button>
      ) : null}
    </div>
  );
}

/** The coloured dots as a list of their titles and colours. */
function FakePointsMap({ label, points }: PointsMapProps) {
  return (
    <div role="region" aria-label={label}>
      <ul>
        {points.map((p) => (
          <li key={p.id} data-colour={p.colour}>
            {p.title}
          </li>
        ))}
      </ul>
    </div>
  );
}

export const fakeAltchaModule = { default: FakeAltchaWidget };
export const fakePointsMapModule = { default: FakePointsMap };
export const fakeLeafletModule = { default: FakeLeafletMap };
